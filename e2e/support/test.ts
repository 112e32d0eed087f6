import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { loginResponseSchema, type LoginResponse } from '@goc/contracts';
import { join } from 'node:path';
import { ADMIN_PASSWORD, ADMIN_USERNAME, API, BASE_URL, BROWSER_SESSION_COOKIE, E2E_PORT, E2E_WORKER, LOGIN_RATE_LIMIT, STORAGE, USER_PASSWORD } from './constants';
import { SERVER_START_TIMEOUT_MS, startServer } from './server';

/**
 * Sessions obtained through POST /auth/login, shared by the tests of a worker. The API throttles
 * logins per IP (LOGIN_RATE_LIMIT, raised for the e2e servers) and every test here comes from
 * 127.0.0.1, so each attempt — through the API or the login page — is booked first and waits when
 * the minute's budget is spent.
 */
export interface Sessions {
  /** The administrator's session, signed in once per worker. Tests must not end it (logout, refresh). */
  admin(): Promise<LoginResponse>;
  /** A fresh session of its own (a login family the test may end or rotate). */
  login(username: string, password: string): Promise<LoginResponse>;
  /** Books one login attempt the test makes through the UI. */
  bookLoginAttempt(): Promise<void>;
  /** A request context for API calls of the specs. */
  request: APIRequestContext;
}

/** The longest test (every route, on a slow machine) fits in this much of a token's life. */
const ADMIN_TOKEN_MARGIN_SECONDS = 11 * 60;

/** Seconds until a JWT's expiry, read from its payload (no verification: it is our own server's). */
function secondsLeft(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
  return (payload.exp ?? 0) - Date.now() / 1000;
}

/** A margin under the limit for attempts made by a test that failed before booking them. */
const LOGIN_BUDGET = LOGIN_RATE_LIMIT.max - 2;

export const test = base.extend<object, { server: string; sessions: Sessions }>({
  /**
   * This worker's app: its own process, port (BASE_URL) and embedded database, started before the
   * worker's first test and stopped after its last, so workers run side by side without sharing data
   * or the login throttle. E2E_DATA_DIR keeps each worker's database in a subfolder of its own.
   */
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const kept = process.env.E2E_DATA_DIR;
      const server = await startServer(E2E_PORT, kept ? join(kept, `worker-${E2E_WORKER}`) : undefined);
      await use(server.baseUrl);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_TIMEOUT_MS + 30_000 },
  ],
  sessions: [
    async ({ playwright, server }, use) => {
      const request = await playwright.request.newContext({ baseURL: server });
      const attempts: number[] = [];
      const bookLoginAttempt = async () => {
        for (;;) {
          const now = Date.now();
          while (attempts.length > 0 && (attempts[0] ?? 0) <= now - LOGIN_RATE_LIMIT.windowMs) attempts.shift();
          if (attempts.length < LOGIN_BUDGET) break;
          // Waiting for the throttle window, not for the app: the budget frees up when the oldest attempt ages out.
          await new Promise((resolve) => setTimeout(resolve, (attempts[0] ?? now) + LOGIN_RATE_LIMIT.windowMs - now + 50));
        }
        attempts.push(Date.now());
      };
      const login = async (username: string, password: string) => {
        await bookLoginAttempt();
        const response = await request.post(`${API}/auth/login`, { data: { username, password } });
        expect(response.status(), `login of ${username}: ${await response.text()}`).toBe(200);
        return loginResponseSchema.parse(await response.json());
      };
      let admin: Promise<LoginResponse> | null = null;
      await use({
        admin: async () => {
          // The access token lives 15 minutes and the suite runs longer on a busy machine: a test gets
          // a token with room for its whole run, or the shell would send it to /login midway.
          if (admin && secondsLeft((await admin).token) < ADMIN_TOKEN_MARGIN_SECONDS) admin = null;
          return (admin ??= login(ADMIN_USERNAME, ADMIN_PASSWORD));
        },
        login,
        bookLoginAttempt,
        request,
      });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/**
 * Puts a session into the browser's localStorage the way the login page leaves it (SPEC §3), before
 * any page loads. keep_session is only written when asked, as the login page does.
 */
export async function seedSession(context: BrowserContext, session: LoginResponse, options: { keepSession?: boolean } = {}): Promise<void> {
  const localStorage = [
    { name: STORAGE.token, value: session.token },
    { name: STORAGE.refreshToken, value: session.refreshToken },
    { name: STORAGE.user, value: JSON.stringify(session.user) },
    ...(options.keepSession ? [{ name: STORAGE.keepSession, value: 'true' }] : []),
  ];
  // The login page also marks the browser session (a cookie without expiry): without it the SPA
  // takes a session without keep_session for one left by a closed browser and ends it.
  const mark = { name: BROWSER_SESSION_COOKIE, value: '1', domain: new URL(BASE_URL).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Strict' as const };
  await context.setStorageState({ cookies: [mark], origins: [{ origin: BASE_URL, localStorage }] });
}

/** Everything the page keeps in localStorage and sessionStorage. */
export async function browserStorage(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const dump = (storage: Storage) => Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map((k) => [k, storage.getItem(k) ?? '']));
    return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
}

/** The page title in the shell's header (SPEC §1). */
export function headerTitle(page: Page) {
  return page.getByRole('banner').getByRole('heading', { level: 1 });
}

/**
 * Fills the login form of the page it is on (or of `loginUrl`, opened first) with a user of the
 * specs' password and submits it, booking the attempt with the login throttle.
 */
export async function submitLogin(page: Page, sessions: Sessions, username: string, loginUrl?: string): Promise<void> {
  if (loginUrl) await page.goto(loginUrl);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(USER_PASSWORD);
  await sessions.bookLoginAttempt();
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** The second step with a recovery code instead of the app or the key («Usar un código de recuperación»). */
export async function submitRecoveryCode(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByLabel('Código de recuperación').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
}
