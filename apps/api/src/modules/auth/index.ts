import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema, sessionUserSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import mfaRoutes from './mfa-routes';
import authRoutes from './routes';
import oidcRoutes from './oidc-routes';
import sessionsRoutes from './sessions-routes';
import { authConfig } from './settings';

/**
 * Sign-in (password or the company's account), refresh, sign-out, the signed-in user (SPEC §7),
 * two-factor verification, re-authentication and the user's sessions.
 */
export default defineModule({
  name: 'auth',
  config: authConfig,
  schemas: {
    LoginRequest: loginRequestSchema,
    LoginResponse: loginResponseSchema,
    RefreshRequest: refreshRequestSchema,
    RefreshResponse: refreshResponseSchema,
    SessionUser: sessionUserSchema,
  },
  async routes(app: FastifyInstance) {
    await app.register(authRoutes);
    await app.register(mfaRoutes);
    await app.register(sessionsRoutes);
    await app.register(oidcRoutes);
  },
});
