import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { USER_PASSWORD } from '../support/constants';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Altas y bajas for restricted users (issue 9): each registry page opens by its own module, shows
 * only the buttons its flags allow, and the others send the user to Inicio.
 */

type Cuts = { items: { id: number; label: string; status: string }[] };

test('a works clerk captures at works only: Obras opens with "Nuevo movimiento", Oficinas and the cuts do not', async ({ page, context, sessions }) => {
  test.setTimeout(90_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Capturista de obra'), [{ module: 'registry_works', view: true, create: true }]);
  await seedSession(context, await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD));

  await page.goto('/registro/obras');
  await expect(headerTitle(page)).toHaveText('Obras', { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Nuevo movimiento' })).toBeVisible({ timeout: 30_000 });

  for (const path of ['/registro/oficina', '/registro/oficina/create', '/registro/historico']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(headerTitle(page)).toHaveText('Inicio');
  }
});

test('a history reader opens a cut without "Cerrar corte" and cannot capture movements', async ({ page, context, sessions }) => {
  test.setTimeout(90_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Consulta de cortes'), [{ module: 'registry_history', view: true }]);
  await seedSession(context, await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD));
  // The demo data leaves weeks of movements: an open cut that is not this week's is among them.
  const { items } = await apiCall<Cuts>(sessions.request, admin, 'GET', '/registry/cuts?pageSize=10');
  const open = items.find((cut) => cut.status === 'abierto');
  expect(open, 'an open cut in the demo data').toBeDefined();

  await page.goto(`/registro/historico/${open!.id}`);
  await expect(headerTitle(page)).toHaveText('Detalle de Corte Semanal');
  await expect(page.getByRole('heading', { name: open!.label })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Exportar a Excel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar corte' })).toHaveCount(0);

  await page.goto('/registro/obras');
  await expect(page).toHaveURL('/');
});
