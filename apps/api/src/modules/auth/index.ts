import { defineModule } from '../../lib/modules';
import mfaRoutes from './mfa-routes';
import authRoutes from './routes';

/** Sign-in, refresh, sign-out and the signed-in user (SPEC §7); two-factor verification and re-authentication. */
export default defineModule({
  name: 'auth',
  routes: async (app) => {
    await app.register(authRoutes);
    await app.register(mfaRoutes);
  },
});
