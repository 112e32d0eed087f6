import type { LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { API, USER_PASSWORD } from '../support/constants';
import { DEVICES, shot } from '../support/shots';
import { expect, seedSession, test } from '../support/test';

/*
 * Mis Proyectos (issue 10): a resident — a role with projects and my_orders, made through the API —
 * sees the projects they manage or belong to and nothing else; an administrator sees every project.
 */

type Options = { items: { value: number }[] };
type Saved = { id: number; code: string; name: string };

async function project(request: Parameters<typeof apiCall>[0], admin: LoginResponse, body: Record<string, unknown>): Promise<Saved> {
  const works = await apiCall<Options>(request, admin, 'GET', '/works/options?limit=2');
  const code = uniqueName('PRY').replace(/\s/g, '-').slice(0, 40);
  return apiCall<Saved>(request, admin, 'POST', '/projects', { code, workId: works.items[0]!.value, budget: 250000, progress: 35, status: 'activo', ...body });
}

test('a resident sees only their projects', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Residente de obra'), [
    { module: 'projects', view: true },
    { module: 'my_orders', view: true, create: true, edit: true },
  ]);
  const resident = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);
  const managed = await project(sessions.request, admin, { name: 'Cimentación del residente', managerId: resident.user.id });
  const member = await project(sessions.request, admin, { name: 'Estructura con el residente', managerId: admin.user.id, memberIds: [resident.user.id] });
  const foreign = await project(sessions.request, admin, { name: 'Proyecto ajeno', managerId: admin.user.id });

  await seedSession(context, resident);
  await page.goto('/mis-proyectos');
  await expect(page.getByRole('button', { name: `${managed.code} · ${managed.name}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `${member.code} · ${member.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `${foreign.code} · ${foreign.name}` })).toHaveCount(0);
  // No "Todos" and no "Nuevo proyecto" without projects edit / create.
  await expect(page.getByRole('button', { name: 'Todos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nuevo proyecto' })).toHaveCount(0);
  // The address of a project outside the scope answers as if it did not exist.
  const read = await sessions.request.get(`${API}/projects/${foreign.id}`, { headers: { Authorization: `Bearer ${resident.token}` } });
  expect(read.status()).toBe(404);

  await page.getByRole('button', { name: `${managed.code} · ${managed.name}` }).click();
  const detail = page.getByRole('dialog', { name: `${managed.code} · ${managed.name}` });
  await expect(detail.getByRole('tab')).toHaveText(['Resumen', 'Miembros', 'Pedidos', 'Documentos']);
});

for (const device of DEVICES) {
  test.describe(`Mis Proyectos on a ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);

    test('cards, list and form', async ({ page, context, sessions }) => {
      test.setTimeout(90_000);
      const admin = await sessions.admin();
      await project(sessions.request, admin, { name: 'Losa de azotea', managerId: admin.user.id });
      await seedSession(context, admin);
      await page.goto('/mis-proyectos');
      await expect(page.getByRole('button', { name: /Losa de azotea/ }).first()).toBeVisible({ timeout: 30_000 });
      await shot(page, `projects-cards-${device.name}`);
      await page.getByRole('button', { name: 'Todos' }).click();
      await page.getByRole('button', { name: 'Lista' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await shot(page, `projects-list-${device.name}`);
      await page.getByRole('button', { name: 'Tarjetas' }).click();
      await page.getByRole('button', { name: /Losa de azotea/ }).first().click();
      await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
      await shot(page, `projects-detail-${device.name}`);
      await page.getByRole('button', { name: 'Editar' }).click();
      await expect(page.getByRole('dialog', { name: 'Editar proyecto' })).toBeVisible();
      await shot(page, `projects-form-${device.name}`);
    });
  });
}
