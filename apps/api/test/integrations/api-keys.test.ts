import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, businessToday, INTEGRATION_MESSAGES, MESSAGES, PRIVILEGE_MESSAGES, type ApiKey, type ApiKeyCreated } from '@goc/contracts';
import { apiKeys, auditLog, users } from '../../src/db/schema';
import { ADMIN_GUARD_MESSAGES } from '../../src/lib/permission-admins';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api } from '../catalogs/support';

/*
 * API keys through the HTTP API (docs/integrations.md): shown once and stored hashed, used as a
 * bearer with exactly the role's permissions and view scopes, refused once expired or revoked — on
 * every app on the database at the next request —, never able to manage keys or webhooks, and named
 * «Clave API: <name>» in the timelines. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const KEYS = `${API}/api-keys`;

let t: TestApp;
let admin: Api;
let adminId: number;
let orderRole: number;
let readRole: number;
let adminRole: number;

const keyApi = (key: string, app = t.app): Api => apiFor(app, key);

async function created(body: Record<string, unknown>, api = admin): Promise<ApiKeyCreated> {
  const res = await api.post(KEYS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ApiKeyCreated;
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const session = await login(t.app);
  admin = apiFor(t.app, session.token);
  adminId = session.user.id;
  orderRole = await createRole(t.db, 'Integración de pedidos', { my_orders: ['view', 'create', 'edit'], config_materials: ['view'], config_units: ['view'] });
  readRole = await createRole(t.db, 'Integración de consulta', { config_materials: ['view'] });
  const [role] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, adminId));
  adminRole = role!.roleId;
});

afterAll(() => t.close());

describe('creating and listing keys', () => {
  it('shows the key once (goc_ + 32 random bytes), keeps only its SHA-256 and prefix, and lists it without secret', async () => {
    const key = await created({ name: 'Contabilidad', roleId: readRole });
    expect(key.key).toMatch(/^goc_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Contabilidad', prefix: key.key.slice(0, 12), roleId: readRole, expiresAt: null });
    const [stored] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored!.keyHash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.key.slice(12));

    const list = (await admin.get(KEYS)).json() as { items: ApiKey[] };
    const listed = list.items.find((k) => k.id === key.id)!;
    expect(listed).toMatchObject({ name: 'Contabilidad', prefix: key.prefix, roleId: readRole, role: { id: readRole, label: 'Integración de consulta' }, lastUsedAt: null, expiresAt: null });
    expect(JSON.stringify(list)).not.toContain(key.key.slice(12));
    const [audit] = await t.db.select().from(auditLog).where(sql`${auditLog.entity} = 'api_keys' and ${auditLog.entityId} = ${key.id}`);
    expect(audit).toMatchObject({ userId: adminId, action: 'create' });
    expect(JSON.stringify(audit)).not.toContain(key.key.slice(12));
  });

  it('refuses a missing name, a past expiry, an unknown role and a live duplicate name, in Spanish', async () => {
    const noName = await admin.post(KEYS, { roleId: readRole });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toEqual({ name: INTEGRATION_MESSAGES.keyName });
    const past = await admin.post(KEYS, { name: 'Vieja', roleId: readRole, expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ message: INTEGRATION_MESSAGES.keyExpiry, fields: { expiresAt: INTEGRATION_MESSAGES.keyExpiry } });
    const noRole = await admin.post(KEYS, { name: 'Sin rol', roleId: 999_999 });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json().message).toBe(INTEGRATION_MESSAGES.roleNotFound);
    await created({ name: 'Nómina', roleId: readRole });
    const twice = await admin.post(KEYS, { name: 'nómina', roleId: readRole });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INTEGRATION_MESSAGES.keyNameTaken);
  });

  it('lets only the admin module manage keys, and nobody hand a key more than their own role holds', async () => {
    const keyAdmin = await createRole(t.db, 'Administra integraciones', { admin: ['view', 'create', 'edit', 'delete'], config_materials: ['view'] });
    const user = await createUser(t.app, { roleId: keyAdmin });
    const them = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    const more = await them.post(KEYS, { name: 'Más que yo', roleId: orderRole });
    expect(more.statusCode).toBe(403);
    expect(more.json().message).toBe(PRIVILEGE_MESSAGES.assignRole);
    expect((await them.post(KEYS, { name: 'Igual que yo', roleId: readRole })).statusCode).toBe(201);

    const plain = await createUser(t.app, { roleId: readRole });
    const reader = apiFor(t.app, (await login(t.app, plain.username, plain.password)).token);
    expect((await reader.get(KEYS)).statusCode).toBe(403);
    expect((await reader.post(KEYS, { name: 'No', roleId: readRole })).statusCode).toBe(403);
  });
});

describe('signing in with a key', () => {
  it('acts with its role: reads what the role reads, 403 on a write a view-only role lacks', async () => {
    const { key } = await created({ name: 'Solo lectura', roleId: readRole });
    const api = keyApi(key);
    const materials = await api.get(`${API}/materials`);
    expect(materials.statusCode, materials.body).toBe(200);
    const write = await api.post(`${API}/materials`, { code: 'KEY-1', name: 'Desde clave' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(MESSAGES.forbidden);
    expect((await api.get(`${API}/orders`)).statusCode).toBe(403);
  });

  it('marks its last use at most once a minute', async () => {
    const { id, key } = await created({ name: 'Uso', roleId: readRole });
    const api = keyApi(key);
    expect((await api.get(`${API}/materials`)).statusCode).toBe(200);
    const lastUse = async () => {
      // The mark is written beside the request, not in it.
      for (let i = 0; i < 50; i++) {
        const [row] = await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id));
        if (row!.at) return row!.at;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('lastUsedAt never set');
    };
    const first = await lastUse();
    expect((await api.get(`${API}/materials`)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect((await lastUse()).getTime()).toBe(first.getTime());
    const listed = ((await admin.get(KEYS)).json() as { items: ApiKey[] }).items.find((k) => k.id === id)!;
    expect(listed.lastUsedAt).toBe(first.toISOString());
  });

  it('writes as «Clave API: <name>» in the timeline and sees only its own orders in the "mine" view', async () => {
    const { key } = await created({ name: 'Portal de proveedores', roleId: orderRole });
    const api = keyApi(key);
    const workId = Number((await optionsOf(api, '/works', 'planeacion,en_ejecucion'))[0]!.value);
    const materialId = Number((await optionsOf(api, '/materials'))[0]!.value);
    const body = { workId, requiredDate: addBusinessDays(businessToday(), 21), lines: [{ materialId, quantity: 2 }] };
    const res = await api.post(`${API}/orders`, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { id: number };
    const history = (await admin.get(`${API}/orders/${order.id}/history`)).json() as { user: { name: string } | null }[];
    expect(history[0]!.user?.name).toBe('Clave API: Portal de proveedores');
    const detail = (await api.get(`${API}/orders/${order.id}`)).json() as { timeline: { user: { name: string } | null }[] };
    expect(detail.timeline[0]!.user?.name).toBe('Clave API: Portal de proveedores');

    // The admin's own order is not the key's: "mine" shows only the key's, and "all" is refused.
    const mine = await admin.post(`${API}/orders`, body);
    expect(mine.statusCode, mine.body).toBe(201);
    const listed = (await api.get(`${API}/orders?pageSize=100`)).json() as { items: { id: number }[] };
    expect(listed.items.map((o) => o.id)).toEqual([order.id]);
    expect((await api.get(`${API}/orders?scope=all`)).statusCode).toBe(403);
    expect((await api.get(`${API}/orders/${(mine.json() as { id: number }).id}`)).statusCode).toBe(404);
  });

  it('cannot create keys or webhooks, even with the admin module', async () => {
    const { key } = await created({ name: 'Con administración', roleId: adminRole });
    const api = keyApi(key);
    for (const res of [await api.post(KEYS, { name: 'Hija', roleId: readRole }), await api.get(KEYS), await api.post(`${API}/webhooks`, { url: 'https://example.com/hook', events: ['orders.created'] }), await api.get(`${API}/webhooks`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(INTEGRATION_MESSAGES.keyManagesNothing);
    }
    expect(await t.db.$count(apiKeys, sql`${apiKeys.name} = 'Hija'`)).toBe(0);
  });

  it("is refused (401) when malformed, expired or revoked; revocation reaches another app instance's next request", async () => {
    const other = await t.variant({});
    expect((await keyApi('goc_corta').get(`${API}/materials`)).statusCode).toBe(401);
    expect((await keyApi(`goc_${'A'.repeat(43)}`).get(`${API}/materials`)).statusCode).toBe(401);

    const expiring = await created({ name: 'Vence', roleId: readRole, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await keyApi(expiring.key).get(`${API}/materials`)).statusCode).toBe(200);
    await t.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expiring.id));
    const expired = await keyApi(expiring.key).get(`${API}/materials`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(MESSAGES.unauthorized);

    const revoked = await created({ name: 'Revocada', roleId: readRole });
    expect((await keyApi(revoked.key, other).get(`${API}/materials`)).statusCode).toBe(200);
    expect((await keyApi(revoked.key).get(`${API}/materials`)).statusCode).toBe(200);
    expect((await admin.del(`${KEYS}/${revoked.id}`)).statusCode).toBe(204);
    expect((await keyApi(revoked.key, other).get(`${API}/materials`)).statusCode).toBe(401);
    expect((await keyApi(revoked.key).get(`${API}/materials`)).statusCode).toBe(401);
    expect(((await admin.get(KEYS)).json() as { items: ApiKey[] }).items.some((k) => k.id === revoked.id)).toBe(false);
    const again = await admin.del(`${KEYS}/${revoked.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INTEGRATION_MESSAGES.keyNotFound);
  });

  it('never counts as the last person able to administer permissions', async () => {
    await created({ name: 'Administradora', roleId: adminRole });
    const [self] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, adminId));
    const res = await admin.patch(`${API}/users/${adminId}`, { active: false, version: self!.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_GUARD_MESSAGES.deactivateLastAdmin);
  });

  it("never signs in with its service user's username and a password", async () => {
    const { id } = await created({ name: 'Sin contraseña', roleId: readRole });
    const [row] = await t.db.select({ username: users.username }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.id, id));
    const res = await t.app.inject({ method: 'POST', url: `${API}/auth/login`, payload: { username: row!.username, password: '!clave-api' } });
    expect(res.statusCode).toBe(401);
  });
});
