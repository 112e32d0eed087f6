import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, MESSAGES } from '@goc/contracts';
import { attachments, idempotencyKeys, orders } from '../../src/db/schema';
import { purgeKeys } from '../../src/lib/idempotency/store';
import { bearer, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { until } from '../helpers/until';
import { API, optionsOf, orderableWorkId, ORDER_DATE, apiFor } from '../catalogs/support';
import { ATTACHMENTS, multipartBody, photo } from '../attachments/support';

/*
 * Idempotency-Key through the HTTP API (plugins/idempotency.ts, docs/api.md): an order created or a
 * document uploaded twice with one key exists once and the repeat gets the first answer; other data
 * under the key is 422; a duplicate arriving while the first runs waits for it. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL (two processes: processes.test.ts).
 */

const ORDERS = `${API}/orders`;

let t: TestApp;
let token: string;
let workId: number;
let materialId: number;
/** Requests whose handler waits for `gate` (their notes say so). */
let gate: Promise<void> = Promise.resolve();
/** Requests the test makes fail with a 500 after the key was claimed (their notes say so). */
let failures = 0;
const log: string[] = [];

const draft = (notes: string, quantity = 2) => ({ workId, requiredDate: ORDER_DATE, notes, lines: [{ materialId, quantity }] });

function post(url: string, payload: object, key?: string, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload });
}

const ordersNoted = async (notes: string) => t.db.select({ id: orders.id, folio: orders.folio }).from(orders).where(eq(orders.notes, notes));

beforeAll(async () => {
  t = await createTestApp({
    demoData: true,
    config: { logLevel: 'debug' },
    build: { logStream: { write: (line: string) => void log.push(line) } },
    // After the key's claim (the plugin's preHandler runs first): a handler held or failing.
    prepare: (app) =>
      app.addHook('preHandler', async (request) => {
        const notes = (request.body as { notes?: unknown } | undefined)?.notes;
        if (typeof notes !== 'string') return;
        if (notes.startsWith('retenido')) await gate;
        if (notes.startsWith('falla') && failures > 0) {
          failures -= 1;
          throw new Error('fallo del servidor simulado');
        }
      }),
  });
  token = (await login(t.app)).token;
  const api = apiFor(t.app, token);
  workId = await orderableWorkId(api);
  materialId = Number((await optionsOf(api, '/materials'))[0]!.value);
});

afterAll(() => t?.close());

describe('Idempotency-Key on creating an order', () => {
  it('the same key and body twice: one order, the same folio, the first answer again', async () => {
    const key = randomUUID();
    const first = await post(ORDERS, draft('dos veces'), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(ORDERS, draft('dos veces'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    const stored = await ordersNoted('dos veces');
    expect(stored).toEqual([{ id: (first.json() as { id: number }).id, folio: (first.json() as { folio: string }).folio }]);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ state: 'hecha', method: 'POST', path: ORDERS, status: 201, replayable: true });
    expect(row!.body!.toString('utf8')).toBe(first.body);
  });

  it('the draft\'s quoted form of a key is the same key as its bare form', async () => {
    const key = randomUUID();
    const first = await post(ORDERS, draft('entre comillas'), `"${key}"`);
    expect(first.statusCode).toBe(201);
    const again = await post(ORDERS, draft('entre comillas'), key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersNoted('entre comillas')).toHaveLength(1);
  });

  it('the same key with another body is 422 and creates nothing', async () => {
    const key = randomUUID();
    expect((await post(ORDERS, draft('otros datos', 2), key)).statusCode).toBe(201);
    const other = await post(ORDERS, draft('otros datos', 3), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ statusCode: 422, message: 'La clave de idempotencia ya se usó con otros datos' });
    // Another path under the same key is another operation, not a reuse.
    const order = (await ordersNoted('otros datos'))[0]!;
    expect(await ordersNoted('otros datos')).toHaveLength(1);
    const duplicate = await post(`${ORDERS}/${order.id}/duplicate`, {}, key);
    expect(duplicate.statusCode, duplicate.body).toBe(201);
  });

  it('each caller has their own keys: another user with the same key creates their own order', async () => {
    const key = randomUUID();
    expect((await post(ORDERS, draft('dos personas'), key)).statusCode).toBe(201);
    const other = await createUser(t.app);
    const otherToken = (await login(t.app, other.username, other.password)).token;
    const theirs = await t.app.inject({ method: 'POST', url: ORDERS, headers: { ...bearer(otherToken), 'idempotency-key': key }, payload: draft('dos personas') });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersNoted('dos personas')).toHaveLength(2);
  });

  it('concurrent duplicates: one order, both answers equal', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([post(ORDERS, draft('a la vez'), key), post(ORDERS, draft('a la vez'), key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await ordersNoted('a la vez')).toHaveLength(1);
  });

  it('a duplicate arriving while the first runs waits for it, then gets its answer', async () => {
    const key = randomUUID();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post(ORDERS, draft('retenido 1'), key);
    await until(async () => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length === 1);
    const waitsBefore = log.filter((line) => line.includes('espera')).length;
    const second = post(ORDERS, draft('retenido 1'), key);
    // The duplicate is waiting (it says so in the log) while the first is held in its handler.
    await until(() => log.filter((line) => line.includes('espera')).length > waitsBefore);
    expect(await ordersNoted('retenido 1')).toHaveLength(0);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await ordersNoted('retenido 1')).toHaveLength(1);
  });

  it('a duplicate waits a bounded time: 409 while the first still runs, the answer after', async () => {
    const quick = await t.variant({ logLevel: 'silent' }, undefined, { idempotency: { waitMs: 100 } });
    const key = randomUUID();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post(ORDERS, draft('retenido 2'), key);
    await until(async () => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length === 1);
    const impatient = await post(ORDERS, draft('retenido 2'), key, quick);
    expect(impatient.statusCode).toBe(409);
    expect(impatient.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.inProgress });
    open();
    expect((await first).statusCode).toBe(201);
    const later = await post(ORDERS, draft('retenido 2'), key, quick);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await ordersNoted('retenido 2')).toHaveLength(1);
  });

  it('a 5xx answer is not kept: the retry with the key runs and creates the order once', async () => {
    const key = randomUUID();
    failures = 1;
    const failed = await post(ORDERS, draft('falla una vez'), key);
    expect(failed.statusCode).toBe(500);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const retried = await post(ORDERS, draft('falla una vez'), key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersNoted('falla una vez')).toHaveLength(1);
  });

  it('a 4xx answer of the handler is kept and given again', async () => {
    const key = randomUUID();
    const missing = await post(`${ORDERS}/999999/duplicate`, {}, key);
    expect(missing.statusCode).toBe(404);
    const again = await post(`${ORDERS}/999999/duplicate`, {}, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(missing.json());
  });

  it('a request refused by validation keeps no key: corrected, it runs with the same key', async () => {
    const key = randomUUID();
    const invalid = await post(ORDERS, { ...draft('corregido'), lines: [] }, key);
    expect(invalid.statusCode).toBe(400);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect((await post(ORDERS, draft('corregido'), key)).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on uploading a document', () => {
  it('the same file twice with one key (each send with its own multipart boundary): one document, the first answer', async () => {
    const order = (await post(ORDERS, draft('con foto'))).json() as { id: number };
    const image = await photo(800, 600, 7);
    const send = (data: Buffer, key: string) => {
      // A fresh boundary each time, as a browser draws one for every send.
      const body = multipartBody([
        { name: 'description', value: 'Colado de losa' },
        { name: 'file', value: data, fileName: 'losa.jpg', type: 'image/jpeg' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${ATTACHMENTS}?resource=orders&recordId=${order.id}`,
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const key = randomUUID();
    const first = await send(image, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(image, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const documents = await t.db.select({ id: attachments.id }).from(attachments).where(sql`${attachments.resource} = 'orders' and ${attachments.recordId} = ${order.id}`);
    expect(documents).toEqual([{ id: (first.json() as { id: number }).id }]);
    // Another photo under the same key: 422, nothing stored.
    const other = await send(await photo(800, 600, 8), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: IDEMPOTENCY_MESSAGES.reused });
    expect(await t.db.select({ id: attachments.id }).from(attachments).where(sql`${attachments.resource} = 'orders' and ${attachments.recordId} = ${order.id}`)).toHaveLength(1);
  });

  it('an upload refused before its file is read (no such record): its body is read to the end, the 404 kept and given again', async () => {
    const image = await photo(640, 480, 9);
    const send = () => {
      const body = multipartBody([{ name: 'file', value: image, fileName: 'nada.jpg', type: 'image/jpeg' }]);
      return t.app.inject({
        method: 'POST',
        url: `${ATTACHMENTS}?resource=orders&recordId=999999`,
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const key = randomUUID();
    const first = await send();
    expect(first.statusCode).toBe(404);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ state: 'hecha', status: 404 });
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const again = await send();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

describe('the key itself', () => {
  it('1 to 255 visible ASCII characters; otherwise 400 in Spanish, nothing created', async () => {
    const tooLong = await post(ORDERS, draft('clave larga'), 'k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: MESSAGES.validation, fields: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.invalidKey } });
    for (const bad of ['clave con espacios', 'ñandú', '""']) {
      expect((await post(ORDERS, draft('clave larga'), bad)).statusCode).toBe(400);
    }
    // Sent twice, the header arrives joined: refused too.
    const twice = await t.app.inject({ method: 'POST', url: ORDERS, headers: { ...bearer(token), 'idempotency-key': ['uno', 'dos'] }, payload: draft('clave larga') });
    expect(twice.statusCode).toBe(400);
    expect(await ordersNoted('clave larga')).toHaveLength(0);
    expect((await post(ORDERS, draft('clave larga'), 'k'.repeat(255))).statusCode).toBe(201);
  });

  it('public writes and answers carrying a secret refuse a key rather than ignore it', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: `${API}/auth/login`, headers: { 'idempotency-key': randomUUID() }, payload: { username: 'admin', password: 'x' } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ fields: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.notOffered } });
    const apiKey = await post(`${API}/api-keys`, { name: 'Con clave', roleId: 1 }, randomUUID());
    expect(apiKey.statusCode).toBe(400);
    expect(apiKey.json()).toMatchObject({ fields: { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.notOffered } });
  });

  it('reads ignore the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}?page=1&pageSize=1`, headers: { ...bearer(token), 'idempotency-key': 'k'.repeat(300) } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('writes taking a key refer to one shared IdempotencyKey header; public writes, reads and secret-bearing answers do not', async () => {
    type Operation = { parameters?: Array<{ $ref?: string }>; responses: Record<string, unknown> };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { parameters: Record<string, { name: string; in: string; required: boolean }> };
    };
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    const takesKey = (op: Operation | undefined) => Boolean(op?.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'));
    expect(takesKey(doc.paths[ORDERS]!.post)).toBe(true);
    expect(doc.paths[ORDERS]!.post!.responses).toHaveProperty('422');
    expect(takesKey(doc.paths[ATTACHMENTS]!.post)).toBe(true);
    expect(takesKey(doc.paths[`${ORDERS}/{id}`]!.patch)).toBe(true);
    expect(takesKey(doc.paths[ORDERS]!.get)).toBe(false);
    expect(takesKey(doc.paths[`${API}/auth/login`]!.post)).toBe(false);
    expect(takesKey(doc.paths[`${API}/api-keys`]!.post)).toBe(false);
  });
});

describe('expiry', () => {
  it('keys older than 7 days are purged; a key purged runs as new', async () => {
    const key = randomUUID();
    expect((await post(ORDERS, draft('caducada'), key)).statusCode).toBe(201);
    const fresh = randomUUID();
    expect((await post(ORDERS, draft('reciente'), fresh)).statusCode).toBe(201);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '7 days 1 minute'` }).where(eq(idempotencyKeys.key, key));
    // Kept until purged: a key past its days but still there is not given again either.
    expect(await purgeKeys(t.db, 7)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, fresh))).toHaveLength(1);
    const again = await post(ORDERS, draft('caducada'), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersNoted('caducada')).toHaveLength(2);
  });

  it('a key past its days but not yet purged is taken as new', async () => {
    const key = randomUUID();
    expect((await post(ORDERS, draft('vencida sin purgar'), key)).statusCode).toBe(201);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(idempotencyKeys.key, key));
    const again = await post(ORDERS, draft('vencida sin purgar'), key);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersNoted('vencida sin purgar')).toHaveLength(2);
  });
});
