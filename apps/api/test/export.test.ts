import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportLimiter, EXPORT_LIMIT_MESSAGES } from '../src/lib/export/limiter';
import { sendExport } from '../src/lib/export/respond';
import type { ExportColumn } from '../src/lib/export/format';
import errors from '../src/plugins/errors';
import { createTestApp, createUser, login, type TestApp } from './helpers/app';
import { API, apiFor, type Api } from './catalogs/support';

/* Exports: refused before the first byte, a failed download when a later batch fails, capped (issue 7, item 4). */

interface Row {
  name: string;
}
const columns: ExportColumn<Row>[] = [{ header: 'Nombre', kind: 'text', value: (r) => r.name }];
const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ name: `fila ${from + i}` }));

/** Batches that fail at `failAt` (0 = before the first one). */
async function* failing(failAt: number): AsyncGenerator<Row[]> {
  for (let i = 0; ; i++) {
    if (i === failAt) throw new Error('la base de datos se cayó');
    yield rows(500, i * 500);
  }
}

describe('sending an export over HTTP', () => {
  let server: FastifyInstance;
  let base: string;
  const limiter = createExportLimiter({ perUser: 5, global: 5 });

  beforeAll(async () => {
    server = Fastify({ logger: false });
    // The error handler reports a full disk to the disk watch (plugins/disk); no export here fills one.
    await server.register(fp(
        async (app) => {
          app.decorate('disk', { refused: () => undefined } as unknown as FastifyInstance['disk']);
        },
        { name: 'goc-disk' },
      ));
    await server.register(errors);
    server.get('/export/:format/:failAt', async (request, reply) => {
      const { format, failAt } = request.params as { format: 'csv' | 'xlsx'; failAt: string };
      return sendExport(reply, { format, fileName: `x.${format}`, title: 'Prueba', columns, batches: failing(Number(failAt)), limiter, userId: 1 });
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => server?.close());

  /** Status, body and whether the HTTP message arrived complete (chunked terminator received). */
  const fetchRaw = (path: string) =>
    new Promise<{ status: number; body: Buffer; complete: boolean }>((resolve, reject) => {
      get(`${base}${path}`, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', () => undefined);
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), complete: res.complete }));
      }).on('error', reject);
    });

  it('a failure in the first batch is an error answer, not a 200 with a header line', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await fetchRaw(`/export/${format}/0`);
      expect(res.status).toBe(500);
      expect(JSON.parse(res.body.toString()).message).toBe('Ocurrió un error inesperado. Inténtalo de nuevo más tarde.');
    }
    expect(limiter.running()).toBe(0);
  });

  it('a failure after the first batch cuts the download: the client never gets a complete file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await fetchRaw(`/export/${format}/3`);
      expect(res.status).toBe(200);
      expect(res.complete, format).toBe(false);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(limiter.running()).toBe(0);
  });
});

describe('concurrent export caps', () => {
  let t: TestApp;
  let admin: Api;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const session = await login(t.app);
    admin = apiFor(t.app, session.token);
    adminId = session.user.id;
  });
  afterAll(async () => t?.close());

  const exportUnits = (api: Api) => api.get(`${API}/units/export?format=csv`);

  it('answers 429 in Spanish beyond the per-user cap, and again 200 once a slot is free', async () => {
    const held = [t.app.exportLimiter.acquire(adminId), t.app.exportLimiter.acquire(adminId)];
    const refused = await exportUnits(admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: EXPORT_LIMIT_MESSAGES.perUser });
    for (const slot of held) if (slot.ok) slot.release();
    const ok = await exportUnits(admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.startsWith('\uFEFF')).toBe(true);
    expect(t.app.exportLimiter.running()).toBe(0);
  });

  it('answers 429 beyond the global cap, whoever runs the other exports', async () => {
    const other = await createUser(t.app);
    const otherApi = apiFor(t.app, (await login(t.app, other.username, other.password)).token);
    const held = [t.app.exportLimiter.acquire(900), t.app.exportLimiter.acquire(901), t.app.exportLimiter.acquire(902)];
    const refused = await exportUnits(otherApi);
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: EXPORT_LIMIT_MESSAGES.global });
    for (const slot of held) if (slot.ok) slot.release();
    expect((await exportUnits(otherApi)).statusCode).toBe(200);
  });
});
