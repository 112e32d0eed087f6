import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, eventDeliveries, users } from '../../src/db/schema';
import { createDispatcher, DEFAULT_DISPATCHER_SETTINGS } from '../../src/lib/events/dispatcher';
import type { DomainEvent, EventSubscriber } from '../../src/lib/events/types';
import type { Database } from '../../src/db/client';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';

/*
 * Domain events through the HTTP API and the outbox on a seeded database: what the mechanism writes,
 * in which transaction, and how the dispatcher delivers it. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

/** A subscriber that keeps what it receives; `fail` decides per event whether to throw. */
function recorder(name: string, fail: (event: DomainEvent) => boolean = () => false) {
  const received: DomainEvent[] = [];
  const subscriber: EventSubscriber = {
    name,
    async handle(event) {
      received.push(event);
      if (fail(event)) throw new Error(`falla simulada ${String(event.id)}`);
    },
  };
  return { subscriber, received };
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`no ocurrió a tiempo: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Subscribers register like a module does: from a plugin, before the app is ready. */
function subscribing(app: FastifyInstance, ...subscribers: EventSubscriber[]): void {
  app.register(async (instance) => {
    for (const subscriber of subscribers) instance.events.subscribe(subscriber);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let admin: Api;
let adminId: number;
const main = recorder('pruebas.principal');
let failures = 0;
const flaky = recorder('pruebas.inestable', (event) => event.resource === 'units' && event.type === 'record.updated' && failures-- > 0);

beforeAll(async () => {
  t = await createTestApp({
    prepare: (app) => subscribing(app, main.subscriber, flaky.subscriber),
    // Only drain() delivers here, so each test decides when; a quick back-off keeps retries short.
    build: { events: { dispatch: false, settings: { retryBaseMs: 500, retryMaxMs: 500 } } },
  });
  admin = apiFor(t.app, (await login(t.app)).token);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
});
afterAll(async () => t?.close());

async function createUnit(api: Api, abbreviation: string, name: string): Promise<{ id: number; version: number }> {
  const res = await api.post(`${API}/units`, { abbreviation, name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number };
}

const eventsOf = (received: DomainEvent[], resource: string, recordId: number) =>
  received.filter((e) => e.resource === resource && e.recordId === recordId);

describe('domain events', () => {
  it('a create, an update and a delete through the mechanism each deliver their event with the changed fields', async () => {
    const unit = await createUnit(admin, 'ev1', 'Evento uno');
    const updated = await admin.patch(`${API}/units/${String(unit.id)}`, { name: 'Evento uno bis', version: unit.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await admin.del(`${API}/units/${String(unit.id)}`)).statusCode).toBe(204);
    await t.app.events.drain();

    const got = eventsOf(main.received, 'units', unit.id);
    expect(got.map((e) => e.type)).toEqual(['record.created', 'record.updated', 'record.deleted']);
    expect(got[0]).toMatchObject({ actorId: adminId, fromStatus: null, toStatus: null, metadata: null });
    expect(got[0]!.changes).toMatchObject({ abbreviation: { old: null, new: 'ev1' }, name: { old: null, new: 'Evento uno' } });
    expect(got[1]!.changes).toEqual({ name: { old: 'Evento uno', new: 'Evento uno bis' } });
    expect(got[2]!.changes).toMatchObject({ name: { old: 'Evento uno bis', new: null } });
    expect(got[0]!.id).toBeLessThan(got[1]!.id);
    expect(got[1]!.id).toBeLessThan(got[2]!.id);
    expect(got[0]!.occurredAt).toBeInstanceOf(Date);
    // Delivered to every subscriber, then nothing is owed.
    expect(eventsOf(flaky.received, 'units', unit.id).map((e) => e.type)).toEqual(['record.created', 'record.updated', 'record.deleted']);
    expect(await t.db.select().from(eventDeliveries)).toEqual([]);
  });

  it('a refused write and a transaction that rolls back leave no event; a committed one leaves exactly one', async () => {
    await createUnit(admin, 'ev0', 'Evento cero');
    await t.app.events.drain();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents);
    const duplicate = await admin.post(`${API}/units`, { abbreviation: 'ev0', name: 'Evento cero repetido' });
    expect(duplicate.statusCode).toBe(409);
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.events.write(tx, { type: 'record.updated', resource: 'pruebas', recordId: 1, actorId: null });
        throw new Error('revertir');
      }),
    ).rejects.toThrow('revertir');
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(domainEvents)).toEqual(before);

    await t.db.transaction((tx) =>
      t.app.events.write(tx, { type: 'pruebas.hecho', resource: 'pruebas', recordId: 2, actorId: null, metadata: { token: 'x', nota: 'sí' } }),
    );
    await t.app.events.drain();
    expect(eventsOf(main.received, 'pruebas', 1)).toEqual([]);
    const [committed] = eventsOf(main.received, 'pruebas', 2);
    // Secrets never reach the outbox, like the audit trail.
    expect(committed).toMatchObject({ type: 'pruebas.hecho', actorId: null, changes: null, metadata: { token: '[oculto]', nota: 'sí' } });
  });

  it('a subscriber that throws gets the event again later, in order per record, while the others go on', async () => {
    const a = await createUnit(admin, 'ev2', 'Reintento A');
    const b = await createUnit(admin, 'ev3', 'Reintento B');
    await t.app.events.drain();
    failures = 1; // the next update fails once for the flaky subscriber
    const a1 = (await admin.patch(`${API}/units/${String(a.id)}`, { name: 'Reintento A1', version: a.version })).json() as { version: number };
    await admin.patch(`${API}/units/${String(a.id)}`, { name: 'Reintento A2', version: a1.version });
    await admin.patch(`${API}/units/${String(b.id)}`, { name: 'Reintento B1', version: b.version });
    await t.app.events.drain();

    // The first attempt failed: A's second update waits behind it; B is not held up.
    const names = (received: DomainEvent[], id: number) =>
      eventsOf(received, 'units', id)
        .filter((e) => e.type === 'record.updated')
        .map((e) => e.changes?.name?.new);
    expect(names(flaky.received, a.id)).toEqual(['Reintento A1']);
    expect(names(flaky.received, b.id)).toEqual(['Reintento B1']);
    expect(names(main.received, a.id)).toEqual(['Reintento A1', 'Reintento A2']);
    const [owed] = await t.db.select().from(eventDeliveries).where(eq(eventDeliveries.subscriber, 'pruebas.inestable')).orderBy(eventDeliveries.eventId);
    expect(owed).toMatchObject({ resource: 'units', recordId: a.id, attempts: 1 });
    expect(owed!.lastError).toMatch(/^falla simulada \d+$/);

    await sleep(600);
    await t.app.events.drain();
    expect(names(flaky.received, a.id)).toEqual(['Reintento A1', 'Reintento A1', 'Reintento A2']);
    expect(names(main.received, a.id)).toEqual(['Reintento A1', 'Reintento A2']);
    expect(await t.db.select().from(eventDeliveries)).toEqual([]);
  });

  it("a role's permission change is a roles event with the matrix change", async () => {
    const created = await admin.post(`${API}/roles`, { name: 'Eventos', permissions: [{ module: 'config_units', view: true }] });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as { id: number; version: number };
    const res = await admin.patch(`${API}/roles/${String(role.id)}`, { permissions: [{ module: 'config_units', view: true, create: true }], version: role.version });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.events.drain();
    const got = eventsOf(main.received, 'roles', role.id);
    expect(got.map((e) => e.type)).toEqual(['record.created', 'record.updated']);
    expect(Object.keys(got[1]!.changes ?? {})).toEqual(['permissions.config_units']);
    const [audited] = await t.db.execute<{ changes: unknown }>(sql`select changes from audit_log where entity = 'roles' and entity_id = ${role.id} and action = 'update'`).then((r) => r.rows);
    expect(got[1]!.changes).toEqual(audited!.changes);
  });

  it('events written while no dispatcher runs are delivered once one starts (a restart)', async () => {
    const unit = await createUnit(admin, 'ev4', 'Mientras tanto');
    await sleep(50);
    expect(eventsOf(main.received, 'units', unit.id)).toEqual([]);
    const [row] = await t.db.select().from(domainEvents).where(and(eq(domainEvents.resource, 'units'), eq(domainEvents.recordId, unit.id)));
    expect(row!.dispatchedAt).toBeNull();

    const late = recorder('pruebas.principal');
    const restarted = await t.variant({}, (app) => subscribing(app, late.subscriber));
    await eventually(() => eventsOf(late.received, 'units', unit.id).length === 1, 'entrega tras el arranque');
    expect(eventsOf(late.received, 'units', unit.id)[0]).toMatchObject({ type: 'record.created', actorId: adminId });
    // A write on the running app is delivered without drain (the nudge after its response).
    const res = await apiFor(restarted, (await login(restarted)).token).patch(`${API}/units/${String(unit.id)}`, { name: 'Ya despierto', version: unit.version });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => eventsOf(late.received, 'units', unit.id).length === 2, 'entrega inmediata');
    await restarted.close();
  });

  it('purges delivered events past the retention, keeping those still owed and the recent ones', async () => {
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const rows = await t.db
      .insert(domainEvents)
      .values([
        { type: 'pruebas.viejo', resource: 'purga', recordId: 1, actorId: null, occurredAt: old },
        { type: 'pruebas.viejo', resource: 'purga', recordId: 2, actorId: null, occurredAt: old },
        { type: 'pruebas.nuevo', resource: 'purga', recordId: 3, actorId: null },
      ])
      .returning({ id: domainEvents.id });
    failures = 0;
    const owedTo = recorder('pruebas.purga', (e) => e.recordId === 2);
    const purger = await t.variant({ eventRetentionDays: 30 }, (app) => subscribing(app, owedTo.subscriber), {
      events: { dispatch: false, settings: { retryBaseMs: 60_000 } },
    });
    // Its first round queues them, delivers (record 2 fails) and purges.
    await purger.events.drain();
    await purger.events.drain();
    const left = await t.db.select({ id: domainEvents.id, recordId: domainEvents.recordId }).from(domainEvents).where(eq(domainEvents.resource, 'purga'));
    expect(left.map((r) => r.recordId).sort()).toEqual([2, 3]);
    expect(left.map((r) => r.id)).not.toContain(rows[0]!.id);
    await purger.close();
  });

  it('a round that finds nothing to do is one statement; one that delivers, a statement per step for all subscribers', async () => {
    // The dispatcher's statements, counted on its handle: a statement (execute) or a transaction.
    const calls = { execute: 0, transaction: 0 };
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if ((key === 'execute' || key === 'transaction') && typeof value === 'function') {
          return (...args: unknown[]) => {
            calls[key] += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const [first, second] = [recorder('pruebas.contador'), recorder('pruebas.contador2')];
    const dispatcher = createDispatcher(
      { ...t.database, db: counted } as Database,
      [first.subscriber, second.subscriber],
      { ...DEFAULT_DISPATCHER_SETTINGS, retentionDays: 30 },
      console,
    );
    await dispatcher.drain();
    const unit = await createUnit(admin, 'ev6', 'Contado');
    Object.assign(calls, { execute: 0, transaction: 0 });
    await dispatcher.drain();
    for (const { received } of [first, second]) expect(eventsOf(received, 'units', unit.id).map((e) => e.type)).toEqual(['record.created']);
    // One round delivers to both subscribers (locked fan-out telling what is due, claim, delete) and knows nothing else is due.
    expect(calls).toEqual({ execute: 3, transaction: 0 });

    // Two events of one record: the second is claimed once the first is delivered, by a second round the first one knew to ask for.
    const renamed = await admin.patch(`${API}/units/${String(unit.id)}`, { name: 'Contado dos', version: unit.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await admin.del(`${API}/units/${String(unit.id)}`)).statusCode).toBe(204);
    Object.assign(calls, { execute: 0, transaction: 0 });
    await dispatcher.drain();
    for (const { received } of [first, second]) {
      expect(eventsOf(received, 'units', unit.id).map((e) => e.type)).toEqual(['record.created', 'record.updated', 'record.deleted']);
    }
    expect(calls).toEqual({ execute: 3 + 3, transaction: 0 });
    Object.assign(calls, { execute: 0, transaction: 0 });
    await dispatcher.drain();
    expect(calls).toEqual({ execute: 1, transaction: 0 });
  });

  it('a lone nudge starts a round at once; a stream of writes within the gap is delivered by one round after it', async () => {
    const gapMs = 1_500;
    // Each round starts with its fan-out: counted, with when it started.
    const rounds: number[] = [];
    const timed = new Proxy(t.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'execute' || typeof value !== 'function') return value;
        return (statement: SQL) => {
          if (new PgDialect().sqlToQuery(statement).sql.includes('fan_out_lock')) rounds.push(performance.now());
          return (value as (s: SQL) => unknown).call(target, statement);
        };
      },
    });
    const delivered: { recordId: number; round: number }[] = [];
    const subscriber: EventSubscriber = {
      name: 'pruebas.espaciado',
      async handle(event) {
        if (event.resource === 'units') delivered.push({ recordId: event.recordId, round: rounds.length });
      },
    };
    const dispatcher = createDispatcher({ ...t.database, db: timed } as Database, [subscriber], { ...DEFAULT_DISPATCHER_SETTINGS, retentionDays: 30, pollMs: 600_000, roundGapMs: gapMs }, console);
    await dispatcher.start();
    try {
      await eventually(() => rounds.length === 1, 'la ronda del arranque');
      await sleep(gapMs + 100);

      // Long after the last round: the nudge's round starts before anything else runs.
      const lone = await createUnit(admin, 'ev7', 'Sola');
      dispatcher.nudge();
      await new Promise((resolve) => setImmediate(resolve));
      expect(rounds).toHaveLength(2);
      await eventually(() => delivered.some((d) => d.recordId === lone.id), 'la entrega de la escritura sola');
      const loneRound = rounds[1]!;

      // Three writes right after it, each nudging: held until the gap has passed, then one round for all.
      const stream = [await createUnit(admin, 'ev8', 'Serie uno'), await createUnit(admin, 'ev9', 'Serie dos'), await createUnit(admin, 'ev10', 'Serie tres')];
      for (let i = 0; i < 3; i++) dispatcher.nudge();
      await eventually(() => stream.every((u) => delivered.some((d) => d.recordId === u.id)), 'la entrega de la serie');
      expect(delivered.filter((d) => stream.some((u) => u.id === d.recordId)).map((d) => d.round)).toEqual([3, 3, 3]);
      expect(rounds[2]! - loneRound).toBeGreaterThanOrEqual(gapMs - 1);
    } finally {
      await dispatcher.stop();
    }
  });
});
