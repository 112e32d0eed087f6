import type { Page, Request } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, API, STORAGE } from '../support/constants';
import { pickOption } from '../support/prime';
import { expiredCopyOf } from '../support/tokens';
import { browserStorage, expect, headerTitle, seedSession, test } from '../support/test';

// SPEC §4 / §8: what a 401 does with and without keep_session. The keep_session tests have a login
// of their own, because a refresh rotates it.

/** Every POST /auth/refresh the page sends. */
function recordRefreshes(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${API}/auth/refresh`) calls.push(request);
  });
  return calls;
}

async function expectWipedAtLogin(page: Page) {
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect.poll(async () => browserStorage(page)).toEqual({ local: {}, session: {} });
}

test('without keep_session an invalid token wipes local and session storage and goes to /login', async ({ page, context, sessions }) => {
  // Only the browser's copy of the token is spoiled: the shared session itself stays valid.
  await seedSession(context, await sessions.admin());
  await page.goto('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
  const refreshes = recordRefreshes(page);

  // The stored token is tampered with (its signature no longer matches), and the tab holds session data.
  await page.evaluate((key) => {
    localStorage.setItem(key, `${localStorage.getItem(key) ?? ''}x`);
    sessionStorage.setItem('goc.sidebar.groups', JSON.stringify({ pedidos: true }));
  }, STORAGE.token);
  // The next API call meets the 401 — the page's own on a reload, or the bell's if it comes first.
  await page.reload();

  await expectWipedAtLogin(page);
  expect(refreshes).toHaveLength(0);
});

test('with keep_session an expired token is refreshed once and the page keeps working', async ({ page, context, sessions }) => {
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  const expired = expiredCopyOf(session.token);
  await seedSession(context, { ...session, token: expired }, { keepSession: true });
  const refreshes = recordRefreshes(page);

  await page.goto('/catalogos/obras');
  await expect(headerTitle(page)).toHaveText('Obras');
  await expect(page.getByRole('cell', { name: 'OB-2025-009' })).toBeVisible();

  expect(refreshes).toHaveLength(1);
  const [refresh] = refreshes;
  expect(refresh?.headers()['authorization']).toBe(`Bearer ${expired}`);
  expect(refresh?.postDataJSON()).toEqual({ refreshToken: session.refreshToken });
  expect((await refresh?.response())?.status()).toBe(200);

  // The rotated pair replaced the old one.
  const { local } = await browserStorage(page);
  expect(local[STORAGE.token]).not.toBe(expired);
  expect(local[STORAGE.refreshToken]).not.toBe(session.refreshToken);
  expect(local[STORAGE.keepSession]).toBe('true');
});

test('with keep_session concurrent 401s share one refresh and are all replayed', async ({ page, context, sessions }) => {
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  await seedSession(context, session, { keepSession: true });
  // The bell's own calls would meet the expired token first, at moments of their own: kept away here.
  await page.route(/\/api\/v2\/notifications/, (route) => route.abort());
  await page.goto('/catalogos/obras');
  await expect(page.getByRole('cell', { name: 'OB-2025-009' })).toBeVisible();

  // The access token expires while the page is open.
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [STORAGE.token, expiredCopyOf(session.token)] as const);
  const refreshes = recordRefreshes(page);
  const options: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    if (/\/api\/v2\/[\w-]+\/options(\?|$)/.test(response.url())) options.push({ url: response.url(), status: response.status() });
  });

  // The form's pickers load their options side by side: every one of them meets the expired token.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva obra' });
  await pickOption(page, form.getByRole('textbox', { name: 'Empresa', exact: true }), 'Grupo Orozco Constructora, S.A. de C.V.');

  const unauthorized = options.filter((o) => o.status === 401).map((o) => o.url);
  expect(unauthorized.length).toBeGreaterThanOrEqual(2);
  expect(refreshes).toHaveLength(1);
  // Each refused call was sent again with the new token and answered.
  await expect.poll(() => unauthorized.every((url) => options.some((o) => o.url === url && o.status === 200))).toBe(true);
  await expect(page).toHaveURL('/catalogos/obras');
});

test('with keep_session and a bad refresh token the session ends: storage wiped, /login', async ({ page, context, sessions }) => {
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  const expired = expiredCopyOf(session.token);
  await seedSession(context, { ...session, token: expired, refreshToken: 'no-es-un-token-de-renovacion' }, { keepSession: true });
  const refreshes = recordRefreshes(page);

  await page.goto('/catalogos/unidades');

  await expectWipedAtLogin(page);
  expect(refreshes).toHaveLength(1);
  expect((await refreshes[0]?.response())?.status()).toBe(401);
});
