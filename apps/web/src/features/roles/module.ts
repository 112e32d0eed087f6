import { rolesNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(rolesNavigation, { permissions: () => import('./roles-page') });
