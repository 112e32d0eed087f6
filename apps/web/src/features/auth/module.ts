import { authNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(authNavigation, { login: () => import('./login-page'), sessions: () => import('./sessions-page') });
