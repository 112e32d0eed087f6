import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { API, apiFor, optionsOf, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { openSse, type SseClient } from './sse';

/*
 * Two real API processes on one PostgreSQL (TEST_DATABASE_URL): process A is `tsx src/server.ts`
 * in a child process, process B is this test's app with its outbox dispatcher off — so the order
 * sent through A is delivered, stored and announced (pg_notify) by A alone, and reaches the SSE
 * client connected to B only through PostgreSQL LISTEN/NOTIFY. The embedded database has one
 * process by design (stream.test.ts covers it with two apps).
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let bUrl = '';
let aUrl = '';
let processA: ApiProcess | undefined;
let client: SseClient | undefined;

async function onA(path: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${aUrl}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ demoData: true, build: { events: { dispatch: false } } });
  bUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  processA = await startApiProcess(t);
  aUrl = processA.url;
}, 120_000);

afterAll(async () => {
  client?.close();
  await processA?.stop();
  await t?.close();
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it('an order sent through process A reaches an SSE client of process B within 2 s', async () => {
    const resident = await createUser(t.app, { roleId: await createRole(t.db, 'Residente procesos', { my_orders: ['view', 'create', 'edit'] }) });
    const purchaser = await createUser(t.app, { roleId: await createRole(t.db, 'Compras procesos', { history: ['view', 'edit'] }) });
    const residentOnB = apiFor(t.app, (await login(t.app, resident.username, resident.password)).token);
    const workId = await orderableWorkId(residentOnB);
    const cement = Number((await optionsOf(residentOnB, '/materials'))[0]!.value);

    // The purchaser's stream, on B.
    const purchaserToken = (await login(t.app, purchaser.username, purchaser.password)).token;
    const issued = await t.app.inject({ method: 'POST', url: `${API}/notifications/stream-ticket`, headers: bearer(purchaserToken) });
    client = await openSse(`${bUrl}${API}/notifications/stream?ticket=${(issued.json() as { ticket: string }).ticket}`);
    expect(client.status).toBe(200);

    // The resident signs in and sends the order on A.
    const session = await onA('/auth/login', { username: resident.username, password: resident.password });
    expect(session.status).toBe(200);
    const token = session.json.token as string;
    const order = await onA('/orders', { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 2 }] }, token);
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const started = Date.now();
    const sent = await onA(`/orders/${String(order.json.id)}/transitions`, { to: 'enviado', version: order.json.version }, token);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const folio = String(order.json.folio);
    await client.waitFor(() => client!.events.some((e) => e.item.title === `Pedido ${folio} enviado a compras`), 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(client.events.find((e) => e.item.title.includes(folio))!.item).toMatchObject({ type: 'order_sent', link: `/pedidos/historico?q=${folio}` });
  });
});
