import { integrationsNavigation } from '@goc/contracts';
import { queryKeys } from '../../lib/api/query-keys';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(integrationsNavigation, { integrations: () => import('./integrations-page') }, { refreshes: { webhook_disabled: [queryKeys.webhooks] } });
