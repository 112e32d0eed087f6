import { isAxiosError } from 'axios';
import { MESSAGES } from '@goc/contracts';
import { apiErrorBody, CONNECTION_ERROR_MESSAGE, httpStatus, isConnectionError } from '../../lib/api/api-error';
import { browserPasskeyMessage } from '../../lib/api/passkeys';

/**
 * The Spanish message under the login form: the API's own words when it sent some (wrong
 * credentials, locked or throttled account), a connection message when the server is unreachable.
 */
export function loginErrorMessage(error: unknown): string {
  if (isConnectionError(error)) return CONNECTION_ERROR_MESSAGE;
  const message = apiErrorBody(error)?.message;
  if (message) return message;
  const status = httpStatus(error);
  if (status === 401) return MESSAGES.invalidCredentials;
  if (status === 429) return MESSAGES.tooManyAttempts;
  return MESSAGES.internal;
}

/** A passkey step that failed: the API's words, or the browser's refusal (no WebAuthn; cancelled, timed out, no key) in Spanish. */
export function passkeyErrorMessage(error: unknown): string {
  if (isAxiosError(error)) return loginErrorMessage(error);
  return browserPasskeyMessage();
}
