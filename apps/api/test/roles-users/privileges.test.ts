import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVILEGE_MESSAGES } from '@goc/contracts';
import { roles, users } from '../../src/db/schema';
import { ADMIN_PASSWORD, createRole, createTestApp, createUser, login, postLogin, type TestApp } from '../helpers/app';
import { API, apiFor, created, type Api, type Row } from '../catalogs/support';

/* Partial rights on Permisos never add up to full ones (issue 7, item 5). */

let t: TestApp;
let admin: Api;
let adminId: number;
let adminRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app);
  admin = apiFor(t.app, session.token);
  adminId = session.user.id;
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrador'));
  adminRoleId = role!.id;
});
afterAll(async () => t?.close());

async function apiWithRole(name: string, grants: Parameters<typeof createRole>[2]): Promise<{ api: Api; roleId: number; userId: number }> {
  const roleId = await createRole(t.db, name, grants);
  const user = await createUser(t.app, { roleId });
  return { api: apiFor(t.app, (await login(t.app, user.username, user.password)).token), roleId, userId: user.id };
}

const forbidden = (message: string) => ({ statusCode: 403, error: 'Forbidden', message });
const roleRow = async (id: number) => (await admin.get(`${API}/roles/${String(id)}`)).json() as Row & { version: number; permissions: Row[] };
const userCount = async () => Number((await t.db.select({ n: count() }).from(users))[0]!.n);

describe('a role that may only create users', () => {
  it('cannot create an administrator, but can create a user with a role inside its own rights', async () => {
    const { api } = await apiWithRole('Solo crea usuarios', { config_permissions: ['create'] });
    const before = await userCount();
    const res = await api.post(`${API}/users`, { username: 'colado', password: 'Andamio-Seguro-2026', roleId: adminRoleId });
    expect(res.json()).toEqual(forbidden(PRIVILEGE_MESSAGES.assignRole));
    expect(await userCount()).toBe(before);

    const viewer = await createRole(t.db, 'Solo ve permisos', { config_permissions: ['view'] });
    const ok = await api.post(`${API}/users`, { username: 'permitido', password: 'Andamio-Seguro-2026', roleId: viewer });
    expect(ok.statusCode).toBe(201);
  });
});

describe('a role that may only edit Permisos', () => {
  it('cannot give its own role flags it lacks; the stored matrix stays as it was', async () => {
    const { api, roleId } = await apiWithRole('Solo edita permisos', { config_permissions: ['edit'] });
    const role = await roleRow(roleId);
    const everything = role.permissions.map((p) => ({ module: p.module, view: true, create: true, edit: true, delete: true }));
    const res = await api.patch(`${API}/roles/${String(roleId)}`, { permissions: everything, version: role.version });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^No puedes otorgar permisos que tu rol no tiene: Obras \(negocios\) \(ver, crear, editar, eliminar\); /);
    expect(res.json().message).toContain('Permisos y usuarios (crear, eliminar)');
    expect((await roleRow(roleId)).permissions).toEqual(role.permissions);

    // Flags it holds (view comes with any flag) it may set.
    const within = await api.patch(`${API}/roles/${String(roleId)}`, {
      permissions: [{ module: 'config_permissions', view: true, edit: true }],
      version: role.version,
    });
    expect(within.statusCode).toBe(200);
  });

  it('cannot change the matrix of a role holding more, nor reset the administrator’s password or deactivate them', async () => {
    const { api } = await apiWithRole('Edita permisos sin más', { config_permissions: ['edit'] });
    const adminRole = await roleRow(adminRoleId);
    const fewer = adminRole.permissions.map((p) => ({ ...p, delete: false }));
    const res = await api.patch(`${API}/roles/${String(adminRoleId)}`, { permissions: fewer, version: adminRole.version });
    expect(res.json()).toEqual(forbidden(PRIVILEGE_MESSAGES.changeRole));
    expect((await roleRow(adminRoleId)).permissions).toEqual(adminRole.permissions);

    const reset = await api.post(`${API}/users/${String(adminId)}/reset-password`, { password: 'Nueva-Clave-Obra-7' });
    expect(reset.json()).toEqual(forbidden(PRIVILEGE_MESSAGES.manageUser));
    expect((await postLogin(t.app, 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);

    const adminUser = (await admin.get(`${API}/users/${String(adminId)}`)).json() as Row;
    const deactivate = await api.patch(`${API}/users/${String(adminId)}`, { active: false, version: adminUser.version });
    expect(deactivate.json()).toEqual(forbidden(PRIVILEGE_MESSAGES.manageUser));
    expect((await admin.get(`${API}/users/${String(adminId)}`)).json()).toMatchObject({ active: true, version: adminUser.version });
  });

  it('can still edit users whose role is inside its rights, but not move them to a bigger role', async () => {
    const { api } = await apiWithRole('Edita usuarios modestos', { config_permissions: ['edit'], config_units: ['view'] });
    const modest = await createRole(t.db, 'Ve unidades', { config_units: ['view'] });
    const target = await createUser(t.app, { roleId: modest });
    const row = (await admin.get(`${API}/users/${String(target.id)}`)).json() as Row;
    const promote = await api.patch(`${API}/users/${String(target.id)}`, { roleId: adminRoleId, version: row.version });
    expect(promote.json()).toEqual(forbidden(PRIVILEGE_MESSAGES.assignRole));
    const rename = await api.patch(`${API}/users/${String(target.id)}`, { username: `${target.username}.b`, version: row.version });
    expect(rename.statusCode).toBe(200);
    expect((await api.post(`${API}/users/${String(target.id)}/reset-password`, { password: 'Nueva-Clave-Obra-7' })).statusCode).toBe(204);
  });
});

describe('a role that may create roles', () => {
  it('creates roles only with flags it holds, naming the ones it lacks', async () => {
    const { api } = await apiWithRole('Crea roles', { config_permissions: ['create'], config_units: ['view', 'edit'] });
    const res = await api.post(`${API}/roles`, {
      name: 'Rol inflado',
      permissions: [{ module: 'config_units', view: true, create: true, edit: true }],
    });
    expect(res.json()).toEqual(forbidden('No puedes otorgar permisos que tu rol no tiene: Unidades (crear)'));
    expect(await t.db.select().from(roles).where(eq(roles.name, 'Rol inflado'))).toEqual([]);
    const ok = await created(api, '/roles', { name: 'Rol modesto', permissions: [{ module: 'config_units', view: true, edit: true }] });
    expect(ok.name).toBe('Rol modesto');
  });
});
