import type { Page, Request } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, API, STORAGE } from '../support/constants';
import { expiredCopyOf } from '../support/tokens';
import { browserStorage, expect, headerTitle, seedSession, test } from '../support/test';

// SPEC §4 / §8: what a 401 does with and without keep_session. Each test has a login of its own,
// because these flows rotate or end it.

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
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  await seedSession(context, session);
  await page.goto('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
  const refreshes = recordRefreshes(page);

  // The stored token is tampered with (its signature no longer matches), and the tab holds session data.
  await page.evaluate((key) => {
    localStorage.setItem(key, `${localStorage.getItem(key) ?? ''}x`);
    sessionStorage.setItem('goc.sidebar.groups', JSON.stringify({ pedidos: true }));
  }, STORAGE.token);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Proyectos' }).click();

  await expectWipedAtLogin(page);
  expect(refreshes).toHaveLength(0);
});

test('with keep_session an expired token is refreshed once and the page keeps working', async ({ page, context, sessions }) => {
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  const expired = expiredCopyOf(session.token);
  await seedSession(context, { ...session, token: expired }, { keepSession: true });
  const refreshes = recordRefreshes(page);

  await page.goto('/catalogos/unidades');
  await expect(headerTitle(page)).toHaveText('Unidades');
  await expect(page.getByRole('cell', { name: 'Kilogramo', exact: true })).toBeVisible();

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

  // Later calls carry the new token and need no other refresh.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Empresas' }).click();
  await expect(headerTitle(page)).toHaveText('Empresas');
  await expect(page.getByRole('cell', { name: 'Grupo Orozco Constructora, S.A. de C.V.' })).toBeVisible();
  expect(refreshes).toHaveLength(1);
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
