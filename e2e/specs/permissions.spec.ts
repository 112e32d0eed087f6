import { createRole, createUser, setRoleGrants, uniqueName, type Grant } from '../support/api';
import { USER_PASSWORD } from '../support/constants';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Permissions decide the sidebar and the guards (SPEC §6, issue 3). Each test makes its own role
 * and user through the API as the administrator and signs that user in.
 */

test('removing a role permission hides the sidebar group for its user after a reload', async ({ page, context, sessions }) => {
  const admin = await sessions.admin();
  const grants: Grant[] = [
    { module: 'works', view: true },
    { module: 'config_units', view: true },
    { module: 'history', view: true },
  ];
  const role = await createRole(sessions.request, admin, uniqueName('E2E Compras'), grants);
  const username = await createUser(sessions.request, admin, role);
  await seedSession(context, await sessions.login(username, USER_PASSWORD));

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('button', { name: 'Configuración' })).toBeVisible();
  await nav.getByRole('button', { name: 'Configuración' }).click();
  // Only the allowed child shows in the group.
  await expect(nav.getByRole('link', { name: 'Unidades' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Empresas' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Pedidos' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Altas y Bajas' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

  await setRoleGrants(sessions.request, admin, role, grants.filter((g) => g.module !== 'config_units'));
  await page.reload();

  await expect(headerTitle(page)).toHaveText('Inicio');
  await expect(nav.getByRole('button', { name: 'Pedidos' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Obras' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Configuración' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Unidades' })).toHaveCount(0);

  // The guard agrees with the sidebar: the catalogue is no longer reachable.
  await page.goto('/catalogos/unidades');
  await expect(page).toHaveURL('/');
});

test('a user without config_companies is sent from /catalogos/empresas to /', async ({ page, context, sessions }) => {
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Almacén'), [{ module: 'config_units', view: true, create: true }]);
  const username = await createUser(sessions.request, admin, role);
  await seedSession(context, await sessions.login(username, USER_PASSWORD));

  await page.goto('/catalogos/empresas');
  await expect(page).toHaveURL('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
  await expect(page).toHaveTitle('GOC | Inicio');

  // The module it does have opens.
  await page.goto('/catalogos/unidades');
  await expect(headerTitle(page)).toHaveText('Unidades');
  await expect(page.getByRole('cell', { name: 'Kilogramo', exact: true })).toBeVisible();
  // Create, but neither edit nor delete: only the allowed action buttons are offered.
  await expect(page.getByRole('button', { name: 'Nuevo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
});
