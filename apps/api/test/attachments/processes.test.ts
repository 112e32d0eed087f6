import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@goc/contracts';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { API, apiFor, optionsOf, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { ATTACHMENTS, pdf, photo, upload } from './support';

/*
 * Two real API processes on one PostgreSQL (TEST_DATABASE_URL): process A is `tsx src/server.ts` in
 * a child process, process B this test's app. A file uploaded through one is listed, served byte for
 * byte (thumbnail too) and deleted through the other. The embedded database has one process by
 * design (its folder lock), so there the test is skipped.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let aUrl = '';
let processA: ApiProcess | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ demoData: true });
  processA = await startApiProcess(t);
  aUrl = processA.url;
}, 120_000);

afterAll(async () => {
  await processA?.stop();
  await t?.close();
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it('see the same files: uploaded through A, read and deleted through B, and the other way round', async () => {
    const { token } = await login(t.app);
    const api = apiFor(t.app, token);
    const res = await api.post(`${API}/orders`, { workId: await orderableWorkId(api), requiredDate: ORDER_DATE, lines: [{ materialId: Number((await optionsOf(api, '/materials'))[0]!.value), quantity: 1 }] });
    const orderId = (res.json() as { id: number }).id;
    const onA = (path: string, init: RequestInit = {}) => fetch(`${aUrl}${path}`, { ...init, headers: { ...bearer(token), ...(init.headers as Record<string, string>) } });

    // Through A (a real HTTP upload), then B lists it and serves the same bytes and thumbnail.
    const image = await photo(1024, 768, 21);
    const form = new FormData();
    form.append('file', new Blob([image]), 'colado.jpg');
    const sent = await onA(`${ATTACHMENTS}?resource=orders&recordId=${orderId}`, { method: 'POST', body: form });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const fromA = (await sent.json()) as Attachment;
    const listed = await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}?resource=orders&recordId=${orderId}`, headers: bearer(token) });
    expect((listed.json() as { items: Attachment[] }).items.map((d) => d.id)).toEqual([fromA.id]);
    const onB = await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}/${fromA.id}/content`, headers: bearer(token) });
    expect(onB.rawPayload.equals(image)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `${ATTACHMENTS}/${fromA.id}/thumbnail`, headers: bearer(token) })).headers['content-type']).toBe('image/webp');

    // Through B, then A serves it (several pieces) and a range of it.
    const plan = pdf(3 * 1024 * 1024 + 11, 'dos-procesos');
    const fromB = (await upload(t.app, token, { resource: 'orders', recordId: orderId }, { name: 'plano.pdf', data: plan })).json() as Attachment;
    expect(Buffer.from(await (await onA(`${ATTACHMENTS}/${fromB.id}/content`)).arrayBuffer()).equals(plan)).toBe(true);
    const part = await onA(`${ATTACHMENTS}/${fromB.id}/content`, { headers: { range: 'bytes=2097140-2097179' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(plan.subarray(2097140, 2097180))).toBe(true);

    // Deleted through B: gone for A.
    expect((await t.app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${fromA.id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await onA(`${ATTACHMENTS}/${fromA.id}/content`)).status).toBe(404);
  });
});

it.runIf(!onPostgres)('two-process attachments test skipped: the embedded database serves one process (TEST_DATABASE_URL runs it)', () => {
  expect(onPostgres).toBe(false);
});
