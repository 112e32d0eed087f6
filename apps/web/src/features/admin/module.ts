import { adminNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(adminNavigation, { backups: () => import('./backups-page'), jobs: () => import('./jobs-page') });
