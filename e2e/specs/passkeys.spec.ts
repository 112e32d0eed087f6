import type { Page } from '@playwright/test';
import type { LoginResponse } from '@goc/contracts';
import { createRole, createUser, uniqueName } from '../support/api';
import { E2E_PORT } from '../support/constants';
import { expect, headerTitle, submitLogin, submitRecoveryCode, test } from '../support/test';

/*
 * Passkeys (docs/security.md «Llaves de acceso») in Chromium with a virtual authenticator (CDP
 * WebAuthn domain): registered from «Verificación en dos pasos», then used as the second step of the
 * next sign-in; and the enrolment a role requires done with a passkey, whose recovery codes then open
 * a session without it. WebAuthn binds a passkey to a host name, so the spec opens the app as localhost
 * (GOC_PUBLIC_URL of the e2e server) rather than 127.0.0.1.
 */

const SITE = `http://localhost:${E2E_PORT}`;
const WORKS_VIEW = [{ module: 'works', view: true }] as const;

/** Chromium's virtual authenticator on the page (CDP WebAuthn): a platform key that always says yes. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test('registers a passkey from «Mi cuenta», signs out, and signs in with it as the second step', async ({ page, sessions }) => {
  test.slow();
  const admin: LoginResponse = await sessions.admin();
  const username = await createUser(sessions.request, admin, await createRole(sessions.request, admin, uniqueName('E2E Llaves'), WORKS_VIEW));
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const signIn = () => submitLogin(page, sessions, username, `${SITE}/login`);

  await test.step('registers a passkey under a name', async () => {
    await signIn();
    await expect(headerTitle(page)).toHaveText('Inicio');
    await page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Verificación en dos pasos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificación en dos pasos' });
    await dialog.getByLabel('Nombre de la llave').fill('Laptop de pruebas');
    await dialog.getByRole('button', { name: 'Agregar llave de acceso' }).click();
    // The first second factor brings the recovery codes, shown once.
    await expect(dialog.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe('localhost');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('the password alone no longer opens a session: the passkey completes the sign-in', async () => {
    await signIn();
    await expect(page.getByLabel('Código de verificación')).toHaveCount(0);
    await page.getByRole('button', { name: 'Usar llave de acceso' }).click();
    await expect(headerTitle(page)).toHaveText('Inicio');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials[0]?.signCount).toBeGreaterThan(0);
  });
});

test('enrols with a passkey when the role requires two-factor, and a recovery code replaces the lost key once', async ({ page, sessions }) => {
  test.slow();
  const admin: LoginResponse = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Llave obligatoria'), WORKS_VIEW, { requiresMfa: true });
  const username = await createUser(sessions.request, admin, role);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const signIn = () => submitLogin(page, sessions, username, `${SITE}/login`);
  const signOut = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
  };

  let recoveryCodes: string[] = [];
  await test.step('the enrolment offers a passkey beside the app; registering it shows the codes once and opens the session', async () => {
    await signIn();
    await expect(page.getByText('Tu rol requiere la verificación en dos pasos')).toBeVisible();
    await page.getByLabel('Nombre de la llave').fill('Llave de pruebas');
    await page.getByRole('button', { name: 'Registrar llave de acceso' }).click();
    const list = page.getByRole('list', { name: 'Códigos de recuperación' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => c.rpId)).toEqual(['localhost']);
    await page.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
    await expect(headerTitle(page)).toHaveText('Inicio');
    await signOut();
  });

  await test.step('without the key, a recovery code opens the session once', async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await signIn();
    await submitRecoveryCode(page, recoveryCodes[0] ?? '');
    await expect(headerTitle(page)).toHaveText('Inicio');
    await signOut();
    await signIn();
    await submitRecoveryCode(page, recoveryCodes[0] ?? '');
    await expect(page.getByText('El código no es correcto o ya se usó')).toBeVisible();
  });
});
