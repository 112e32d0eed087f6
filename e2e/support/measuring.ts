import { ADMIN_PASSWORD, ADMIN_USERNAME, STORAGE } from './constants';

/**
 * The administrator signed in through the API of the app at `baseUrl`, as the sign-in page leaves the
 * session in localStorage (key → value), for the tools that measure the app signed in.
 */
export async function adminStorage(baseUrl: string): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing in as ${ADMIN_USERNAME} answered ${login.status}`);
  const session = (await login.json()) as { token: string; refreshToken: string; user: unknown };
  return { [STORAGE.token]: session.token, [STORAGE.refreshToken]: session.refreshToken, [STORAGE.user]: JSON.stringify(session.user) };
}
