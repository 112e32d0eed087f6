import type { Page } from '@playwright/test';
import type { LoginResponse } from '@goc/contracts';
import { createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { expect, headerTitle, submitLogin, test } from '../support/test';

/*
 * «Mi cuenta → Sesiones» (docs/security.md): the same person signed in on two devices ends the other
 * one after typing the password again; that device is sent to the login on its next request.
 */

/** Safari on an iPhone: the other device, told apart on the sessions page by its user agent. */
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('ends the session of another device from the sessions page; that device goes back to the login', async ({ page, browser, sessions }) => {
  test.slow();
  const admin: LoginResponse = await sessions.admin();
  const username = await createUser(sessions.request, admin, await createRole(sessions.request, admin, uniqueName('E2E Sesiones'), [{ module: 'works', view: true }]));

  const signIn = async (on: Page) => {
    await submitLogin(on, sessions, username, '/login');
    // A password hash and the shell's first load, on a busy machine.
    await expect(headerTitle(on)).toHaveText('Inicio', { timeout: 20_000 });
  };

  const phone = await browser.newContext({ baseURL: BASE_URL, userAgent: IPHONE_UA, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  try {
    const other = await phone.newPage();
    await signIn(other);
    await signIn(page);

    await page.goto('/mi-cuenta/sesiones');
    await expect(page.getByText('Esta sesión')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar la sesión de Safari en iPhone' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirma tu contraseña' });
    await confirm.getByRole('textbox', { name: 'Contraseña' }).fill(USER_PASSWORD);
    await confirm.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Cerrar la sesión de Safari en iPhone' })).toHaveCount(0);
    // This device stays signed in.
    await page.reload();
    await expect(page.getByText('Esta sesión')).toBeVisible();

    // The phone's next request is refused, its refresh too: back to the login.
    await other.goto('/');
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  } finally {
    await phone.close();
  }
});
