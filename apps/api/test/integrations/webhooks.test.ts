import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addBusinessDays, businessToday, INTEGRATION_MESSAGES, type WebhookCreated, type WebhookDelivery, type WebhookEvent } from '@goc/contracts';
import type { HostResolver, WebhookSettings } from '../../src/modules/integrations/settings';
import { jobs, webhookDeliveries, webhooks } from '../../src/db/schema';
import { writeEvent } from '../../src/lib/events/outbox';
import { isPublicAddress } from '../../src/modules/integrations/address-guard';
import { WEBHOOK_QUEUE } from '../../src/modules/integrations/deliveries';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api } from '../catalogs/support';
import { startReceiver, verifies, type Receiver } from './receiver';

/*
 * Webhooks through the HTTP API (docs/integrations.md): deliveries come from the outbox (none for a
 * rolled-back write, none lost while no dispatcher runs), signed, retried on their schedule (each
 * item's wait read from lib/jobs, then made due instead of waited out), in order per record, once per
 * event with several processes, dead with its error once the attempts are spent, only what the creator
 * may read, and never to a private address unless GOC_WEBHOOK_ALLOW_PRIVATE. Receivers listen on
 * 127.0.0.1 only. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const HOOKS = `${API}/webhooks`;
const START = Date.parse('2026-11-26T12:00:00Z');
let clock = START;

/** The mocked DNS: names the tests resolve, never the network. */
const DNS: Record<string, string> = { 'receptor.example': '127.0.0.2', 'cambia.example': '93.184.216.34' };
const resolver: HostResolver = async (host) => {
  const address = DNS[host];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const settings = (allowPrivate: boolean): Partial<WebhookSettings> => ({ allowPrivate, resolve: resolver, now: () => clock });

let t: TestApp;
let admin: Api;
let receiver: Receiver;
let workId: number;
let materialId: number;

/** Fans out the committed events, writes the deliveries and sends whatever is due, in this process. */
const drain = (app: FastifyInstance = t.app) => app.events.drain();

const pendingItems = () => t.db.select().from(jobs).where(and(eq(jobs.queue, WEBHOOK_QUEUE), eq(jobs.state, 'pending'))).orderBy(jobs.id);

/** The one pending delivery item waits `seconds` from now (less what the test took since it failed). */
async function expectWait(seconds: number): Promise<void> {
  const [item] = (await t.db.execute<{ wait: number }>(sql`select extract(epoch from run_at - now())::float8 as wait from jobs where queue = ${WEBHOOK_QUEUE} and state = 'pending'`)).rows;
  expect(Number(item!.wait)).toBeGreaterThan(seconds - 20);
  expect(Number(item!.wait)).toBeLessThanOrEqual(seconds);
}

/** The delivery items waiting out a back-off become due now. */
const dueNow = () => t.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.queue, WEBHOOK_QUEUE), eq(jobs.state, 'pending')));

async function hook(body: Record<string, unknown>, api = admin): Promise<WebhookCreated> {
  const res = await api.post(HOOKS, { url: receiver.url, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookCreated;
}

async function order(api = admin): Promise<{ id: number; version: number; folio: string }> {
  const res = await api.post(`${API}/orders`, { workId, requiredDate: addBusinessDays(businessToday(), 21), lines: [{ materialId, quantity: 3 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; version: number; folio: string };
}

async function deliveries(id: number): Promise<WebhookDelivery[]> {
  const res = await admin.get(`${HOOKS}/${id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: WebhookDelivery[] }).items;
}

const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestApp({ demoData: true, config: { webhooks: settings(true) }, build: { events: { dispatch: false } } });
  admin = apiFor(t.app, (await login(t.app)).token);
  workId = Number((await optionsOf(admin, '/works', 'planeacion,en_ejecucion'))[0]!.value);
  materialId = Number((await optionsOf(admin, '/materials'))[0]!.value);
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

beforeEach(async () => {
  // Each test starts from no webhook and nothing owed (events of earlier tests already handled).
  await drain();
  await t.db.delete(webhooks);
  await t.db.delete(jobs).where(eq(jobs.queue, WEBHOOK_QUEUE));
  receiver.received.length = 0;
  receiver.answers.length = 0;
  clock = START;
});

describe('managing webhooks', () => {
  it('lists the events as <resource>.<action> from the outbox rows', async () => {
    const res = await admin.get(`${HOOKS}/events`);
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { items: WebhookEvent[] }).items.map((e) => e.name);
    for (const name of ['orders.created', 'orders.updated', 'orders.transitioned', 'movements.created', 'movements.transitioned', 'cuts.transitioned', 'employees.created', 'materials.deleted']) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain('materials.transitioned');
    expect((res.json() as { items: WebhookEvent[] }).items.find((e) => e.name === 'orders.created')?.label).toBe('Pedidos: creado');
  });

  it('shows the secret once, lists and updates without it, refuses unknown events in Spanish', async () => {
    const created = await hook({ events: ['orders.created'], description: 'Contabilidad' });
    expect(created).toMatchObject({ url: receiver.url, events: ['orders.created'], description: 'Contabilidad', active: true, version: 1 });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await admin.get(HOOKS);
    expect(list.body).not.toContain(created.secret);
    const patched = await admin.patch(`${HOOKS}/${created.id}`, { version: 1, events: ['orders.created', 'orders.transitioned'] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['orders.created', 'orders.transitioned'], version: 2 });
    expect((await admin.patch(`${HOOKS}/${created.id}`, { version: 1, description: 'x' })).statusCode).toBe(409);
    const unknown = await admin.post(HOOKS, { url: receiver.url, events: ['orders.printed'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'El evento orders.printed no existe', fields: { events: 'El evento orders.printed no existe' } });
    const none = await admin.post(HOOKS, { url: receiver.url, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ events: INTEGRATION_MESSAGES.webhookEvents });
    expect((await admin.del(`${HOOKS}/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${HOOKS}/${created.id}`)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('retries a receiver answering 500 twice then 200: the same GOC-Delivery three times, each signature verifying, on the backoff schedule', async () => {
    const created = await hook({ events: ['orders.created'] });
    receiver.answers.push(500, 500);
    const placed = await order();
    await drain();
    expect(receiver.received).toHaveLength(1);
    // Not due before its back-off: 1 minute after the first failure, then 5.
    await expectWait(60);
    await drain();
    expect(receiver.received).toHaveLength(1);
    await dueNow();
    await drain();
    expect(receiver.received).toHaveLength(2);
    await expectWait(5 * 60);
    await dueNow();
    await drain();
    expect(receiver.received).toHaveLength(3);

    const ids = receiver.received.map((r) => r.headers['goc-delivery']);
    expect(new Set(ids).size).toBe(1);
    for (const r of receiver.received) {
      expect(r.headers['goc-event']).toBe('orders.created');
      expect(r.headers['content-type']).toBe('application/json');
      expect(verifies(created.secret, r.headers['goc-signature'], r.body)).toBe(true);
      expect(verifies('otro-secreto', r.headers['goc-signature'], r.body)).toBe(false);
    }
    const body = bodies()[0]!;
    expect(body).toMatchObject({ id: ids[0], event: 'orders.created', resource: 'orders', recordId: placed.id, actor: { name: expect.any(String) } });
    expect((body.data as { record: { folio: string } }).record.folio).toBe(placed.folio);
    expect(String(receiver.received[2]!.headers['goc-signature'])).toMatch(new RegExp(`^t=${Math.floor(clock / 1000)},v1=`));

    const [log] = await deliveries(created.id);
    expect(log).toMatchObject({ deliveryId: ids[0], event: 'orders.created', status: 'succeeded', attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    // Delivered: nothing more goes out.
    expect(await pendingItems()).toEqual([]);
    await drain();
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after 8 attempts over about a day: the delivery failed, its item dead with the receiver’s answer', async () => {
    const created = await hook({ events: ['orders.created'] });
    receiver.answers.push(...Array<number>(8).fill(503));
    await order();
    await drain();
    for (const minutes of [1, 5, 30, 60, 180, 360, 720]) {
      await expectWait(minutes * 60);
      await dueNow();
      await drain();
    }
    expect(receiver.received).toHaveLength(8);
    const [log] = await deliveries(created.id);
    expect(log).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 503, lastError: 'El receptor respondió 503', nextAttemptAt: null });
    const dead = await t.db.select().from(jobs).where(eq(jobs.queue, WEBHOOK_QUEUE));
    expect(dead).toMatchObject([{ state: 'dead', attempts: 8, lastError: 'El receptor respondió 503', payload: { deliveryId: log!.id } }]);
  });

  it('delivers the events of one record in order: a later event waits while an earlier one is retried', async () => {
    await hook({ events: ['orders.created', 'orders.transitioned'] });
    receiver.answers.push(500);
    const placed = await order();
    const sent = await admin.post(`${API}/orders/${placed.id}/transitions`, { to: 'enviado', version: placed.version });
    expect(sent.statusCode, sent.body).toBe(200);
    await drain();
    expect(bodies().map((b) => b.event)).toEqual(['orders.created']);
    await dueNow();
    await drain();
    expect(bodies().map((b) => b.event)).toEqual(['orders.created', 'orders.created', 'orders.transitioned']);
    expect(bodies()[2]!.data).toMatchObject({ fromStatus: 'borrador', toStatus: 'enviado' });
  });

  it('sends nothing for a write that rolled back', async () => {
    await hook({ events: ['orders.created'] });
    const placed = await order();
    await drain();
    expect(receiver.received).toHaveLength(1);
    await t.db
      .transaction(async (tx) => {
        await writeEvent(tx, { type: 'record.created', resource: 'orders', recordId: placed.id, actorId: null });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await drain();
    expect(receiver.received).toHaveLength(1);
  });

  it('carries only what the creator may read: nothing about an order outside their "mine" view', async () => {
    const role = await createRole(t.db, 'Integra sus pedidos', { admin: ['view', 'create', 'edit', 'delete'], my_orders: ['view', 'create', 'edit'] });
    const user = await createUser(t.app, { roleId: role });
    const them = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    const created = await hook({ events: ['orders.created'] }, them);
    await order(admin);
    const own = await order(them);
    await drain();
    expect(bodies().map((b) => b.recordId)).toEqual([own.id]);
    expect((await deliveries(created.id)).map((d) => d.recordId)).toEqual([own.id]);
  });

  it('sends each event once when two processes deliver the same rows at the same time', async () => {
    const other = await t.variant({ webhooks: settings(true) }, undefined, { events: { dispatch: false } });
    const created = await hook({ events: ['orders.created'] });
    for (let i = 0; i < 6; i++) await order();
    await Promise.all([t.app.events.drain(), other.events.drain(), t.app.events.drain(), other.events.drain()]);
    const ids = receiver.received.map((r) => r.headers['goc-delivery']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect((await deliveries(created.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('sends a test at once and answers with its outcome; redelivers a finished delivery with the same GOC-Delivery', async () => {
    const created = await hook({ events: ['orders.created'] });
    const test = await admin.post(`${HOOKS}/${created.id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ event: 'webhooks.test', status: 'succeeded', attempts: 1, lastStatusCode: 200 });
    expect(receiver.received[0]!.headers['goc-event']).toBe('webhooks.test');
    expect(verifies(created.secret, receiver.received[0]!.headers['goc-signature'], receiver.received[0]!.body)).toBe(true);

    receiver.answers.push(500);
    const failed = await admin.post(`${HOOKS}/${created.id}/test`);
    expect(failed.json()).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 500, lastError: 'El receptor respondió 500' });

    await order();
    await drain();
    const [delivered] = (await deliveries(created.id)).filter((d) => d.event === 'orders.created');
    const again = await admin.post(`${HOOKS}/${created.id}/deliveries/${delivered!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await drain();
    const keys = receiver.received.filter((r) => r.headers['goc-event'] === 'orders.created').map((r) => r.headers['goc-delivery']);
    expect(keys).toEqual([delivered!.deliveryId, delivered!.deliveryId]);
    expect((await admin.post(`${HOOKS}/${created.id}/deliveries/999999/redeliver`)).statusCode).toBe(404);
  });

  it('deactivates a webhook failing for 3 days and tells its creator', async () => {
    const created = await hook({ events: ['orders.created'] });
    receiver.answers.push(...Array<number>(40).fill(500));
    await order();
    await drain();
    const [first] = await t.db.select({ failingSince: webhooks.failingSince }).from(webhooks).where(eq(webhooks.id, created.id));
    expect(first!.failingSince?.getTime()).toBe(START);
    clock = START + 3 * 24 * 3_600_000 - 60_000;
    await order();
    await drain();
    expect((await admin.get(`${HOOKS}/${created.id}`)).json()).toMatchObject({ active: true });
    clock = START + 3 * 24 * 3_600_000;
    await dueNow();
    await drain();
    expect((await admin.get(`${HOOKS}/${created.id}`)).json()).toMatchObject({ active: false });
    await t.app.events.drain();
    const bell = (await admin.get(`${API}/notifications?pageSize=50`)).json() as { items: { type: string; title: string; body: string; link: string }[] };
    const told = bell.items.filter((n) => n.type === 'webhook_disabled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Se desactivó un webhook', link: '/configuracion/integraciones' });
    expect(told[0]!.body).toBe(`Las entregas a ${receiver.url} fallaron durante 3 días y el webhook se desactivó; revisa el receptor y vuelve a activarlo en Integraciones.`);
    // Inactive: nothing is sent, the deliveries wait; reactivated, the count of failing days starts
    // over and what waited goes out.
    const before = receiver.received.length;
    clock += 24 * 3_600_000;
    await dueNow();
    await drain();
    expect(receiver.received).toHaveLength(before);
    const waiting = (await deliveries(created.id)).filter((d) => d.status === 'pending');
    expect(waiting).toHaveLength(2);
    const on = await admin.patch(`${HOOKS}/${created.id}`, { version: 2, active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ active: true, failingSince: null });
    await drain();
    expect(receiver.received).toHaveLength(before + 2);
  });
});

describe('address safety without GOC_WEBHOOK_ALLOW_PRIVATE', () => {
  it('judges loopback, private, link-local, CGNAT, metadata and their IPv6 forms as not public', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00:ec2::254', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses http://127.0.0.1, https to a loopback address and a name resolving to 127.0.0.2 (422, Spanish); the receiver gets nothing', async () => {
    const strict = await t.variant({ webhooks: settings(false) }, undefined, { events: { dispatch: false } });
    const api = apiFor(strict, (await login(strict)).token);
    const attempts = [
      { url: `http://127.0.0.1:${receiver.port}/hook`, message: INTEGRATION_MESSAGES.webhookHttps },
      { url: `https://127.0.0.1:${receiver.port}/hook`, message: INTEGRATION_MESSAGES.webhookPrivate },
      { url: `https://[::1]:${receiver.port}/hook`, message: INTEGRATION_MESSAGES.webhookPrivate },
      { url: `https://receptor.example:${receiver.port}/hook`, message: INTEGRATION_MESSAGES.webhookPrivate },
      { url: 'https://nadie.example/hook', message: INTEGRATION_MESSAGES.webhookUnresolved },
      { url: 'https://usuario:clave@cambia.example/hook', message: INTEGRATION_MESSAGES.webhookCredentials },
    ];
    for (const { url, message } of attempts) {
      const res = await api.post(HOOKS, { url, events: ['orders.created'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ message, fields: { url: message } });
    }
    expect(await t.db.$count(webhooks)).toBe(0);

    // A name that resolved to a public address when created and to loopback at delivery is refused then.
    const created = await api.post(HOOKS, { url: `https://cambia.example:${receiver.port}/hook`, events: ['orders.created'] });
    expect(created.statusCode, created.body).toBe(201);
    DNS['cambia.example'] = '127.0.0.1';
    try {
      await order();
      // This process's subscriber queues the delivery and its worker (no allow flag) tries it.
      await strict.events.drain();
      const [log] = await t.db.select().from(webhookDeliveries).where(sql`${webhookDeliveries.webhookId} = ${(created.json() as { id: number }).id}`);
      expect(log).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: INTEGRATION_MESSAGES.webhookPrivate });
      expect(receiver.received).toHaveLength(0);
    } finally {
      DNS['cambia.example'] = '93.184.216.34';
      await t.db.delete(webhooks);
    }
  });
});

describe('the outbox as the source', () => {
  it('delivers events written while no dispatcher ran once one starts', async () => {
    await hook({ events: ['orders.created'] });
    const placed = await order();
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(0);
    // Another process starts with its dispatcher on: it finds the event in the outbox and delivers it.
    await t.variant({ webhooks: settings(true) }, undefined, { events: { settings: { pollMs: 50 } } });
    for (let i = 0; i < 200 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(bodies().map((b) => b.recordId)).toEqual([placed.id]);
  });
});
