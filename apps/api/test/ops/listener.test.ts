import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME_PREFIX } from '../../src/lib/db-listener';
import { bearer, createRole, createUser, createTestApp, login, type TestApp } from '../helpers/app';
import { until } from '../helpers/until';
import { API, apiFor, type Api, type Row } from '../catalogs/support';
import { openSse } from '../notifications/sse';

/*
 * One listening connection per API process: the live notifications, the access check's changes and
 * the jobs' wake-ups all hear their channel on it (lib/db-listener). On PostgreSQL (TEST_DATABASE_URL)
 * the server's pg_stat_activity shows the app's connections: its pool's and exactly one more. Jobs
 * here run only when a NOTIFY wakes them (the poll is an hour), and a role change travels outbox →
 * job → notification → live stream through that one connection.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let admin: Api;
let url: string;
const ran: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) =>
      app.register(async (instance) =>
        instance.jobs.define({
          name: 'pruebas.escucha',
          maxAttempts: 1,
          timeoutMs: 5_000,
          backoff: { baseMs: 0, maxMs: 0 },
          handle: async (payload) => void ran.push(Number(payload.n)),
        }),
      ),
    build: { events: { settings: { pollMs: 3_600_000 } } },
  });
  admin = apiFor(t.app, (await login(t.app)).token);
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await until(() => t.app.accessCache.listening);
});
afterAll(async () => {
  await t?.close();
});

describe('the listening connection', () => {
  it('a job queued from elsewhere runs on the wake-up heard on the one connection', async () => {
    await t.app.jobs.enqueue(t.db, 'pruebas.escucha', [{ payload: { n: 1 } }]);
    await until(() => ran.includes(1), 5_000);
  });

  it('a role change reaches its holder’s live stream: outbox, job and notification all heard on it', async () => {
    const roleId = await createRole(t.db, 'Rol escucha', { works: ['view'] });
    const user = await createUser(t.app, { roleId });
    const session = await login(t.app, user.username, user.password);
    const ticket = await t.app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket`, headers: bearer(session.token) });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const client = await openSse(`${url}${API}/notifications/stream?ticket=${(ticket.json() as { ticket: string }).ticket}`);
    try {
      expect(client.status).toBe(200);
      const role = (await admin.get(`${API}/roles/${roleId}`)).json() as Row & { version: number };
      const res = await admin.patch(`${API}/roles/${roleId}`, { version: role.version, permissions: [{ module: 'works', view: true, edit: true }] });
      expect(res.statusCode, res.body).toBe(200);
      await client.waitFor(() => client.events.some((e) => e.item.title === 'Cambiaron los permisos de tu rol'), 5_000);
    } finally {
      client.close();
    }
  });

  it('is one connection beside the pool on PostgreSQL, named in pg_stat_activity', async (context) => {
    if (!onPostgres) {
      console.info('PGlite: notifications arrive in process; there is no listening connection to count');
      context.skip();
    }
    const name = t.app.listeners.connectionName;
    expect(name?.startsWith(LISTENER_NAME_PREFIX)).toBe(true);
    expect(t.app.accessCache.listenerName).toBe(name);
    const pool = t.database.driver.client as pg.Pool;
    const count = async () => {
      const result = await t.db.execute<{ listening: number; all: number }>(sql`
        select count(*) filter (where application_name = ${name})::int as listening,
          count(*)::int as all
        from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`);
      return { ...result.rows[0]!, pool: pool.totalCount };
    };
    const seen = await count();
    expect(seen.listening).toBe(1);
    // Every other connection of this process to its database is one of the pool's.
    expect(seen.all - seen.pool).toBe(1);
  });
});
