import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, businessToday, type ApiKeyCreated } from '@goc/contracts';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api } from '../catalogs/support';
import { startReceiver, type Receiver } from './receiver';

/*
 * Two real API processes on one PostgreSQL (TEST_DATABASE_URL): this test's app and process A
 * (`tsx src/server.ts`, GOC_WEBHOOK_ALLOW_PRIVATE=true so it may deliver to the receiver on
 * 127.0.0.1). A key revoked through one is refused by the other at its next request; both
 * dispatchers and delivery workers run at once and each event reaches the receiver once.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: Api;
let processA: ApiProcess | undefined;
let receiver: Receiver;

const onA = (path: string, init: { method?: string; token: string; body?: unknown }) =>
  fetch(`${processA!.url}${API}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startReceiver();
  t = await createTestApp({ demoData: true, config: { webhooks: { allowPrivate: true } }, build: { events: { settings: { pollMs: 200 } } } });
  admin = apiFor(t.app, (await login(t.app)).token);
  const before = process.env.GOC_WEBHOOK_ALLOW_PRIVATE;
  process.env.GOC_WEBHOOK_ALLOW_PRIVATE = 'true';
  try {
    processA = await startApiProcess(t);
  } finally {
    if (before === undefined) delete process.env.GOC_WEBHOOK_ALLOW_PRIVATE;
    else process.env.GOC_WEBHOOK_ALLOW_PRIVATE = before;
  }
}, 120_000);

afterAll(async () => {
  await processA?.stop();
  await t?.close();
  await receiver?.close();
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it("refuses a key revoked through this process at process A's next request", async () => {
    const res = await admin.post(`${API}/api-keys`, { name: 'Entre procesos', roleId: (await optionsOf(admin, '/roles'))[0]!.value });
    expect(res.statusCode, res.body).toBe(201);
    const { id, key } = res.json() as ApiKeyCreated;
    expect((await onA('/materials', { token: key })).status).toBe(200);
    expect((await admin.del(`${API}/api-keys/${id}`)).statusCode).toBe(204);
    expect((await onA('/materials', { token: key })).status).toBe(401);
  });

  it('delivers each event once while both processes dispatch and deliver', async () => {
    const hook = await admin.post(`${API}/webhooks`, { url: receiver.url, events: ['orders.created'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const { token } = await login(t.app);
    const workId = Number((await optionsOf(admin, '/works', 'planeacion,en_ejecucion'))[0]!.value);
    const materialId = Number((await optionsOf(admin, '/materials'))[0]!.value);
    const body = { workId, requiredDate: addBusinessDays(businessToday(), 21), lines: [{ materialId, quantity: 1 }] };
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      if (i % 2 === 0) {
        const res = await admin.post(`${API}/orders`, body);
        expect(res.statusCode, res.body).toBe(201);
        ids.push((res.json() as { id: number }).id);
      } else {
        const res = await onA('/orders', { method: 'POST', token, body });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: number }).id);
      }
    }
    for (let i = 0; i < 400 && receiver.received.length < 8; i++) await new Promise((r) => setTimeout(r, 50));
    // Time for a duplicate to show up, were there one.
    await new Promise((r) => setTimeout(r, 3_000));
    const received = receiver.received.map((r) => JSON.parse(r.body) as { recordId: number });
    expect(received.map((r) => r.recordId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(receiver.received.map((r) => r.headers['goc-delivery'])).size).toBe(8);
  });
});
