import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGocClient, type GocClient } from '@goc/client';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/app';

/*
 * The typed client generated from the OpenAPI document (packages/client), used the way a third party
 * would: against a listening API, over HTTP, knowing only the document. `token` is any bearer the
 * API accepts: a user's access token, or an API key.
 */

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => t?.close());

async function signedIn(): Promise<string> {
  const { data, error } = await createGocClient({ baseUrl }).POST('/api/v2/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  // The administrator has no second factor here: the answer is the session, not the code's step.
  if (!data || !('token' in data)) throw new Error(`login → ${JSON.stringify(error ?? data)}`);
  return data.token;
}

/** The same steps for whatever bearer the integrator holds. */
async function listMaterialsAndOrder(client: GocClient): Promise<void> {
  const materials = await client.GET('/api/v2/materials', { params: { query: { pageSize: 5, sort: 'name' } } });
  expect(materials.response.status).toBe(200);
  expect(materials.data!.total).toBeGreaterThan(0);
  expect(materials.data!.items.length).toBeGreaterThan(0);
  const material = materials.data!.items[0]!;

  const works = await client.GET('/api/v2/works/options', { params: { query: { filter: 'planeacion,en_ejecucion', limit: 1 } } });
  expect(works.response.status).toBe(200);
  const workId = Number(works.data!.items[0]!.value);

  const requiredDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await client.POST('/api/v2/orders', {
    body: { workId, requiredDate, notes: 'Pedido desde el cliente generado', lines: [{ materialId: material.id, quantity: 3 }] },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const order = created.data!;
  expect(order.workId).toBe(workId);
  expect(order.lines.map((l) => [l.materialId, l.quantity])).toEqual([[material.id, 3]]);

  // The order is there for whoever reads it next, with the status a new order starts in.
  const read = await client.GET('/api/v2/orders/{id}', { params: { path: { id: order.id } } });
  expect(read.response.status).toBe(200);
  expect(read.data!.folio).toBe(order.folio);
  expect(read.data!.status.code).toBe('borrador');
}

describe('the generated client', () => {
  it('lists materials and creates an order with a bearer token', async () => {
    await listMaterialsAndOrder(createGocClient({ baseUrl, token: await signedIn() }));
  });

  it('lists materials and creates an order with an API key made through the client', async () => {
    const admin = createGocClient({ baseUrl, token: await signedIn() });
    const roles = await admin.GET('/api/v2/roles/options', { params: { query: { q: 'Administrador', limit: 1 } } });
    const made = await admin.POST('/api/v2/api-keys', { body: { name: 'Cliente generado', roleId: Number(roles.data!.items[0]!.value) } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    expect(made.data!.key).toMatch(/^goc_/);
    await listMaterialsAndOrder(createGocClient({ baseUrl, token: made.data!.key }));
  });

  it('gets the Spanish error bodies typed: no token → 401, bad body → 400 with the fields', async () => {
    const anonymous = await createGocClient({ baseUrl }).GET('/api/v2/materials');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' });

    const client = createGocClient({ baseUrl, token: await signedIn() });
    // Deliberately wrong: what a client's type checking would stop before it reached the API.
    const bad = await client.POST('/api/v2/orders', { body: { lines: [] } as never });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.message).toBe('Revisa los datos marcados');
    expect(Object.keys(bad.error?.fields ?? {})).toEqual(expect.arrayContaining(['workId', 'requiredDate']));
  });
});
