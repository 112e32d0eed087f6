import { ADMIN_PASSWORD, ADMIN_USERNAME, STORAGE } from '../support/constants';
import { browserStorage, expect, headerTitle, test } from '../support/test';

// The login page itself is under test here: these tests sign in through the form.

test('an empty form is refused in Spanish without calling the API', async ({ page }) => {
  const logins: string[] = [];
  page.on('request', (r) => r.url().endsWith('/auth/login') && logins.push(r.url()));
  await page.goto('/login');
  await expect(page).toHaveTitle('GOC | Iniciar Sesión');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Ingresa tu usuario')).toBeVisible();
  await expect(page.getByText('Ingresa tu contraseña')).toBeVisible();
  expect(logins).toEqual([]);
});

test('a wrong password shows the Spanish error and stores nothing', async ({ page, sessions }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(ADMIN_USERNAME);
  await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-contraseña');
  await sessions.bookLoginAttempt();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(page).toHaveURL('/login');
  expect((await browserStorage(page)).local[STORAGE.token]).toBeUndefined();
});

test('admin signs in and lands on / with the tab title GOC | Inicio', async ({ page, sessions }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(ADMIN_USERNAME);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await sessions.bookLoginAttempt();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('GOC | Inicio');
  await expect(headerTitle(page)).toHaveText('Inicio');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' })).toContainText('Administrador');
  const { local } = await browserStorage(page);
  expect(local[STORAGE.token]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(local[STORAGE.refreshToken]).toBeTruthy();
  expect(JSON.parse(local[STORAGE.user] ?? 'null')).toMatchObject({ username: ADMIN_USERNAME, role: { name: 'Administrador' } });
  // Without "Mantener sesión iniciada" nothing says to keep the session.
  expect(local[STORAGE.keepSession]).toBeUndefined();
});

test('"Mantener sesión iniciada" stores keep_session = true', async ({ page, sessions }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(ADMIN_USERNAME);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByText('Mantener sesión iniciada').click();
  await expect(page.getByRole('checkbox', { name: 'Mantener sesión iniciada' })).toBeChecked();
  await sessions.bookLoginAttempt();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/');
  expect((await browserStorage(page)).local[STORAGE.keepSession]).toBe('true');
});
