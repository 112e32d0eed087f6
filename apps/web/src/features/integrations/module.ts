import { integrationsNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(integrationsNavigation, { integrations: () => import('./integrations-page') });
