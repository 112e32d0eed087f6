import { worksNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(worksNavigation, { works: () => import('./works-page') }, { dashboard: () => import('./dashboard-cards') });
