import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from './helpers/app';
import { statementsOf } from './helpers/statements';
import { until } from './helpers/until';

/*
 * The access check answers from memory, and whatever ends a session or changes a permission on one
 * API process (A) reaches the other (B) before its next request: two apps on one database, each
 * with its own cache and, on PostgreSQL (TEST_DATABASE_URL), its own listening connection.
 */

const API = '/api/v2';
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
let t: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
let adminA: Record<string, string>;

/** How many access look-ups `run` reads from the database (the one statement reading role_access_versions). */
const accessReadsOf = async (run: () => Promise<unknown>) => (await statementsOf(t.database, run)).filter((s) => s.text.includes('"role_access_versions"')).length;

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `${API}/auth/me`, headers: bearer(token) });
const units = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: `${API}/units?pageSize=1`, headers: bearer(token) });


/** A user of a role that may see units, signed in on A; their session already known to B. */
async function signedIn(name: string) {
  const roleId = await createRole(t.db, name, { config_units: ['view'] });
  const user = await createUser(t.app, { roleId });
  const session = await login(a, user.username, user.password);
  expect((await units(b, session.token)).statusCode).toBe(200);
  return { ...session, user, roleId };
}

/**
 * PostgreSQL hands each notification to the listening connections a moment after the commit; on a
 * busy server that moment grows. Every notification of this file reaches its listener `ms` late, so
 * a refusal on B cannot come from B happening to hear the change in time.
 */
function delayNotifications(ms: number): () => void {
  const original = pg.Client.prototype.emit;
  pg.Client.prototype.emit = function (this: pg.Client, event: string | symbol, ...args: unknown[]) {
    if (event !== 'notification') return original.call(this, event, ...args);
    setTimeout(() => original.call(this, event, ...args), ms);
    return true;
  };
  return () => {
    pg.Client.prototype.emit = original;
  };
}

let restoreDelivery = () => {};

beforeAll(async () => {
  if (onPostgres) restoreDelivery = delayNotifications(150);
  t = await createTestApp({ build: { events: { dispatch: false } } });
  a = t.app;
  b = await t.variant({}, undefined, { events: { dispatch: false } });
  adminA = bearer((await login(a)).token);
  await until(() => a.accessCache.listening && b.accessCache.listening);
});
afterAll(async () => {
  await t?.close();
  restoreDelivery();
});

describe('the access check from memory', () => {
  it('reads a known session without a statement', async () => {
    const { token } = await signedIn('Caché de acceso');
    expect(await accessReadsOf(() => me(b, token))).toBe(0);
  });

  it('refuses on B, at the next request, a session ended on A by logout', async () => {
    const { token, refreshToken } = await signedIn('Caché: salida');
    const out = await a.inject({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken }, headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('refuses on B a deactivated user, and one whose password was reset', async () => {
    const first = await signedIn('Caché: baja');
    const user = (await a.inject({ method: 'GET', url: `${API}/users/${first.user.id}`, headers: adminA })).json() as { version: number };
    const off = await a.inject({ method: 'PATCH', url: `${API}/users/${first.user.id}`, payload: { active: false, version: user.version }, headers: adminA });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(b, first.token)).statusCode).toBe(401);

    const second = await signedIn('Caché: contraseña');
    const reset = await a.inject({ method: 'POST', url: `${API}/users/${second.user.id}/reset-password`, payload: { password: 'Nueva-Clave-Obra-7' }, headers: adminA });
    expect(reset.statusCode).toBe(204);
    expect((await me(b, second.token)).statusCode).toBe(401);
  });

  it('refuses on B a login whose refresh token was used twice on A', async () => {
    const { token, refreshToken } = await signedIn('Caché: reuso');
    const refresh = () => a.inject({ method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken }, headers: bearer(token) });
    expect((await refresh()).statusCode).toBe(200);
    expect((await refresh()).statusCode).toBe(401);
    expect((await me(b, token)).statusCode).toBe(401);
  });

  it('applies on B a permission taken from the role on A', async () => {
    const { token, roleId } = await signedIn('Caché: permisos');
    const role = (await a.inject({ method: 'GET', url: `${API}/roles/${roleId}`, headers: adminA })).json() as { version: number };
    const patched = await a.inject({
      method: 'PATCH',
      url: `${API}/roles/${roleId}`,
      payload: { permissions: [{ module: 'config_materials', view: true }], version: role.version },
      headers: adminA,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await units(b, token)).statusCode).toBe(403);
  });

  it.runIf(onPostgres)('reads the database while its listener is cut, refuses an ended session meanwhile, and keeps again once it listens', async () => {
    const pool = t.database.driver.client as unknown as { query(text: string, values: unknown[]): Promise<unknown> };
    const first = await signedIn('Caché: escucha cortada');
    expect(await accessReadsOf(() => me(b, first.token))).toBe(0);

    await pool.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [b.accessCache.listenerName]);
    const out = await a.inject({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken: first.refreshToken }, headers: bearer(first.token) });
    expect(out.statusCode).toBe(204);
    expect((await me(b, first.token)).statusCode).toBe(401);

    const second = await signedIn('Caché: escucha repuesta');
    await until(() => b.accessCache.listening);
    expect((await me(b, second.token)).statusCode).toBe(200);
    expect(await accessReadsOf(() => me(b, second.token))).toBe(0);
  });
});
