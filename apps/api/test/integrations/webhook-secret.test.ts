import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, webhookCreatedSchema, webhookDeliveryDetailSchema, type WebhookCreated, type WebhookDelivery } from '@goc/contracts';
import { auditLog, webhooks } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';
import { startReceiver, verifies, type Receiver } from './receiver';

/*
 * A webhook's signing secret rotated (shown once, audited without it, the old one refused by the
 * receiver's check from the next delivery) and a delivery's payload read back. Receivers listen on
 * 127.0.0.1 (GOC_WEBHOOK_ALLOW_PRIVATE). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const HOOKS = `${API}/webhooks`;
let t: TestApp;
let admin: Api;
let receiver: Receiver;

async function hook(): Promise<WebhookCreated> {
  const res = await admin.post(HOOKS, { url: receiver.url, events: ['orders.created'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookCreated;
}

async function test(id: number): Promise<WebhookDelivery> {
  const res = await admin.post(`${HOOKS}/${id}/test`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDelivery;
}

beforeAll(async () => {
  t = await createTestApp({ config: { webhooks: { allowPrivate: true } } });
  admin = apiFor(t.app, (await login(t.app)).token);
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

beforeEach(async () => {
  await t.db.delete(webhooks);
  receiver.received.length = 0;
});

describe('rotating a webhook secret', () => {
  it('answers the new secret once; from then on the receiver verifies with it and refuses the old one', async () => {
    const created = await hook();
    await test(created.id);
    expect(verifies(created.secret, receiver.received[0]!.headers['goc-signature'], receiver.received[0]!.body)).toBe(true);

    const res = await admin.post(`${HOOKS}/${created.id}/rotate-secret`, { version: created.version });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = webhookCreatedSchema.parse(res.json());
    expect(rotated).toMatchObject({ id: created.id, url: receiver.url, version: created.version + 1 });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(created.secret);
    // Shown once: neither the list nor the webhook carry it afterwards.
    expect((await admin.get(HOOKS)).body).not.toContain(rotated.secret);
    expect((await admin.get(`${HOOKS}/${created.id}`)).body).not.toContain(rotated.secret);

    await test(created.id);
    const after = receiver.received[1]!;
    expect(verifies(rotated.secret, after.headers['goc-signature'], after.body)).toBe(true);
    expect(verifies(created.secret, after.headers['goc-signature'], after.body)).toBe(false);

    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'webhooks'), eq(auditLog.entityId, created.id), eq(auditLog.action, 'secret.rotated')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(rotated.secret.slice(6));
    expect(JSON.stringify(audits[0])).not.toContain(created.secret.slice(6));
  });

  it('refuses a stale version (409), an unknown webhook (404), a missing version (400) and who may only view (403)', async () => {
    const created = await hook();
    expect((await admin.patch(`${HOOKS}/${created.id}`, { version: created.version, description: 'ERP' })).statusCode).toBe(200);
    const stale = await admin.post(`${HOOKS}/${created.id}/rotate-secret`, { version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(INTEGRATION_MESSAGES.webhookChanged);
    const [stored] = await t.db.select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, created.id));
    expect(stored!.secret).toBe(created.secret);

    const missing = await admin.post(`${HOOKS}/999999/rotate-secret`, { version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(INTEGRATION_MESSAGES.webhookNotFound);
    const noVersion = await admin.post(`${HOOKS}/${created.id}/rotate-secret`, {});
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().fields).toEqual({ version: INTEGRATION_MESSAGES.version });

    const viewer = await createUser(t.app, { roleId: await createRole(t.db, 'Consulta de integraciones', { admin: ['view'] }) });
    const viewerApi = apiFor(t.app, (await login(t.app, viewer.username, viewer.password)).token);
    expect((await viewerApi.post(`${HOOKS}/${created.id}/rotate-secret`, { version: created.version + 1 })).statusCode).toBe(403);
  });
});

describe('a delivery payload', () => {
  it('is read back as the JSON body the receiver got; the list leaves it out', async () => {
    const created = await hook();
    const delivery = await test(created.id);
    const list = await admin.get(`${HOOKS}/${created.id}/deliveries`);
    expect(list.json().items[0]).not.toHaveProperty('payload');

    const res = await admin.get(`${HOOKS}/${created.id}/deliveries/${delivery.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = webhookDeliveryDetailSchema.parse(res.json());
    expect(detail).toMatchObject({ id: delivery.id, event: 'webhooks.test', status: 'succeeded' });
    expect(detail.payload).toEqual(JSON.parse(receiver.received[0]!.body));
    expect(detail.payload).toMatchObject({ event: 'webhooks.test', data: { message: 'Prueba de GOC' } });

    const other = await hook();
    expect((await admin.get(`${HOOKS}/${other.id}/deliveries/${delivery.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${HOOKS}/${created.id}/deliveries/99999999999`)).statusCode).toBe(400);
  });
});
