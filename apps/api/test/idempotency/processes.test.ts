import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, orderableWorkId, ORDER_DATE } from '../catalogs/support';

/*
 * Idempotency-Key across two real API processes on one PostgreSQL (TEST_DATABASE_URL): process A is
 * `tsx src/server.ts` in a child process, process B this test's app. Duplicates sent to both at once
 * create one order; each process answers with it. The embedded database serves one process, so
 * there the test is skipped.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = `${API}/orders`;

let t: TestApp;
let processA: ApiProcess | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ demoData: true });
  processA = await startApiProcess(t);
}, 120_000);

afterAll(async () => {
  await processA?.stop();
  await t?.close();
});

describe.skipIf(!onPostgres)('Idempotency-Key on two API processes', () => {
  it('concurrent duplicates through A and B: one order, the same answer from both', async () => {
    const { token } = await login(t.app);
    const api = apiFor(t.app, token);
    const materialId = Number((await optionsOf(api, '/materials'))[0]!.value);
    const workId = await orderableWorkId(api);
    for (const round of [1, 2, 3]) {
      const notes = `dos procesos ${round}`;
      const body = JSON.stringify({ workId, requiredDate: ORDER_DATE, notes, lines: [{ materialId, quantity: round }] });
      const headers = { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': randomUUID() };
      const [onA, onB] = await Promise.all([
        fetch(`${processA!.url}${ORDERS}`, { method: 'POST', headers, body }),
        t.app.inject({ method: 'POST', url: ORDERS, headers, payload: body }),
      ]);
      expect(onA.status, await onA.clone().text()).toBe(201);
      expect(onB.statusCode, onB.body).toBe(201);
      expect(await onA.json()).toEqual(onB.json());
      expect([onA.headers.get('idempotent-replayed'), onB.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
      expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.notes, notes))).toHaveLength(1);
    }
  });
});

it.runIf(!onPostgres)('two-process Idempotency-Key test skipped: the embedded database serves one process (TEST_DATABASE_URL runs it)', () => {
  expect(onPostgres).toBe(false);
});
