import { isOidcRefusal, loginOutcomeSchema, OIDC_REFUSAL_MESSAGES, type LoginOutcome } from '@goc/contracts';
import { api } from '../../lib/api/client';

/** POST /auth/oidc/exchange: the single-use code of the callback → the SPEC's login answer, or the second step. */
export async function exchangeOidcCode(code: string): Promise<LoginOutcome> {
  const response = await api.post('/auth/oidc/exchange', { code }, { skipAuthRefresh: true });
  return loginOutcomeSchema.parse(response.data);
}

export { loginErrorMessage } from './login-errors';

/** The login page's message for the key the callback sent (#oidcError=…). */
export function oidcRefusalMessage(key: string): string {
  return isOidcRefusal(key) ? OIDC_REFUSAL_MESSAGES[key] : OIDC_REFUSAL_MESSAGES.failed;
}
