import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '@goc/contracts';
import type { S3Settings } from '../../src/config';
import { attachmentChunks, attachmentContents, attachments } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { ATTACHMENTS, pdf, photo, upload } from './support';

/*
 * The object store: an S3-compatible server (s3rver, from npm) started by the test on loopback. When
 * it cannot start the tests are skipped, saying why.
 */

const BUCKET = 'goc-documentos';
let server: S3rver | null = null;
let settings: S3Settings | null = null;
let unavailable = '';
let directory = '';

try {
  const { default: S3rverServer } = await import('s3rver');
  directory = mkdtempSync(join(tmpdir(), 'goc-s3-'));
  server = new S3rverServer({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  settings = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
} catch (error) {
  unavailable = `no se pudo iniciar el servidor S3 local: ${(error as Error).message}`;
  console.warn(`attachments/s3.test.ts omitido — ${unavailable}`);
}

let t: TestApp;
let app: FastifyInstance;
let token: string;
let orderId: number;

async function objectExists(key: string): Promise<boolean> {
  const client = new S3Client({ endpoint: settings!.endpoint, region: settings!.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

describe.skipIf(settings === null)('attachments in an S3-compatible store', () => {
  beforeAll(async () => {
    t = await createTestApp({ demoData: true, config: { attachments: { maxMb: 25, s3: settings! } } });
    app = t.app;
    token = (await login(app)).token;
    const api = apiFor(app, token);
    const workId = await orderableWorkId(api);
    const materialId = Number((await optionsOf(api, '/materials'))[0]!.value);
    const res = await api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId, quantity: 1 }] });
    orderId = (res.json() as { id: number }).id;
  });

  afterAll(async () => {
    await t?.close();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('streams the file into the bucket (nothing in the chunk table) and back, with ranges', async () => {
    const data = pdf(7 * 1024 * 1024 + 77, 's3');
    const res = await upload(app, token, { resource: 'orders', recordId: orderId }, { name: 'plano.pdf', data });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as Attachment;
    const [content] = await t.db.select().from(attachmentContents).innerJoin(attachments, eq(attachments.contentId, attachmentContents.id)).where(eq(attachments.id, doc.id));
    expect(content!.attachment_contents).toMatchObject({ store: 's3', key: `attachments/${content!.attachment_contents.id}` });
    expect(await objectExists(content!.attachment_contents.key!)).toBe(true);
    const [chunks] = await t.db.select({ n: count() }).from(attachmentChunks);
    expect(chunks!.n).toBe(0);
    const whole = await app.inject({ method: 'GET', url: `${ATTACHMENTS}/${doc.id}/content`, headers: bearer(token) });
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await app.inject({ method: 'GET', url: `${ATTACHMENTS}/${doc.id}/content`, headers: { ...bearer(token), range: 'bytes=5242870-5242889' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(5242870, 5242890))).toBe(true);
  });

  it('removes a refused upload’s object and a deleted document’s object', async () => {
    const image = await photo(640, 480, 5);
    const first = await upload(app, token, { resource: 'orders', recordId: orderId }, { name: 'foto.jpg', data: image });
    expect(first.statusCode).toBe(201);
    const doc = first.json() as Attachment;
    expect(doc.hasThumbnail).toBe(true);
    const keysBefore = (await t.db.select({ key: attachmentContents.key }).from(attachmentContents)).map((r) => r.key);
    const twin = await upload(app, token, { resource: 'orders', recordId: orderId }, { name: 'otra.jpg', data: image });
    expect(twin.statusCode).toBe(409);
    expect((await t.db.select({ key: attachmentContents.key }).from(attachmentContents)).map((r) => r.key)).toEqual(keysBefore);
    const [row] = await t.db.select({ key: attachmentContents.key }).from(attachmentContents).innerJoin(attachments, eq(attachments.contentId, attachmentContents.id)).where(eq(attachments.id, doc.id));
    const del = await app.inject({ method: 'DELETE', url: `${ATTACHMENTS}/${doc.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    await expect.poll(() => objectExists(row!.key!), { timeout: 5000 }).toBe(false);
    await expect.poll(async () => (await t.db.select().from(attachmentContents).where(eq(attachmentContents.key, row!.key!))).length, { timeout: 5000 }).toBe(0);
  });
});

it.runIf(settings === null)(`S3 store test skipped: ${unavailable || 'servidor S3 no disponible'}`, () => {
  expect(unavailable).not.toBe('');
});
