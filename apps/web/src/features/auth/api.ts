import { loginOutcomeSchema, type LoginOutcome, type LoginRequest } from '@goc/contracts';
import { api } from '../../lib/api/client';

/**
 * POST /auth/login: the session, or the second factor's step (docs/security.md). Its 401 is "wrong
 * credentials", not an expired session: no refresh, no logout.
 */
export async function login(credentials: LoginRequest): Promise<LoginOutcome> {
  const response = await api.post('/auth/login', credentials, { skipAuthRefresh: true });
  return loginOutcomeSchema.parse(response.data);
}
