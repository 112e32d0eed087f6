import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationStreamTickets, refreshTokens } from '../../src/db/schema';
import { createStreamHub } from '../../src/modules/notifications/hub';
import { notificationSettings } from '../../src/modules/notifications/settings';
import { bearer, createRole, createTestApp, createUser, login, testConfig, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api, type Row, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { openSse, type SseClient } from './sse';
import { bell } from './support';

/*
 * The live stream over real HTTP (127.0.0.1, random ports): tickets, the event of a new
 * notification within 2 s on another API process of the same database (PostgreSQL LISTEN/NOTIFY;
 * the embedded database in memory), heartbeats, Last-Event-ID and the end of the session.
 */

const FAST = { heartbeatMs: 150, sessionCheckMs: 150 };

let t: TestApp;
/** Process B: the stream's; `t.app` (process A) takes the actions. */
let b: FastifyInstance;
let bUrl: string;
let resident: { id: number; api: Api; token: string };
let purchaser: { id: number; api: Api; token: string };
let workId: number;
let cement: number;
const clients: SseClient[] = [];

async function person(roleId: number) {
  const user = await createUser(t.app, { roleId });
  const { token } = await login(t.app, user.username, user.password);
  return { id: user.id, api: apiFor(t.app, token), token };
}

async function ticket(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { ticket: string }).ticket;
}

async function stream(token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await openSse(`${bUrl}${API}/notifications/stream?ticket=${await ticket(b, token)}`, headers);
  clients.push(client);
  return client;
}

/**
 * A resident's order sent through process A. Nothing else: the transition's event goes through the
 * outbox to the notifications subscriber of whichever process delivers it.
 */
async function sendOrder(): Promise<string> {
  const created = await resident.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 2 }] });
  const order = created.json() as { id: number; version: number; folio: string };
  const sent = await resident.api.post(`${API}/orders/${order.id}/transitions`, { to: 'enviado', version: order.version });
  expect(sent.statusCode, sent.body).toBe(200);
  return order.folio;
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true, config: { notifications: FAST } });
  b = await t.variant({ notifications: FAST });
  bUrl = await b.listen({ host: '127.0.0.1', port: 0 });
  resident = await person(await createRole(t.db, 'Residente en vivo', { my_orders: ['view', 'create', 'edit'] }));
  purchaser = await person(await createRole(t.db, 'Compras en vivo', { history: ['view', 'edit'] }));
  workId = await orderableWorkId(resident.api);
  cement = Number((await optionsOf(resident.api, '/materials'))[0]!.value);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

describe('stream tickets', () => {
  it('a ticket opens the stream once; spent, expired, unknown or missing tickets get 401 / 400 in Spanish', async () => {
    const value = await ticket(t.app, purchaser.token);
    const url = `${bUrl}${API}/notifications/stream?ticket=${value}`;
    const first = await openSse(url);
    clients.push(first);
    expect(first.status).toBe(200);
    const again = await fetch(url);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: 'El boleto de conexión no es válido o ya se usó; solicita uno nuevo' });
    expect((await fetch(`${bUrl}${API}/notifications/stream?ticket=inventado`)).status).toBe(401);
    expect((await fetch(`${bUrl}${API}/notifications/stream`)).status).toBe(400);
    const stale = await ticket(t.app, purchaser.token);
    await t.db.update(notificationStreamTickets).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(notificationStreamTickets.userId, purchaser.id));
    expect((await fetch(`${bUrl}${API}/notifications/stream?ticket=${stale}`)).status).toBe(401);
    first.close();
  });
});

describe('through the domain events', () => {
  it('a refused transition (stale version) tells nobody: no event, no notification', async () => {
    const created = await resident.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 2 }] });
    const order = created.json() as { id: number; version: number; folio: string };
    const refused = await resident.api.post(`${API}/orders/${order.id}/transitions`, { to: 'enviado', version: order.version + 1 });
    expect(refused.statusCode).toBe(409);
    await t.app.events.drain();
    await b.events.drain();
    expect((await bell(purchaser.api, '?pageSize=50')).items.filter((i) => i.title.includes(order.folio))).toEqual([]);
  });

  it('an order sent is in the purchaser’s list once the outbox delivered it', async () => {
    const folio = await sendOrder();
    // Either process may be the one delivering it.
    const mine = async () => (await bell(purchaser.api, '?pageSize=50')).items.filter((i) => i.title.includes(folio));
    const deadline = Date.now() + 2_000;
    await Promise.all([t.app.events.drain(), b.events.drain()]);
    while ((await mine()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const items = await mine();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'order_sent', title: `Pedido ${folio} enviado a compras`, link: `/pedidos/historico?q=${folio}` });
    expect((await bell(resident.api, '?pageSize=50')).items.filter((i) => i.title.includes(folio))).toEqual([]);
  });
});

describe('live notifications', () => {
  it('an order sent through process A reaches the purchaser’s stream on process B within 2 s', async () => {
    const client = await stream(purchaser.token);
    expect(client.status).toBe(200);
    const folio = await sendOrder();
    await client.waitFor(() => client.events.some((e) => e.item.title === `Pedido ${folio} enviado a compras`), 2_000);
    const event = client.events.find((e) => e.item.title.includes(folio))!;
    expect(event.event).toBe('notification');
    expect(event.id).toBe(String(event.item.id));
    expect(event.item).toMatchObject({ type: 'order_sent', link: `/pedidos/historico?q=${folio}`, readAt: null });
    // The resident sent it: their own stream hears nothing.
    const own = await stream(resident.token);
    await sendOrder();
    await client.waitFor(() => client.events.length >= 2);
    expect(own.events).toEqual([]);
    client.close();
    own.close();
  });

  it('sends a heartbeat comment on an idle stream', async () => {
    const client = await stream(purchaser.token);
    await client.waitFor(() => client.comments.includes('latido'), 2_000);
    client.close();
  });

  it('Last-Event-ID replays what was missed, then goes on live', async () => {
    const client = await stream(purchaser.token);
    const folio = await sendOrder();
    await client.waitFor(() => client.events.some((e) => e.item.title.includes(folio)));
    const seen = Number(client.events.at(-1)!.id);
    client.close();
    const missed = await sendOrder();
    const resumed = await stream(purchaser.token, { 'last-event-id': String(seen) });
    await resumed.waitFor(() => resumed.events.some((e) => e.item.title.includes(missed)));
    expect(resumed.events.every((e) => Number(e.id) > seen)).toBe(true);
    const live = await sendOrder();
    await resumed.waitFor(() => resumed.events.some((e) => e.item.title.includes(live)));
    expect(new Set(resumed.events.map((e) => e.id)).size).toBe(resumed.events.length);
    resumed.close();
  });

  it('a client reconnecting with a new ticket resumes from lastEventId in the query', async () => {
    const client = await stream(purchaser.token);
    const folio = await sendOrder();
    await client.waitFor(() => client.events.some((e) => e.item.title.includes(folio)));
    const seen = Number(client.events.at(-1)!.id);
    client.close();
    const missed = await sendOrder();
    const resumed = await openSse(`${bUrl}${API}/notifications/stream?ticket=${await ticket(b, purchaser.token)}&lastEventId=${seen}`);
    clients.push(resumed);
    await resumed.waitFor(() => resumed.events.some((e) => e.item.title.includes(missed)));
    expect(resumed.events.map((e) => Number(e.id)).every((id) => id > seen)).toBe(true);
    resumed.close();
  });

  it('ends when the session ends (logout)', async () => {
    const user = await createUser(t.app, { roleId: (await t.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, purchaser.id) }))!.roleId });
    const session = await login(t.app, user.username, user.password);
    const client = await stream(session.token);
    const out = await t.app.inject({ method: 'POST', url: `${API}/auth/logout`, payload: { refreshToken: session.refreshToken } });
    expect(out.statusCode).toBeLessThan(300);
    await Promise.race([client.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 2_000))]);
  });

  it('ends when the user is deactivated', async () => {
    const user = await createUser(t.app, { roleId: (await t.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.id, purchaser.id) }))!.roleId });
    const session = await login(t.app, user.username, user.password);
    const client = await stream(session.token);
    const admin = apiFor(t.app, (await login(t.app)).token);
    const current = (await admin.get(`${API}/users/${user.id}`)).json() as Row;
    const res = await admin.patch(`${API}/users/${user.id}`, { version: current.version, active: false });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.race([client.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 2_000))]);
  });
});

describe('the heartbeat as configured by default', () => {
  it('is a comment every 25 s on every open stream', async () => {
    const session = await login(t.app);
    const [row] = await t.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.userId, session.user.id)).limit(1);
    const written: string[] = [];
    const response = { write: (chunk: string) => void written.push(chunk), end: () => undefined, on: () => undefined } as unknown as ServerResponse;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hub = createStreamHub(t.db, notificationSettings(testConfig()));
    try {
      hub.start();
      await hub.open(session.user.id, row!.familyId, response, async () => []);
      await vi.advanceTimersByTimeAsync(24_999);
      expect(written).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(written).toEqual([': latido\n\n']);
      await vi.advanceTimersByTimeAsync(25_000);
      expect(written).toEqual([': latido\n\n', ': latido\n\n']);
    } finally {
      hub.close();
      vi.useRealTimers();
    }
  });
});
