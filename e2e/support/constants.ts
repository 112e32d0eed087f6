import { existsSync } from 'node:fs';

/**
 * Shared by the worker fixture (which starts the server) and the specs (which talk to it). Each
 * Playwright worker is a process of its own, numbered from 0 in TEST_PARALLEL_INDEX, and drives its
 * own server on E2E_PORT + that number; so the constants below are this worker's.
 */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_PORT = E2E_FIRST_PORT + E2E_WORKER;
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const API = `${BASE_URL}/api/v2`;

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'E2e-Admin-Goc-2026!';
/** The server signs access tokens with this key, so a test can mint an expired but genuine one. */
export const JWT_SECRET = 'e2e-only-signing-key-0123456789-abcdefghijklmnop';
/** Issuer and audience the API checks (apps/api DEFAULT_AUTH_SETTINGS). */
export const JWT_ISSUER = 'goc-api';
export const JWT_AUDIENCE = 'goc-web';

/** Password of the users the specs create (ASVS: long, not a common password). */
export const USER_PASSWORD = 'E2e-Usuario-Prueba-2026!';

/** localStorage keys of SPEC §3, spelled as the SPEC spells them. */
export const STORAGE = {
  token: 'token',
  refreshToken: 'refresh_token',
  user: 'user',
  permissions: 'permissions',
  keepSession: 'keep_session',
} as const;

/** The cookie marking the browser session a session without keep_session began in (apps/web lib/session/browser-session). */
export const BROWSER_SESSION_COOKIE = 'goc_browser_session';

/**
 * The per-IP login throttle of the e2e servers: GOC_LOGIN_RATE_LIMIT raises the API's 20 a minute
 * (DEFAULT_AUTH_SETTINGS.loginRateLimit), which every test signing in from 127.0.0.1 would otherwise
 * share. The window stays the API's minute.
 */
export const LOGIN_RATE_LIMIT = { max: 1_000, windowMs: 60_000 } as const;

/** Debian's Chromium, or CHROMIUM_PATH: no test or measurement downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
