import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '@goc/contracts';
import { materials } from '../src/db/schema';
import { tooManyFileReads, tooManyUploads } from '../src/lib/uploads';
import { bearer, createTestApp, createUser, login, type TestApp } from './helpers/app';
import { until } from './helpers/until';
import { API, apiFor } from './catalogs/support';
import { csv, multipart } from './import/support';

/*
 * Uploads one user sends at once (issue 46): counted from the request's headers, before its body is
 * read, over real sockets whose bodies never finish; an import answered 202 counts until its job ends.
 * And files one user sends to be read per minute, whichever import they go to.
 */

const PER_USER = 2;
const HEADERS = ['Clave', 'Nombre', 'Descripción', 'Categoría de materiales', 'Unidad', 'Precio de referencia', 'Activo'];
const file = (code: string) => Buffer.from(csv(HEADERS, [[code, `Material ${code}`, '', 'acero', 'pza', '10', 'Sí']]));
const IMPORT = `${API}/materials/import?mode=commit&match=none`;

let t: TestApp;
let base: string;
let port: number;
let adminToken: string;
let otherToken: string;
/** Imports whose handler has started (every hook, the upload limit among them, has run). */
let reached = 0;
const open: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    config: { http: { uploadsPerUser: PER_USER, fileReadsPerMinute: 100_000 } },
    prepare: (app) =>
      app.addHook('preHandler', async (request) => {
        if (request.url.startsWith(`${API}/materials/import`)) reached += 1;
      }),
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(base).port);
  adminToken = (await login(t.app)).token;
  const other = await createUser(t.app);
  otherToken = (await login(t.app, other.username, other.password)).token;
  const admin = apiFor(t.app, adminToken);
  await admin.post(`${API}/units`, { abbreviation: 'pza', name: 'Pieza' });
  await admin.post(`${API}/material-categories`, { name: 'Acero' });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});
afterAll(async () => t?.close());

const stored = async (code: string) => (await t.db.select({ id: materials.id }).from(materials).where(sql`${materials.code} = ${code}`)).length;

/** An import over a socket: its headers and the start of its body, the rest never sent; what came back. */
async function holdUpload(token: string): Promise<{ socket: Socket; answer: () => string }> {
  const { payload, headers } = multipart('lento.csv', file('LENTO'));
  const socket = connect(port, '127.0.0.1');
  open.push(socket);
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  socket.write(
    `POST ${IMPORT} HTTP/1.1\r\nHost: goc\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n` +
      payload.subarray(0, 120).toString('latin1'),
  );
  return { socket, answer: () => answer };
}

/** A whole import sent at once. */
async function sendUpload(token: string, code: string, extra: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { payload, headers } = multipart(`${code}.csv`, file(code));
  const res = await fetch(`${base}${IMPORT}`, { method: 'POST', headers: { ...bearer(token), ...headers, ...extra }, body: payload, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('uploads per user', () => {
  it(`holds ${PER_USER} unfinished uploads; the next is answered 429 in Spanish before its body is read and stores nothing`, async () => {
    reached = 0;
    const held = [await holdUpload(adminToken), await holdUpload(adminToken)];
    await until(() => reached === PER_USER);
    expect(held.map((h) => h.answer())).toEqual(['', '']);

    const refused = await sendUpload(adminToken, 'MAT-DE-MAS');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(tooManyUploads(PER_USER));
    expect(await stored('MAT-DE-MAS')).toBe(0);
    // The refused one never reached the import.
    expect(reached).toBe(PER_USER);

    // Another user's uploads are their own.
    expect((await sendUpload(otherToken, 'MAT-OTRO')).status).toBe(200);
    expect(await stored('MAT-OTRO')).toBe(1);

    // A place freed (its connection closed) is taken again.
    held[0]!.socket.destroy();
    await until(async () => (await sendUpload(adminToken, 'MAT-LIBRE')).status === 200);
    expect(await stored('MAT-LIBRE')).toBe(1);
    expect(await stored('LENTO')).toBe(0);
  });

  it('an import answered 202 keeps its place until its job ends', async () => {
    // The other user: the uploads held above may still be closing.
    const jobs = apiFor(t.app, otherToken);
    let unlock!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The jobs wait for the tables the import reads, held by this transaction.
    const lock = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table units, materials in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    let started: Awaited<ReturnType<typeof sendUpload>>[];
    try {
      started = [await sendUpload(otherToken, 'MAT-JOB-1', { prefer: 'respond-async' }), await sendUpload(otherToken, 'MAT-JOB-2', { prefer: 'respond-async' })];
      expect(started.map((s) => s.status)).toEqual([202, 202]);
      // Let through, it would wait for the lock: the time limit makes that a failure, not a hang.
      const refused = await sendUpload(otherToken, 'MAT-TRAS-JOBS');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(tooManyUploads(PER_USER));
    } finally {
      unlock();
      await lock;
    }
    for (const { body } of started) {
      await until(async () => ((await jobs.get(`${API}/imports/${String(body.jobId)}`)).json() as ImportJob).state !== 'running');
      expect((await jobs.get(`${API}/imports/${String(body.jobId)}`)).json()).toMatchObject({ state: 'done', statusCode: 200 });
    }
    expect([await stored('MAT-JOB-1'), await stored('MAT-JOB-2')]).toEqual([1, 1]);
    expect((await sendUpload(otherToken, 'MAT-TRAS-JOBS')).status).toBe(200);
    expect(await stored('MAT-TRAS-JOBS')).toBe(1);
  });
});

const REFUSAL_DELAY_MS = 400;

describe('files sent to be read, per user and minute', () => {
  const PER_MINUTE = 3;

  it(`reads ${PER_MINUTE} files a minute from one user, whatever the import; the next is 429 before it is read, with when to retry`, async () => {
    const app = await t.variant({ http: { fileReadsPerMinute: PER_MINUTE, fileReadRefusalDelayMs: REFUSAL_DELAY_MS } });
    const importAs = async (token: string, path: string, code: string) => {
      const { payload, headers } = multipart(`${code}.csv`, file(code));
      return app.inject({ method: 'POST', url: path, headers: { ...bearer(token), ...headers }, payload });
    };
    for (const code of ['LEIDO-1', 'LEIDO-2']) expect((await importAs(adminToken, IMPORT, code)).statusCode).toBe(200);
    // Another import's route counts toward the same bound.
    const units = multipart('unidades.csv', Buffer.from(csv(['Abreviatura', 'Nombre'], [['m3', 'Metro cúbico']])));
    expect((await app.inject({ method: 'POST', url: `${API}/units/import?mode=validate`, headers: { ...bearer(adminToken), ...units.headers }, payload: units.payload })).statusCode).toBe(200);

    const asked = performance.now();
    const refused = await importAs(adminToken, IMPORT, 'LEIDO-4');
    // Held before it is answered, so a sender that waits for each answer sends few.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, message: tooManyFileReads(PER_MINUTE) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await stored('LEIDO-4')).toBe(0);
    expect([await stored('LEIDO-1'), await stored('LEIDO-2')]).toEqual([1, 1]);

    // Another user's files are their own; other requests of the refused user go on.
    expect((await importAs(otherToken, IMPORT, 'LEIDO-OTRO')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${API}/materials`, headers: bearer(adminToken) })).statusCode).toBe(200);
  });
});
