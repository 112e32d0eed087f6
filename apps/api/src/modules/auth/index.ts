import { defineModule } from '../../lib/modules';
import authRoutes from './routes';

/** Sign-in, refresh, sign-out and the signed-in user (SPEC §7). */
export default defineModule({ name: 'auth', routes: authRoutes });
