import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { freePort } from '../helpers/pg-cluster';
import { multipartBody, pdf } from '../attachments/support';
import { rfcMoral } from '../catalogs/support';

/*
 * Fault test: the real server process (tsx src/server.ts) on PGlite whose data folder — database,
 * backups and all — is a small tmpfs. The disk is filled to the last byte: writes answer 503 with the
 * message, reads answer, readiness says so; nothing acknowledged before is lost; once space is freed
 * writes go through again without a restart. Needs to mount a tmpfs (root); skipped with a message
 * otherwise.
 */

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_PASSWORD = 'Disco-Admin-2026';
// A migrated PGlite folder takes about 45 MB of it.
const TMPFS_SIZE = '96m';

const mountPoint = mkdtempSync(join(tmpdir(), 'goc-disk-full-'));
function mountTmpfs(): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0700`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (error) {
    rmdirSync(mountPoint);
    return (error as { stderr?: Buffer }).stderr?.toString().trim() || String(error);
  }
}
const skipReason = mountTmpfs();
if (skipReason) console.warn(`Prueba de disco lleno omitida: no se pudo montar un tmpfs (${skipReason})`);

const dataDir = join(mountPoint, 'data');
const filler = join(mountPoint, 'relleno');
let server: ChildProcess | undefined;
let base = '';
let output = '';
let token = '';

function waitListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('GOC escuchando')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  if (skipReason) return;
  mkdirSync(dataDir, { mode: 0o700 });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      GOC_DATA_DIR: dataDir,
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'false',
      GOC_JWT_SECRET: 'secreto-de-la-prueba-de-disco-con-mas-de-32-caracteres',
      GOC_BACKUP_SCHEDULE: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitListening(server);
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  if (skipReason) return;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  execFileSync('umount', [mountPoint]);
  rmdirSync(mountPoint);
});

interface Answer {
  status: number;
  body: { message?: string; id?: number; items?: { abbreviation: string }[]; total?: number; status?: string };
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as Answer['body']) : {} };
}

/**
 * A PDF upload on a connection of its own, closed after the answer: the refusal may come before the
 * whole body is read, which would leave a kept-alive connection waiting for the rest of it.
 */
function uploadOnItsOwnConnection(path: string, file: Buffer): Promise<Answer> {
  const body = multipartBody([{ name: 'file', value: file, fileName: 'plano.pdf', type: 'application/pdf' }]);
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, connection: 'close', ...body.headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? (JSON.parse(text) as Answer['body']) : {} }));
    });
    // The server may answer and close before the body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body.payload);
  });
}

const newUnit = (n: number) => call('POST', '/api/v2/units', { abbreviation: `d${n}`, name: `Unidad de la prueba de disco ${n} ${'x'.repeat(60)}` });

/** Writes zeros into one file until the file system has no byte left (1 MiB, then 4 KiB, then 1 B at a time). */
function fillTheDisk(): void {
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

const metric = async (name: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text.split('\n').filter((line) => line.startsWith(name));
};

describe.skipIf(skipReason !== null)('PGlite on a full disk', () => {
  it('refuses writes with 503 and the message, keeps reads and what was acknowledged, and writes again once space is freed', async () => {
    const acknowledged: string[] = [];
    for (let n = 0; n < 20; n++) {
      const made = await newUnit(n);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      acknowledged.push(`d${n}`);
    }
    const supplier = await call('POST', '/api/v2/suppliers', { name: 'Proveedor de la prueba de disco', rfc: rfcMoral(7), materialCategoryIds: [] });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);

    fillTheDisk();
    // Writes land in free room of existing pages until one needs a new page: the first refusal comes
    // within a few hundred rows. Every write acknowledged meanwhile must be kept like the others.
    let refused: Answer | undefined;
    for (let n = 20; n < 1_000 && !refused; n++) {
      const answer = await newUnit(n);
      if (answer.status === 201) acknowledged.push(`d${n}`);
      else refused = answer;
    }
    expect(refused).toEqual({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: MESSAGES.diskFull } });
    expect(await newUnit(5_000)).toMatchObject({ status: 503, body: { message: MESSAGES.diskFull } });

    // Reads answer; readiness and the metrics say the disk is full.
    const list = await call('GET', '/api/v2/units?pageSize=1');
    expect(list.status).toBe(200);
    const ready = await call('GET', '/api/v2/health/ready');
    expect([ready.status, ready.body.message]).toEqual([503, MESSAGES.diskFull]);
    expect(await metric('goc_disk_full ')).toEqual(['goc_disk_full 1']);
    const [free] = await metric('goc_disk_free_bytes{folder="data"}');
    expect(Number(free!.split(' ')[1])).toBeLessThan(64 * 1024);

    // A backup and a document: the same answer.
    const backup = await call('POST', '/api/v2/admin/backups');
    expect([backup.status, backup.body.message]).toEqual([503, MESSAGES.diskFull]);
    const document = await uploadOnItsOwnConnection(`/api/v2/attachments?resource=suppliers&recordId=${supplier.body.id}`, pdf(600_000));
    expect([document.status, document.body.message]).toEqual([503, MESSAGES.diskFull]);

    rmSync(filler);
    const after = await newUnit(9_999);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    acknowledged.push('d9999');
    expect((await call('GET', '/api/v2/health/ready')).status).toBe(200);
    expect(await metric('goc_disk_full ')).toEqual(['goc_disk_full 0']);

    // Everything acknowledged is there, before and during the episode.
    const stored: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await call('GET', `/api/v2/units?pageSize=100&page=${page}&sort=abbreviation`);
      stored.push(...body.items!.map((u) => u.abbreviation));
      if (stored.length >= body.total!) break;
    }
    expect(stored.filter((a) => /^d\d+$/.test(a)).sort()).toEqual([...acknowledged].sort());

    // One error line for the whole episode, however many writes it refused.
    const diskLines = output.split('\n').filter((line) => line.includes('disco lleno'));
    expect(diskLines).toHaveLength(1);
    expect(JSON.parse(diskLines[0]!)).toMatchObject({ level: 50 });
  }, 90_000);
});
