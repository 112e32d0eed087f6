import { Secret, TOTP } from 'otpauth';
import type { LoginResponse } from '@goc/contracts';
import { createRole, createUser, uniqueName } from '../support/api';
import { expect, headerTitle, submitLogin, submitRecoveryCode, test } from '../support/test';

/*
 * Two-factor verification (docs/security.md): a role that requires it sends its user through the
 * enrolment right after the password — QR, secret, first code, recovery codes once — then each
 * sign-in asks for a code, or takes a recovery code once.
 */

/** The code an authenticator shows for `secret`, `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

test('enrolment on a role that requires it, then sign-in with a code and with a recovery code used once', async ({ page, sessions }) => {
  // Four sign-ins through the form, each loading the shell.
  test.slow();
  const admin: LoginResponse = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Dos pasos'), [{ module: 'works', view: true }], { requiresMfa: true });
  const username = await createUser(sessions.request, admin, role);
  const signIn = () => submitLogin(page, sessions, username, '/login');
  const signOut = async () => {
    await page.getByRole('complementary').getByRole('button', { name: 'Salir' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
  };

  let secret = '';
  let recoveryCodes: string[] = [];
  await test.step('enrols right after the password: QR, secret, first code, recovery codes once', async () => {
    await signIn();
    await expect(page.getByText('Tu rol requiere la verificación en dos pasos')).toBeVisible();
    await expect(page.locator('svg').filter({ has: page.locator('title', { hasText: 'Código QR para tu aplicación de autenticación' }) })).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Código de verificación').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Activar' }).click();
    const list = page.getByRole('list', { name: 'Códigos de recuperación' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
    await expect(headerTitle(page)).toHaveText('Inicio');
    await signOut();
  });

  await test.step('signs in with the next code of the app', async () => {
    await signIn();
    // The enrolment used this step's code: the next one (within the accepted drift) is new.
    await page.getByLabel('Código de verificación').fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(headerTitle(page)).toHaveText('Inicio');
    await signOut();
  });

  await test.step('signs in with a recovery code, which serves once', async () => {
    await signIn();
    await submitRecoveryCode(page, recoveryCodes[0] ?? '');
    await expect(headerTitle(page)).toHaveText('Inicio');
    await signOut();

    await signIn();
    await submitRecoveryCode(page, recoveryCodes[0] ?? '');
    await expect(page.getByRole('alert')).toContainText('El código no es correcto o ya se usó');
    await expect(page).toHaveURL(/\/login/);
  });
});
