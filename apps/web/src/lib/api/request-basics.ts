/** The API's base (SPEC §7), for the HTTP client and the early requests alike. */
export const API_BASE_URL = '/api/v2';

/** The Authorization header's value for an access token. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}
