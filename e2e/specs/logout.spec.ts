import { ADMIN_PASSWORD, ADMIN_USERNAME, API, STORAGE } from '../support/constants';
import { browserStorage, expect, headerTitle, seedSession, test } from '../support/test';

// Logging out ends the session on the server: each test signs in on its own.

test('the logout dialog: Cancelar keeps the session, Cerrar sesión ends it and goes to /login', async ({ page, context, sessions }) => {
  const session = await sessions.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  await seedSession(context, session, { keepSession: true });
  await page.goto('/catalogos/unidades');
  await expect(headerTitle(page)).toHaveText('Unidades');

  const dialog = page.getByRole('dialog', { name: 'Confirmar' });
  await page.getByRole('complementary').getByRole('button', { name: 'Salir' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('¿Está seguro que desea cerrar sesión?');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/catalogos/unidades');
  expect((await browserStorage(page)).local[STORAGE.token]).toBe(session.token);

  // The header's user menu offers the same Salir.
  const logoutCalls: { refreshToken?: string }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url() === `${API}/auth/logout`) logoutCalls.push(r.postDataJSON() as { refreshToken?: string });
  });
  await page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page).toHaveTitle('GOC | Iniciar Sesión');
  const { local } = await browserStorage(page);
  for (const key of [STORAGE.token, STORAGE.refreshToken, STORAGE.user, STORAGE.keepSession]) expect(local[key], key).toBeUndefined();
  expect(logoutCalls).toEqual([{ refreshToken: session.refreshToken }]);

  // The server ended the login: its refresh token no longer works.
  const refresh = await sessions.request.post(`${API}/auth/refresh`, {
    data: { refreshToken: session.refreshToken },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(refresh.status()).toBe(401);

  // And the shell is closed to this browser.
  await page.goto('/catalogos/unidades');
  await expect(page).toHaveURL('/login');
});
