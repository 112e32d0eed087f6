import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@goc/contracts';
import { api } from '../../lib/api/client';

/** POST /auth/login. Its 401 is "wrong credentials", not an expired session: no refresh, no logout. */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const response = await api.post('/auth/login', credentials, { skipAuthRefresh: true });
  return loginResponseSchema.parse(response.data);
}
