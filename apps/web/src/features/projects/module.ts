import { projectsNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(projectsNavigation, { myProjects: () => import('./my-projects-page') }, { dashboard: () => import('./dashboard-cards') });
