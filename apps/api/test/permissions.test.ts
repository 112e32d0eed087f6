import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MODULES, permissionListSchema } from '@goc/contracts';
import { permissionModules, rolePermissions } from '../src/db/schema';
import { requirePermission } from '../src/plugins/access';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from './helpers/app';
import { statementsOf } from './helpers/statements';
import { changedOutsideTheApi, until } from './helpers/until';

/** Test-only routes guarded the three ways a module declares access. */
function guardedRoutes(app: FastifyInstance): void {
  app.register(
    async (scope) => {
      scope.get('/units-view', { config: { permission: { module: 'config_units', action: 'view' } } }, async () => ({ ok: true }));
      scope.post('/units-create', { config: { permission: { module: 'config_units', action: 'create' } } }, async () => ({ ok: true }));
      scope.get(
        '/units-or-materials',
        {
          config: {
            permission: [
              { module: 'config_units', action: 'view' },
              { module: 'config_materials', action: 'view' },
            ],
          },
        },
        async () => ({ ok: true }),
      );
      // requirePermission used directly as a hook, on top of a signed-in-only route.
      scope.delete('/units-delete', { config: { authenticated: true }, preHandler: requirePermission('config_units', 'delete') }, async () => ({ ok: true }));
    },
    { prefix: '/api/v2/test' },
  );
}

let t: TestApp;
beforeAll(async () => {
  // No event delivery: its rounds (after each write, every 3 s) would run statements among the counted ones.
  t = await createTestApp({ prepare: guardedRoutes, build: { events: { dispatch: false } } });
});
afterAll(async () => t?.close());

const get = (url: string, token: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: bearer(token) });

async function setFlags(roleId: number, module: string, flags: Partial<Record<'canView' | 'canCreate' | 'canEdit' | 'canDelete', boolean>>) {
  const [m] = await t.db.select({ id: permissionModules.id }).from(permissionModules).where(eq(permissionModules.name, module));
  await changedOutsideTheApi(t.app, () =>
    t.db
      .update(rolePermissions)
      .set(flags)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.moduleId, m!.id))),
  );
}

describe('GET /api/v2/permissions', () => {
  it('lists all 25 modules in MODULES order with every flag for Administrador', async () => {
    const session = await login(t.app);
    const res = await get('/permissions', session.token);
    expect(res.statusCode).toBe(200);
    const list = permissionListSchema.parse(res.json());
    expect(list).toHaveLength(25);
    expect(list.map((p) => p.module.name)).toEqual(MODULES.map((m) => m.name));
    expect(list.every((p) => p.view && p.create && p.edit && p.delete)).toBe(true);
    expect(Object.keys(list[0]!).sort()).toEqual(['create', 'delete', 'edit', 'module', 'view']);
  });

  it("returns a partial role's own flags and false for modules it has no row for", async () => {
    const roleId = await createRole(t.db, 'Lectura de unidades', { config_units: ['view'], config_materials: ['view', 'edit'] });
    const user = await createUser(t.app, { roleId });
    const session = await login(t.app, user.username, user.password);
    const list = permissionListSchema.parse((await get('/permissions', session.token)).json());
    expect(list).toHaveLength(25);
    expect(list.find((p) => p.module.name === 'config_units')).toEqual({ module: { name: 'config_units' }, view: true, create: false, edit: false, delete: false });
    expect(list.find((p) => p.module.name === 'config_materials')).toEqual({ module: { name: 'config_materials' }, view: true, create: false, edit: true, delete: false });
    expect(list.filter((p) => p.view || p.create || p.edit || p.delete)).toHaveLength(2);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/permissions' })).statusCode).toBe(401);
  });
});

describe('requirePermission', () => {
  it('refuses with 403 and the Spanish message without the flag, allows with it', async () => {
    const roleId = await createRole(t.db, 'Solo ver unidades', { config_units: ['view'] });
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    expect((await get('/test/units-view', token)).statusCode).toBe(200);
    const denied = await get('/test/units-create', token, 'POST');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: MESSAGES.forbidden });
    expect((await get('/test/units-delete', token, 'DELETE')).statusCode).toBe(403);
  });

  it('treats any flag as "view" (SPEC §6)', async () => {
    const roleId = await createRole(t.db, 'Solo editar unidades', { config_units: ['edit'] });
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    expect((await get('/test/units-view', token)).statusCode).toBe(200);
    expect((await get('/test/units-create', token, 'POST')).statusCode).toBe(403);
  });

  it('accepts any one of several requirements', async () => {
    const roleId = await createRole(t.db, 'Solo materiales', { config_materials: ['view'] });
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    expect((await get('/test/units-view', token)).statusCode).toBe(403);
    expect((await get('/test/units-or-materials', token)).statusCode).toBe(200);
  });

  it('applies a permission change on the very next request', async () => {
    const roleId = await createRole(t.db, 'Cambiante', { config_units: ['view'] });
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    expect((await get('/test/units-create', token, 'POST')).statusCode).toBe(403);

    await setFlags(roleId, 'config_units', { canCreate: true, canDelete: true });
    expect((await get('/test/units-create', token, 'POST')).statusCode).toBe(200);
    expect((await get('/test/units-delete', token, 'DELETE')).statusCode).toBe(200);
    expect(permissionListSchema.parse((await get('/permissions', token)).json()).find((p) => p.module.name === 'config_units')?.create).toBe(true);

    await setFlags(roleId, 'config_units', { canView: false, canCreate: false, canDelete: false });
    expect((await get('/test/units-view', token)).statusCode).toBe(403);
  });

  it('checks access from memory once the session and the role are known; a change made by another API process applies on the next request', async () => {
    const roleId = await createRole(t.db, 'Compartido', { config_units: ['view'] });
    const user = await createUser(t.app, { roleId });
    const { token } = await login(t.app, user.username, user.password);
    expect((await get('/test/units-view', token)).statusCode).toBe(200);

    await until(() => t.app.accessCache.listening);
    const statements = await statementsOf(t.database, async () => {
      expect((await get('/test/units-view', token)).statusCode).toBe(200);
      expect((await get('/test/units-or-materials', token)).statusCode).toBe(200);
    });
    expect(statements).toHaveLength(0);

    // A second process on the same database (its own cache) changes the matrix through the API.
    const other = await t.variant({});
    const admin = bearer((await login(other)).token);
    const role = await other.inject({ method: 'GET', url: `/api/v2/roles/${String(roleId)}`, headers: admin });
    const patched = await other.inject({
      method: 'PATCH',
      url: `/api/v2/roles/${String(roleId)}`,
      headers: admin,
      payload: { permissions: [{ module: 'config_materials', view: true }], version: role.json().version },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get('/test/units-view', token)).statusCode).toBe(403);
    expect((await get('/test/units-or-materials', token)).statusCode).toBe(200);
  });

  it('checks authentication before permission: no token is 401, not 403', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/test/units-create' })).statusCode).toBe(401);
  });
});
