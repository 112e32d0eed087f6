import { usersNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(usersNavigation, { users: () => import('./users-page') });
