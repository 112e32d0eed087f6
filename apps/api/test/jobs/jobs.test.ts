import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import { jobs } from '../../src/db/schema';
import type { DomainEvent, EventSubscriber } from '../../src/lib/events/types';
import type { QueueDefinition } from '../../src/lib/jobs/types';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';

/*
 * lib/jobs through the app on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): dead
 * items, handler timeouts, per-key order after a dead item, the subscribers a newer process brings,
 * and the figures in /metrics. Only drain() runs work here, so each test decides when.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Queues of this file: what each handler saw, in order. */
const seen: string[] = [];
let releaseHung: (() => void) | null = null;

function queue(name: string, rest: Partial<QueueDefinition> & Pick<QueueDefinition, 'handle'>): QueueDefinition {
  return { name, maxAttempts: 3, timeoutMs: 10_000, backoff: { baseMs: 0, maxMs: 0 }, ...rest };
}

const queues: QueueDefinition[] = [
  queue('pruebas.muere', {
    maxAttempts: 3,
    async handle(payload) {
      seen.push(`muere:${String(payload.n)}`);
      throw new Error(`el servicio respondió 500 (${String(payload.n)})`);
    },
  }),
  queue('pruebas.lenta', {
    maxAttempts: 1,
    timeoutMs: 3_000,
    concurrency: 2,
    async handle(payload, { signal }) {
      if (payload.hang) {
        seen.push('lenta:colgada');
        // Never answers by itself: only the timeout ends its attempt.
        await new Promise<void>((resolve) => {
          releaseHung = resolve;
          signal.addEventListener('abort', () => seen.push('lenta:abortada'));
        });
        return;
      }
      seen.push(`lenta:${String(payload.n)}`);
    },
  }),
  queue('pruebas.otra', {
    async handle(payload) {
      seen.push(`otra:${String(payload.n)}`);
    },
  }),
  queue('pruebas.orden', {
    maxAttempts: 2,
    async handle(payload) {
      seen.push(`orden:${String(payload.n)}`);
      if (payload.n === 1) throw new Error('el primero nunca pasa');
    },
  }),
];

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) =>
      app.register(async (instance) => {
        for (const q of queues) instance.jobs.define(q);
        // An events subscriber that never takes the first rename of a unit: with two attempts it dies.
        instance.events.subscribe({
          name: 'pruebas.renombres',
          async handle(event) {
            if (event.resource !== 'units' || event.type !== 'record.updated') return;
            const name = String(event.changes?.name?.new);
            seen.push(`renombre:${name}`);
            if (name.endsWith('uno')) throw new Error(`rechazado: ${name}`);
          },
        });
      }),
    build: { events: { dispatch: false, settings: { maxAttempts: 2, retryBaseMs: 0, retryMaxMs: 0 } } },
  });
  admin = apiFor(t.app, (await login(t.app)).token);
});
afterAll(async () => {
  releaseHung?.();
  await t?.close();
});

const rowsOf = (name: string) => t.db.select().from(jobs).where(eq(jobs.queue, name)).orderBy(jobs.id);

async function metrics(app: FastifyInstance = t.app): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** A sample's value in the Prometheus text, or null when the series is absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('lib/jobs', () => {
  it('an item whose handler always throws is dead after the maximum of attempts, with its last error, and /metrics counts it', async () => {
    const before = await metrics();
    expect(sample(before, 'goc_jobs_dead{queue="pruebas.muere"}')).toBe(0);
    expect(sample(before, 'goc_jobs_pending{queue="pruebas.muere"}')).toBe(0);
    await t.app.jobs.enqueue(t.db, 'pruebas.muere', [{ payload: { n: 7 } }]);
    const queued = await metrics();
    expect(sample(queued, 'goc_jobs_pending{queue="pruebas.muere"}')).toBe(1);
    expect(sample(queued, 'goc_jobs_oldest_pending_seconds{queue="pruebas.muere"}')).toBeGreaterThanOrEqual(0);

    await t.app.jobs.drain();
    expect(seen.filter((s) => s.startsWith('muere:'))).toEqual(['muere:7', 'muere:7', 'muere:7']);
    const [dead] = await rowsOf('pruebas.muere');
    expect(dead).toMatchObject({ state: 'dead', attempts: 3, lastError: 'el servicio respondió 500 (7)', lockedBy: null, payload: { n: 7 } });
    expect(dead!.deadAt).toBeInstanceOf(Date);
    // Dead is final: another drain does not run it again.
    await t.app.jobs.drain();
    expect(seen.filter((s) => s.startsWith('muere:'))).toHaveLength(3);

    const after = await metrics();
    expect(sample(after, 'goc_jobs_dead{queue="pruebas.muere"}')).toBe(1);
    expect(sample(after, 'goc_jobs_pending{queue="pruebas.muere"}')).toBe(0);
    expect(sample(after, 'goc_jobs_attempts_total{queue="pruebas.muere",outcome="failed"}')).toBe(2);
    expect(sample(after, 'goc_jobs_attempts_total{queue="pruebas.muere",outcome="dead"}')).toBe(1);
    expect(sample(after, 'goc_job_duration_seconds_count{queue="pruebas.muere"}')).toBe(3);
  });

  it('a hung handler is timed out (its attempt failed with «tiempo agotado») while the other items of its queue and of other queues go on', async () => {
    await t.app.jobs.enqueue(t.db, 'pruebas.lenta', [{ payload: { hang: true } }, { payload: { n: 1 } }, { payload: { n: 2 } }]);
    await t.app.jobs.enqueue(t.db, 'pruebas.otra', [{ payload: { n: 1 } }]);
    await t.app.jobs.drain();

    const order = seen.filter((s) => s.startsWith('lenta:') || s.startsWith('otra:'));
    // The hung item took a slot; the rest ran in the other slot and in their own queue before its
    // timeout (which of the two queues a wake-up reaches first is not fixed).
    expect(order.slice(0, -1).sort()).toEqual(['lenta:1', 'lenta:2', 'lenta:colgada', 'otra:1']);
    expect(order.at(-1)).toBe('lenta:abortada');
    const [hung] = await rowsOf('pruebas.lenta');
    expect(hung).toMatchObject({ state: 'dead', attempts: 1, lastError: 'tiempo agotado: el manejador no terminó en 3 s', payload: { hang: true } });
    expect(await rowsOf('pruebas.otra')).toEqual([]);
    expect(sample(await metrics(), 'goc_jobs_attempts_total{queue="pruebas.lenta",outcome="dead"}')).toBe(1);
    expect(sample(await metrics(), 'goc_jobs_attempts_total{queue="pruebas.lenta",outcome="done"}')).toBe(2);

    // The handler answering late changes nothing: the item stays dead, not done.
    releaseHung?.();
    await t.app.jobs.drain();
    expect(await rowsOf('pruebas.lenta')).toMatchObject([{ id: hung!.id, state: 'dead' }]);
  });

  it("items of one key wait for the earlier one while it lives; once it is dead, the key's later items run in order", async () => {
    await t.app.jobs.enqueue(t.db, 'pruebas.orden', [1, 2, 3].map((n) => ({ key: 'registro:1', payload: { n } })));
    await t.app.jobs.enqueue(t.db, 'pruebas.orden', [{ key: 'registro:2', payload: { n: 4 } }]);
    await t.app.jobs.drain();
    const order = seen.filter((s) => s.startsWith('orden:'));
    expect(order.filter((s) => s !== 'orden:4')).toEqual(['orden:1', 'orden:1', 'orden:2', 'orden:3']);
    expect(order).toContain('orden:4');
    expect(await rowsOf('pruebas.orden')).toMatchObject([{ key: 'registro:1', state: 'dead', attempts: 2, lastError: 'el primero nunca pasa', payload: { n: 1 } }]);
  });

  it("a dead event no longer holds its record's later events, and stays visible as dead", async () => {
    const created = await admin.post(`${API}/units`, { abbreviation: 'jb1', name: 'Tarea cero' });
    expect(created.statusCode, created.body).toBe(201);
    let unit = created.json() as { id: number; version: number };
    for (const name of ['Tarea uno', 'Tarea dos', 'Tarea tres']) {
      const res = await admin.patch(`${API}/units/${String(unit.id)}`, { name, version: unit.version });
      expect(res.statusCode, res.body).toBe(200);
      unit = res.json() as { id: number; version: number };
    }
    await t.app.events.drain();
    expect(seen.filter((s) => s.startsWith('renombre:'))).toEqual(['renombre:Tarea uno', 'renombre:Tarea uno', 'renombre:Tarea dos', 'renombre:Tarea tres']);
    const left = await rowsOf('events:pruebas.renombres');
    expect(left).toMatchObject([{ key: `units:${String(unit.id)}`, state: 'dead', attempts: 2, lastError: 'rechazado: Tarea uno' }]);
    expect(left[0]!.payload).toMatchObject({ type: 'record.updated', resource: 'units', record_id: unit.id, changes: { name: { new: 'Tarea uno' } } });
  });

  it('an event fanned out while only old processes ran reaches a subscriber that only a newer process registers (a deploy)', async () => {
    const got = (received: DomainEvent[], recordId: number) => received.filter((e) => e.resource === 'units' && e.recordId === recordId).map((e) => e.type);
    const recorder = (name: string) => {
      const received: DomainEvent[] = [];
      const subscriber: EventSubscriber = { name, handle: async (event) => void received.push(event) };
      return { subscriber, received };
    };
    const kept = recorder('pruebas.despliegue.viejo');
    const added = recorder('pruebas.despliegue.nuevo');
    // The old process: only the subscriber it always had.
    const old = await t.variant({}, (app) => app.register(async (i) => i.events.subscribe(kept.subscriber)), { events: { dispatch: false } });
    const before = await apiFor(old, (await login(old)).token).post(`${API}/units`, { abbreviation: 'jb2', name: 'Antes del despliegue' });
    expect(before.statusCode, before.body).toBe(201);
    const early = (before.json() as { id: number }).id;
    await old.events.drain();
    expect(got(kept.received, early)).toEqual(['record.created']);

    // The newer process: on PostgreSQL its own pool and LISTEN connection, as a second API process has.
    let second: Database | null = null;
    let newer: FastifyInstance;
    if (onPostgres) {
      second = await openDatabase({ databaseUrl: (t.database.driver.client as { options: { connectionString: string } }).options.connectionString, pgliteDir: null });
      newer = buildApp(t.config, second, { events: { dispatch: false } });
    } else {
      console.info('PGlite: one process only; the newer process is a second app on the same database');
      newer = buildApp(t.config, t.database, { events: { dispatch: false } });
    }
    newer.register(async (i) => {
      i.events.subscribe(kept.subscriber);
      i.events.subscribe(added.subscriber);
    });
    await newer.ready();
    try {
      await newer.events.drain();
      expect(got(added.received, early)).toEqual(['record.created']);

      // While both run, the old process's fan-out queues jobs for the new subscriber too: the newer process runs them.
      const during = await apiFor(old, (await login(old)).token).post(`${API}/units`, { abbreviation: 'jb3', name: 'Durante el despliegue' });
      expect(during.statusCode, during.body).toBe(201);
      const late = (during.json() as { id: number }).id;
      await old.events.drain();
      expect(await rowsOf('events:pruebas.despliegue.nuevo')).toHaveLength(1);
      await newer.events.drain();
      expect(got(added.received, late)).toEqual(['record.created']);
      expect(got(kept.received, late)).toEqual(['record.created']);
      expect(await rowsOf('events:pruebas.despliegue.nuevo')).toEqual([]);
    } finally {
      await newer.close();
      await second?.close();
      await old.close();
    }
  });
});
