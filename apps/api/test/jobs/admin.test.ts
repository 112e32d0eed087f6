import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadJobSchema, JOB_MESSAGES, jobsOverviewSchema } from '@goc/contracts';
import { auditLog, jobs } from '../../src/db/schema';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';

/*
 * Configuración → «Tareas en segundo plano» through the API: each queue's backlog and oldest item,
 * the dead items with their last error, «Reintentar» and «Descartar» (audited), for the admin
 * module only. Work runs only when the test drains it. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const URL = '/api/v2/admin/jobs';
let t: TestApp;
let token: string;
/** Whether the handler of pruebas.admin throws: it does until a test repairs it. */
let broken = true;
const ran: number[] = [];

beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) =>
      app.register(async (instance) => {
        instance.jobs.define({
          name: 'pruebas.admin',
          maxAttempts: 2,
          timeoutMs: 10_000,
          backoff: { baseMs: 0, maxMs: 0 },
          async handle(payload) {
            if (broken) throw new Error(`el proveedor no contestó (${String(payload.n)})`);
            ran.push(Number(payload.n));
          },
        });
      }),
    build: { events: { dispatch: false } },
  });
  token = (await login(t.app)).token;
});
afterAll(async () => t?.close());

const overview = async (auth = token) => {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer(auth) });
  expect(res.statusCode, res.body).toBe(200);
  return jobsOverviewSchema.parse(res.json());
};
const rows = () => t.db.select().from(jobs).where(eq(jobs.queue, 'pruebas.admin')).orderBy(jobs.id);
const audits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, 'jobs'), eq(auditLog.entityId, id)));

describe('background jobs (admin)', () => {
  it('lists every defined queue with its backlog and oldest item, and the dead items with their last error', async () => {
    const idle = await overview();
    expect(idle.queues.find((q) => q.queue === 'pruebas.admin')).toEqual({ queue: 'pruebas.admin', pending: 0, oldestPendingSeconds: null, dead: 0 });

    await t.app.jobs.enqueue(t.db, 'pruebas.admin', [{ payload: { n: 1 } }, { payload: { n: 2 } }]);
    const waiting = await overview();
    expect(waiting.queues.find((q) => q.queue === 'pruebas.admin')).toMatchObject({ pending: 2, dead: 0 });
    expect(waiting.queues.find((q) => q.queue === 'pruebas.admin')!.oldestPendingSeconds).toBeGreaterThanOrEqual(0);

    await t.app.jobs.drain();
    const after = await overview();
    expect(after.queues.find((q) => q.queue === 'pruebas.admin')).toEqual({ queue: 'pruebas.admin', pending: 0, oldestPendingSeconds: null, dead: 2 });
    const dead = after.dead.filter((d) => d.queue === 'pruebas.admin');
    expect(dead.map((d) => d.lastError).sort()).toEqual(['el proveedor no contestó (1)', 'el proveedor no contestó (2)']);
    expect(dead.every((d) => d.attempts === 2 && d.deadAt !== null)).toBe(true);
  });

  it('«Reintentar» puts a dead item back to pending with its attempts from zero, audited; it then runs', async () => {
    const [first] = await rows();
    const res = await t.app.inject({ method: 'POST', url: `${URL}/${first!.id}/retry`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(deadJobSchema.parse(res.json())).toMatchObject({ id: first!.id, queue: 'pruebas.admin', attempts: 0, deadAt: null });
    expect((await rows()).find((r) => r.id === first!.id)).toMatchObject({ state: 'pending', attempts: 0, deadAt: null });
    expect(await audits('job.retried', first!.id)).toHaveLength(1);

    // Not dead any more: a second «Reintentar» (another administrator's, say) is a conflict.
    const again = await t.app.inject({ method: 'POST', url: `${URL}/${first!.id}/retry`, headers: bearer(token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(JOB_MESSAGES.notDead);

    broken = false;
    await t.app.jobs.drain();
    expect(ran).toEqual([1]);
    expect((await rows()).map((r) => r.id)).not.toContain(first!.id);
  });

  it('«Descartar» deletes a dead item without running it, audited with what it carried', async () => {
    const [second] = await rows();
    expect(second).toMatchObject({ state: 'dead' });
    const res = await t.app.inject({ method: 'DELETE', url: `${URL}/${second!.id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await rows()).toEqual([]);
    const [entry] = await audits('job.discarded', second!.id);
    expect(entry?.metadata).toMatchObject({ queue: 'pruebas.admin', lastError: 'el proveedor no contestó (2)', payload: { n: 2 } });
    await t.app.jobs.drain();
    expect(ran).toEqual([1]);

    const gone = await t.app.inject({ method: 'DELETE', url: `${URL}/${second!.id}`, headers: bearer(token) });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(JOB_MESSAGES.notDead);
  });

  it('is for the admin module: viewers see, only editors act, others are refused', async () => {
    const viewer = await createUser(t.app, { roleId: await createRole(t.db, 'Consulta de tareas', { admin: ['view'] }) });
    const viewerToken = (await login(t.app, viewer.username, viewer.password)).token;
    await overview(viewerToken);
    expect((await t.app.inject({ method: 'POST', url: `${URL}/1/retry`, headers: bearer(viewerToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/1`, headers: bearer(viewerToken) })).statusCode).toBe(403);

    const outsider = await createUser(t.app, { roleId: await createRole(t.db, 'Sin administración (tareas)', { works: ['view'] }) });
    const outsiderToken = (await login(t.app, outsider.username, outsider.password)).token;
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(outsiderToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
