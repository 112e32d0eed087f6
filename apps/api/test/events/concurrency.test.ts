import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { domainEvents } from '../../src/db/schema';
import { openDatabase, type Database } from '../../src/db/client';
import type { DomainEvent, EventSubscriber } from '../../src/lib/events/types';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';

/*
 * 1 000 writes (200 on PGlite) from 8 parallel clients spread over two API instances, each with its own dispatcher.
 * On PostgreSQL (TEST_DATABASE_URL) the second instance has its own connection pool, as a second
 * process would; on PGlite both share the one embedded database.
 */

const CLIENTS = 8;
const UNITS_PER_CLIENT = 5;
/** Two processes on one database is PostgreSQL's case; on PGlite (one process by design) a smaller run proves the same rules. */
const WRITES = Number(process.env.EV_WRITES ?? (process.env.TEST_DATABASE_URL ? 1_000 : 200));

const deliveries = new Map<number, number>();
const byRecord = new Map<number, DomainEvent[]>();
/** Events before the test's writes (the seed's) are not counted. */
let baseline = Number.MAX_SAFE_INTEGER;

/** Idempotent (keyed on the event id) and a little slow now and then, so the two dispatchers interleave. */
const probe: EventSubscriber = {
  name: 'pruebas.idempotente',
  async handle(event) {
    if (event.resource !== 'units' || event.id <= baseline) return;
    deliveries.set(event.id, (deliveries.get(event.id) ?? 0) + 1);
    if ((deliveries.get(event.id) ?? 0) === 1) byRecord.set(event.recordId, [...(byRecord.get(event.recordId) ?? []), event]);
    if (event.id % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  },
};

function subscribing(app: FastifyInstance): void {
  app.register(async (instance) => instance.events.subscribe(probe));
}

let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database | null = null;

beforeAll(async () => {
  t = await createTestApp({ prepare: subscribing, config: { logLevel: process.env.EV_LOG === '1' ? 'error' : 'silent' } });
  if (t.database.driver.kind === 'postgres') {
    secondDatabase = await openDatabase({ databaseUrl: t.database.driver.client.options.connectionString, pgliteDir: null });
  }
  second = buildApp(t.config, secondDatabase ?? t.database);
  subscribing(second);
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await t?.close();
});

describe('event delivery under load', () => {
  it(`delivers each of ${String(WRITES)} events exactly once, in order per record, across two instances`, { timeout: 600_000 }, async () => {
    const token = (await login(t.app)).token;
    const clients: Api[] = Array.from({ length: CLIENTS }, (_, i) => apiFor(i % 2 === 0 ? t.app : second, token));
    const versions = new Map<number, number>();
    const ours = new Set<number>();
    let written = 0;
    const [last] = await t.db.select({ id: sql<number>`coalesce(max(${domainEvents.id}), 0)::int` }).from(domainEvents);
    baseline = last!.id;

    // Each client creates its units, then all of them update units of every client (stale versions retry).
    await Promise.all(
      clients.map(async (api, c) => {
        for (let u = 0; u < UNITS_PER_CLIENT; u += 1) {
          const res = await api.post(`${API}/units`, { abbreviation: `c${String(c)}u${String(u)}`, name: `Carga ${String(c)}-${String(u)}` });
          expect(res.statusCode, res.body).toBe(201);
          const unit = res.json() as { id: number; version: number };
          ours.add(unit.id);
          versions.set(unit.id, unit.version);
          written += 1;
        }
      }),
    );
    const ids = [...ours];
    let counter = 0;
    await Promise.all(
      clients.map(async (api, c) => {
        for (let n = c; written < WRITES; n += 1) {
          const id = ids[(n * 7 + c) % ids.length]!;
          counter += 1;
          const res = await api.patch(`${API}/units/${String(id)}`, { name: `Carga ${String(id)} #${String(counter)}`, version: versions.get(id) });
          if (res.statusCode === 409) {
            const fresh = (await api.get(`${API}/units/${String(id)}`)).json() as { version: number };
            versions.set(id, Math.max(versions.get(id) ?? 0, fresh.version));
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          const saved = res.json() as { version: number };
          versions.set(id, Math.max(versions.get(id) ?? 0, saved.version));
          written += 1;
        }
      }),
    );
    // Two clients may finish their last write together.
    const total = written;
    expect(total).toBeGreaterThanOrEqual(WRITES);

    const until = Date.now() + 300_000;
    while (deliveries.size < total && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await t.app.events.drain();
    await second.events.drain();

    expect(deliveries.size).toBe(total);
    expect(byRecord.size).toBe(ours.size);
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
    for (const [id, events] of byRecord) {
      expect(events[0]!.type, `unidad ${String(id)}`).toBe('record.created');
      // Each update starts from the name the previous event left: the order of the commits.
      for (let i = 1; i < events.length; i += 1) {
        expect(events[i]!.changes?.name?.old, `unidad ${String(id)}, evento ${String(i)}`).toBe(events[i - 1]!.changes?.name?.new);
      }
      expect(events.length).toBe(versions.get(id));
    }
  });
});
