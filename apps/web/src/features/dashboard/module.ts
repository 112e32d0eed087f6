import { dashboardNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(dashboardNavigation, { home: () => import('./dashboard-page') });
