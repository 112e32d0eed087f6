import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_MESSAGES, PRIVILEGE_MESSAGES } from '@goc/contracts';
import { refreshTokens, roles, users } from '../../src/db/schema';
import { ADMIN_GUARD_MESSAGES } from '../../src/lib/permission-admins';
import { CHANGE_PASSWORD_MESSAGES } from '../../src/modules/users/passwords';
import { ADMIN_PASSWORD, bearer, createRole, createTestApp, createUser, login, postLogin, type TestApp } from '../helpers/app';
import { API, apiFor, created, type Api, type Row } from '../catalogs/support';

/* Usuarios: passwords (ASVS 6.2), sessions ended by deactivation and password changes, last-admin guards. */

let t: TestApp;
let admin: Api;
let adminRoleId: number;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app);
  admin = apiFor(t.app, session.token);
  adminId = session.user.id;
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrador'));
  adminRoleId = role!.id;
});
afterAll(async () => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(token) });
const liveTokens = (userId: number) => t.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
let n = 0;
const newUser = async (over: Row = {}) => created(admin, '/users', { username: `persona.${++n}`, password: 'Andamio-Seguro-2026', roleId: adminRoleId, ...over });

describe('creating users', () => {
  it('hashes the password, never returns it, and the user can sign in', async () => {
    const res = await admin.post(`${API}/users`, { username: '  Laura.Mejia ', password: 'Trabe de acero 2026', roleId: adminRoleId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ username: 'laura.mejia', active: true, lastLoginAt: null, role: { id: adminRoleId, label: 'Administrador' } });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'laura.mejia'));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    await login(t.app, 'laura.mejia', 'Trabe de acero 2026');
    for (const url of [`${API}/users`, `${API}/users/${String(res.json().id)}`, `${API}/users/export?format=csv`, `${API}/users/${String(res.json().id)}/history`]) {
      const body = (await admin.get(url)).body;
      expect(body).not.toMatch(/argon2|password|Trabe de acero/i);
    }
    const listed = (await admin.get(`${API}/users?q=laura`)).json().items as Row[];
    expect(listed[0]!.lastLoginAt).toEqual(expect.any(String));
  });

  it.each([
    ['vacía', '', PASSWORD_MESSAGES.required],
    ['corta', 'Corta1!', PASSWORD_MESSAGES.tooShort],
    ['larga', 'x'.repeat(129), PASSWORD_MESSAGES.tooLong],
    ['común', 'password123', PASSWORD_MESSAGES.common],
    ['igual al usuario', 'usuario.prueba', PASSWORD_MESSAGES.sameAsUsername],
  ])('refuses a password that is %s', async (_what, password, message) => {
    const res = await admin.post(`${API}/users`, { username: 'usuario.prueba', password, roleId: adminRoleId });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: message });
  });

  it('accepts a long passphrase with spaces and accents (128 characters)', async () => {
    const passphrase = `${'la obra avanza según el programa '.repeat(4)}`.slice(0, 128);
    expect([...passphrase]).toHaveLength(128);
    const user = await newUser({ password: passphrase });
    await login(t.app, String(user.username), passphrase);
  });
});

describe('deactivating a user', () => {
  it('ends their sessions: refresh tokens revoked, the access token answers 401, and sign-in is refused', async () => {
    const user = await newUser();
    const first = await login(t.app, String(user.username), 'Andamio-Seguro-2026');
    await login(t.app, String(user.username), 'Andamio-Seguro-2026');
    expect(await liveTokens(user.id as number)).toHaveLength(2);

    const res = await admin.patch(`${API}/users/${String(user.id)}`, { active: false, version: user.version });
    expect(res.statusCode).toBe(200);
    expect(await liveTokens(user.id as number)).toHaveLength(0);
    const revoked = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id as number));
    expect(revoked.map((r) => r.revokedReason)).toEqual(['deactivated', 'deactivated']);
    const denied = await me(first.token);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MESSAGES.unauthorized);
    const refresh = await t.app.inject({ method: 'POST', url: `${API}/auth/refresh`, headers: bearer(first.token), payload: { refreshToken: first.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await postLogin(t.app, String(user.username), 'Andamio-Seguro-2026')).statusCode).toBe(401);

    await admin.patch(`${API}/users/${String(user.id)}`, { active: true, version: res.json().version });
    await login(t.app, String(user.username), 'Andamio-Seguro-2026');
  });
});

describe('the last active user able to administer permissions', () => {
  it('cannot be deactivated, demoted or deleted', async () => {
    const [self] = (await admin.get(`${API}/users?q=admin`)).json().items as Row[];
    expect(self!.id).toBe(adminId);
    // Other admins of this file are made inactive first, so the seeded admin is the last one.
    for (const other of (await admin.get(`${API}/users?pageSize=100`)).json().items as Row[]) {
      if (other.id !== adminId && other.active && other.roleId === adminRoleId) {
        expect((await admin.patch(`${API}/users/${String(other.id)}`, { active: false, version: other.version })).statusCode).toBe(200);
      }
    }
    const viewer = await createRole(t.db, 'Solo ver permisos', { config_permissions: ['view'] });

    const deactivate = await admin.patch(`${API}/users/${String(adminId)}`, { active: false, version: self!.version });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe(ADMIN_GUARD_MESSAGES.deactivateLastAdmin);
    const demote = await admin.patch(`${API}/users/${String(adminId)}`, { roleId: viewer, version: self!.version });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ADMIN_GUARD_MESSAGES.demoteLastAdmin);
    expect((await admin.get(`${API}/users/${String(adminId)}`)).json()).toEqual(self);
    expect(await liveTokens(adminId)).not.toHaveLength(0);

    // Deleting an administrator takes someone holding every flag they hold (issue 7, item 5): a user
    // who may delete users but not administer permissions is refused before the last-admin guard.
    const spare = await newUser();
    const deleterRole = await createRole(t.db, 'Borra usuarios', { config_permissions: ['view', 'delete'] });
    const deleter = await createUser(t.app, { roleId: deleterRole });
    const deleterApi = apiFor(t.app, (await login(t.app, deleter.username, deleter.password)).token);
    const del = await deleterApi.del(`${API}/users/${String(spare.id)}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(PRIVILEGE_MESSAGES.manageUser);
    expect((await admin.del(`${API}/users/${String(spare.id)}`)).statusCode).toBe(204);
  });

  it('can be deactivated once another active user can administer permissions', async () => {
    const other = await newUser();
    const self = (await admin.get(`${API}/users/${String(adminId)}`)).json() as Row;
    const res = await admin.patch(`${API}/users/${String(adminId)}`, { active: false, version: self.version });
    expect(res.statusCode).toBe(200);
    // The admin's own session ended with the deactivation; the other administrator restores it.
    expect((await admin.get(`${API}/users`)).statusCode).toBe(401);
    const otherApi = apiFor(t.app, (await login(t.app, String(other.username), 'Andamio-Seguro-2026')).token);
    expect((await otherApi.patch(`${API}/users/${String(adminId)}`, { active: true, version: res.json().version })).statusCode).toBe(200);
    admin = apiFor(t.app, (await login(t.app)).token);
  });
});

describe('resetting a password (administrator)', () => {
  it('sets the new password, ends the user’s sessions and lifts a lockout', async () => {
    const user = await newUser();
    const session = await login(t.app, String(user.username), 'Andamio-Seguro-2026');
    await t.db.update(users).set({ lockedUntil: new Date(Date.now() + 3_600_000), failedLoginCount: 3 }).where(eq(users.id, user.id as number));
    const bad = await admin.post(`${API}/users/${String(user.id)}/reset-password`, { password: 'qwerty123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ password: PASSWORD_MESSAGES.common });

    const res = await admin.post(`${API}/users/${String(user.id)}/reset-password`, { password: 'Nueva-Clave-Obra-7' });
    expect(res.statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await postLogin(t.app, String(user.username), 'Andamio-Seguro-2026')).statusCode).toBe(401);
    await login(t.app, String(user.username), 'Nueva-Clave-Obra-7');
    const [history] = (await admin.get(`${API}/users/${String(user.id)}/history`)).json() as { action: string; user: { username: string } }[];
    expect(history).toMatchObject({ action: 'password_reset', user: { username: 'admin' }, changes: {} });
    expect((await admin.post(`${API}/users/999999/reset-password`, { password: 'Nueva-Clave-Obra-7' })).json()).toMatchObject({ statusCode: 404, message: 'No se encontró el usuario' });
  });

  it('needs config_permissions edit', async () => {
    const roleId = await createRole(t.db, 'Ve usuarios', { config_permissions: ['view', 'create', 'delete'] });
    const user = await createUser(t.app, { roleId });
    const api = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    expect((await api.post(`${API}/users/${String(user.id)}/reset-password`, { password: 'Nueva-Clave-Obra-7' })).statusCode).toBe(403);
  });
});

describe('changing one’s own password', () => {
  const change = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}/auth/change-password`, headers: bearer(token), payload });

  it('checks the current password and the rules of the new one', async () => {
    const roleId = await createRole(t.db, 'Sin permisos', {});
    const user = await createUser(t.app, { roleId, password: 'Clave-Original-2026' });
    const { token } = await login(t.app, user.username, 'Clave-Original-2026');
    const wrong = await change(token, { currentPassword: 'no-es-esta', newPassword: 'Clave-Nueva-2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation, fields: { currentPassword: CHANGE_PASSWORD_MESSAGES.wrongCurrent } });
    expect((await change(token, { currentPassword: 'Clave-Original-2026', newPassword: 'Clave-Original-2026' })).json().fields).toEqual({ newPassword: PASSWORD_MESSAGES.sameAsCurrent });
    expect((await change(token, { currentPassword: 'Clave-Original-2026', newPassword: '12345678' })).json().fields).toEqual({ newPassword: PASSWORD_MESSAGES.common });
    expect((await change(token, { currentPassword: 'Clave-Original-2026', newPassword: user.username.toUpperCase() })).json().fields).toEqual({ newPassword: PASSWORD_MESSAGES.sameAsUsername });
    expect((await change(token, { currentPassword: 'Clave-Original-2026', newPassword: 'Clave-Nueva-2026' })).statusCode).toBe(204);
  });

  it('keeps this session, ends the others, and needs a signed-in user', async () => {
    const roleId = await createRole(t.db, 'Sin permisos 2', {});
    const user = await createUser(t.app, { roleId, password: 'Clave-Original-2026' });
    const here = await login(t.app, user.username, 'Clave-Original-2026');
    const elsewhere = await login(t.app, user.username, 'Clave-Original-2026');
    expect((await change(here.token, { currentPassword: 'Clave-Original-2026', newPassword: 'Clave-Nueva-2026!' })).statusCode).toBe(204);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    const revoked = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(revoked.filter((r) => r.revokedReason === 'password_changed')).toHaveLength(1);
    expect((await postLogin(t.app, user.username, 'Clave-Original-2026')).statusCode).toBe(401);
    await login(t.app, user.username, 'Clave-Nueva-2026!');
    const anonymous = await t.app.inject({ method: 'POST', url: `${API}/auth/change-password`, payload: { currentPassword: ADMIN_PASSWORD, newPassword: 'Clave-Nueva-2026!' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
