import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, jobs, users } from '../../src/db/schema';
import type { DomainEvent, EventSubscriber } from '../../src/lib/events/types';
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

/** The jobs still owed to this test's subscribers (or to one of them), in order. */
const owed = (subscriber?: string) =>
  t.db
    .select()
    .from(jobs)
    .where(subscriber ? eq(jobs.queue, `events:${subscriber}`) : like(jobs.queue, 'events:pruebas.%'))
    .orderBy(jobs.id);

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
    expect(await owed()).toEqual([]);
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
    const [first] = await owed('pruebas.inestable');
    expect(first).toMatchObject({ key: `units:${String(a.id)}`, attempts: 1, state: 'pending' });
    expect(first!.lastError).toMatch(/^falla simulada \d+$/);

    await sleep(600);
    await t.app.events.drain();
    expect(names(flaky.received, a.id)).toEqual(['Reintento A1', 'Reintento A1', 'Reintento A2']);
    expect(names(main.received, a.id)).toEqual(['Reintento A1', 'Reintento A2']);
    expect(await owed()).toEqual([]);
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

  it('purges dispatched events past the retention (a job still owed carries its event), keeping the recent ones', async () => {
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
    const owedTo = recorder('pruebas.purga', (e) => e.resource === 'purga' && e.recordId === 2);
    const purger = await t.variant({ eventRetentionDays: 30 }, (app) => subscribing(app, owedTo.subscriber), {
      events: { dispatch: false, settings: { retryBaseMs: 60_000 } },
    });
    // Its first pass queues them, delivers (record 2 fails) and purges.
    await purger.events.drain();
    const left = await t.db.select({ id: domainEvents.id, recordId: domainEvents.recordId }).from(domainEvents).where(eq(domainEvents.resource, 'purga'));
    expect(left.map((r) => r.recordId)).toEqual([3]);
    expect(left.map((r) => r.id)).not.toContain(rows[0]!.id);
    const [kept] = await owed('pruebas.purga');
    expect(kept).toMatchObject({ key: 'purga:2', attempts: 1, state: 'pending', payload: { id: rows[1]!.id, type: 'pruebas.viejo', record_id: 2 } });
    await purger.close();
  });
});
