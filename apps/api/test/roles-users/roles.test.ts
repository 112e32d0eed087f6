import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MODULE_NAMES, ROLE_MESSAGES } from '@goc/contracts';
import { roles } from '../../src/db/schema';
import { ALL_GRANTS } from '../../src/db/seed/system';
import { ADMIN_GUARD_MESSAGES } from '../../src/lib/permission-admins';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, type Api, type Row } from '../catalogs/support';

/* Permisos: the permission matrix, its effect on the next request, and the guards around roles. */

let t: TestApp;
let admin: Api;
let adminRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = apiFor(t.app, (await login(t.app)).token);
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrador'));
  adminRoleId = role!.id;
});
afterAll(async () => t?.close());

const flags = (view = false, create = false, edit = false, del = false) => ({ view, create, edit, delete: del });

describe('the permission matrix', () => {
  it('is stored by module name and always answered with the 24 modules in menu order', async () => {
    const role = await created(admin, '/roles', {
      name: 'Almacenista',
      description: 'Entrega material',
      permissions: [{ module: 'config_units', view: true, create: true }, { module: 'history', edit: true }],
    });
    const matrix = role.permissions as { module: string }[];
    expect(matrix.map((p) => p.module)).toEqual(MODULE_NAMES);
    expect(matrix.find((p) => p.module === 'config_units')).toEqual({ module: 'config_units', ...flags(true, true) });
    expect(matrix.find((p) => p.module === 'history')).toEqual({ module: 'history', ...flags(false, false, true) });
    expect(matrix.filter((p) => Object.values(p as Record<string, unknown>).includes(true))).toHaveLength(2);
    expect((await admin.get(`${API}/roles/${String(role.id)}`)).json()).toEqual(role);

    const [create] = (await admin.get(`${API}/roles/${String(role.id)}/history`)).json() as { changes: Record<string, unknown> }[];
    expect(create!.changes).toMatchObject({
      name: { old: null, new: 'Almacenista' },
      'permissions.config_units': { old: null, new: 'view, create' },
      'permissions.history': { old: null, new: 'edit' },
    });
  });

  it('refuses unknown and repeated modules', async () => {
    const unknown = await admin.post(`${API}/roles`, { name: 'Malo', permissions: [{ module: 'bodega', view: true }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'permissions.0.module': ROLE_MESSAGES.unknownModule });
    const repeated = await admin.post(`${API}/roles`, { name: 'Malo', permissions: [{ module: 'works', view: true }, { module: 'works', edit: true }] });
    expect(repeated.json().fields).toEqual({ permissions: ROLE_MESSAGES.repeatedModule });
  });

  it('applies to the role’s users on their next request, with the same token', async () => {
    const role = await created(admin, '/roles', { name: 'Unidades', permissions: [{ module: 'config_units', view: true }] });
    const user = await createUser(t.app, { roleId: role.id as number });
    const session = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    expect((await session.get(`${API}/units`)).statusCode).toBe(200);
    expect((await session.post(`${API}/units`, { abbreviation: 'qq', name: 'Quintal' })).statusCode).toBe(403);

    const res = await admin.patch(`${API}/roles/${String(role.id)}`, { permissions: [{ module: 'config_units', view: true, create: true }, { module: 'works', view: true }], version: role.version });
    expect(res.statusCode).toBe(200);
    expect((await session.post(`${API}/units`, { abbreviation: 'qq', name: 'Quintal' })).statusCode).toBe(201);
    const perms = (await session.get(`${API}/permissions`)).json() as { module: { name: string }; view: boolean }[];
    expect(perms.find((p) => p.module.name === 'works')?.view).toBe(true);

    await admin.patch(`${API}/roles/${String(role.id)}`, { permissions: [], version: (res.json() as Row).version });
    const denied = await session.get(`${API}/units`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.forbidden);
  });
});

describe('deleting a role', () => {
  it('is refused while users have it, naming how many; allowed once none has it', async () => {
    const role = await created(admin, '/roles', { name: 'Temporal', permissions: [] });
    await createUser(t.app, { roleId: role.id as number });
    await createUser(t.app, { roleId: role.id as number, active: false });
    const res = await admin.del(`${API}/roles/${String(role.id)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'El rol está asignado a 2 usuarios' });

    const users = (await admin.get(`${API}/users?filters=${encodeURIComponent(JSON.stringify({ roleId: { constraints: [{ matchMode: 'equals', value: role.id }] } }))}`)).json().items as Row[];
    expect(users).toHaveLength(2);
    for (const user of users) {
      const moved = await admin.patch(`${API}/users/${String(user.id)}`, { roleId: adminRoleId, version: user.version });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect((await admin.del(`${API}/roles/${String(role.id)}`)).statusCode).toBe(204);
  });
});

describe('the last role able to administer permissions', () => {
  const withoutPermissionsEdit = MODULE_NAMES.map((module) => ({ module, ...(module === 'config_permissions' ? flags(true) : flags(true, true, true, true)) }));

  it('cannot lose config_permissions edit while it is the role of the last active user who has it', async () => {
    const role = (await admin.get(`${API}/roles/${String(adminRoleId)}`)).json() as Row;
    const res = await admin.patch(`${API}/roles/${String(adminRoleId)}`, { permissions: withoutPermissionsEdit, version: role.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_GUARD_MESSAGES.roleLosesLastAdmin);
    const after = (await admin.get(`${API}/roles/${String(adminRoleId)}`)).json() as Row;
    expect(after).toEqual(role);
    expect((await admin.get(`${API}/users`)).statusCode).toBe(200);
  });

  it('can lose it when another active user keeps it through another role', async () => {
    // The backup holds every flag: restoring the administrator's matrix grants nothing it lacks.
    const other = await createRole(t.db, 'Permisos respaldo', ALL_GRANTS);
    const backup = await createUser(t.app, { roleId: other });
    const backupApi = apiFor(t.app, (await login(t.app, backup.username, backup.password)).token);
    const role = (await admin.get(`${API}/roles/${String(adminRoleId)}`)).json() as Row;
    const res = await admin.patch(`${API}/roles/${String(adminRoleId)}`, { permissions: withoutPermissionsEdit, version: role.version });
    expect(res.statusCode, res.body).toBe(200);
    // The admin's own next write on permissions is refused; the backup administrator puts it back.
    expect((await admin.patch(`${API}/roles/${String(adminRoleId)}`, { description: 'x', version: res.json().version })).statusCode).toBe(403);
    const restore = await backupApi.patch(`${API}/roles/${String(adminRoleId)}`, {
      permissions: MODULE_NAMES.map((module) => ({ module, ...flags(true, true, true, true) })),
      version: res.json().version,
    });
    expect(restore.statusCode, restore.body).toBe(200);
  });
});
