import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '@goc/contracts';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';

/*
 * Files only the server's user may read: the embedded database's folder (0700, its files 0600, even
 * when PGlite or an older version left them 0666), the signing key, and the backups — which download
 * byte for byte, never under a Content-Encoding (a browser would unpack or refuse the .tar.gz).
 * The download tests run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const API = '/api/v2';
const EVERY_ENCODING = 'gzip, deflate, br, zstd';
const root = mkdtempSync(join(tmpdir(), 'goc-private-'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under `dir` with its mode, folders marked with a trailing slash. */
function modes(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      found.set(`${prefix}${entry.name}${entry.isDirectory() ? '/' : ''}`, modeOf(path));
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
    }
  };
  walk(dir, '');
  return found;
}
const notPrivate = (dir: string) => [...modes(dir)].filter(([path, mode]) => mode !== (path.endsWith('/') ? 0o700 : 0o600));

/** A backup as the server writes it: the file and its checksum, here group- and world-readable. */
function storeBackup(dir: string, fileName: string, bytes: Buffer): void {
  writeFileSync(join(dir, fileName), bytes, { mode: 0o644 });
  writeFileSync(join(dir, `${fileName}.sha256`), `${sha256(bytes)}  ${fileName}\n`, { mode: 0o644 });
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database’s folder', () => {
  it('is 0700 with its files 0600 once opened, also after they were left 0666; the signing key too', async () => {
    const dataDir = join(root, 'data');
    const config = loadConfig({ GOC_DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);

    let database = await openDatabase({ pgliteDir: dataDir });
    await database.close();
    expect(modes(dataDir).size).toBeGreaterThan(900);
    expect(notPrivate(dataDir)).toEqual([]);

    // As earlier versions (and PGlite's initdb) left them: pg_control and pg_authid writable by anyone.
    for (const [path] of modes(dataDir)) chmodSync(join(dataDir, path), path.endsWith('/') ? 0o755 : 0o666);
    chmodSync(dataDir, 0o755);
    database = await openDatabase({ pgliteDir: dataDir });
    await database.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(notPrivate(dataDir)).toEqual([]);
    expect(modeOf(join(dataDir, 'global', 'pg_control'))).toBe(0o600);
  }, 120_000);
});

describe(`backups on disk (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dir = join(root, 'backups');
  const tarball = 'goc-2026-11-24T08-00-00-000Z.pglite.tar.gz';
  const dump = 'goc-2026-11-25T08-00-00-000Z.pgdump';
  const tarBytes = gzipSync(Buffer.concat([Buffer.from('base/1/1259 '.repeat(4000)), randomBytes(64 * 1024)]));
  const dumpBytes = Buffer.concat([Buffer.from('PGDMP'), randomBytes(200 * 1024)]);
  const oldLeftover = `.${tarball}.tmp.d`;
  const freshLeftover = '.goc-2026-11-26T08-00-00-000Z.pglite.tar.gz.tmp';
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    storeBackup(dir, tarball, tarBytes);
    storeBackup(dir, dump, dumpBytes);
    // What a crash in the middle of a backup leaves: a staging copy from two hours ago, and a temporary file that may be a backup in progress.
    mkdirSync(join(dir, oldLeftover, 'base'), { recursive: true });
    writeFileSync(join(dir, oldLeftover, 'base', '1259'), randomBytes(1024));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(dir, oldLeftover), twoHoursAgo, twoHoursAgo);
    writeFileSync(join(dir, freshLeftover), 'en curso');
    t = await createTestApp({ config: { backups: { dir, schedule: 'off', keep: 14 } } });
    token = (await login(t.app)).token;
  }, 120_000);

  afterAll(() => t?.close());

  it('are made owner-only at start, and an interrupted backup’s old staging copy is deleted', () => {
    expect([tarball, `${tarball}.sha256`, dump, `${dump}.sha256`].map((name) => modeOf(join(dir, name)))).toEqual([0o600, 0o600, 0o600, 0o600]);
    expect(readdirSync(dir)).not.toContain(oldLeftover);
    expect(readdirSync(dir)).toContain(freshLeftover);
  });

  it('download byte for byte with no Content-Encoding, whatever the client accepts', async () => {
    for (const [fileName, bytes] of [
      [tarball, tarBytes],
      [dump, dumpBytes],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${API}/admin/backups/${fileName}`, headers: { ...bearer(token), 'accept-encoding': EVERY_ENCODING } });
      expect([res.statusCode, res.headers['content-encoding'], res.headers['content-length']], fileName).toEqual([200, undefined, String(bytes.length)]);
      expect([sha256(res.rawPayload), res.headers['x-checksum-sha256']], fileName).toEqual([sha256(bytes), sha256(bytes)]);
    }
  });

  it('a backup just made downloads as it was written, and is owner-only', async () => {
    const made = await t.app.inject({ method: 'POST', url: `${API}/admin/backups`, headers: bearer(token) });
    // Without pg_dump a PostgreSQL server cannot back up (503, tested in backup.test.ts).
    if (made.statusCode === 503) return;
    expect(made.statusCode, made.body).toBe(201);
    const backup = made.json() as Backup;
    expect([modeOf(join(dir, backup.fileName)), modeOf(join(dir, `${backup.fileName}.sha256`))]).toEqual([0o600, 0o600]);
    const res = await t.app.inject({ method: 'GET', url: `${API}/admin/backups/${backup.fileName}`, headers: { ...bearer(token), 'accept-encoding': EVERY_ENCODING } });
    expect([res.statusCode, res.headers['content-encoding']]).toEqual([200, undefined]);
    expect(sha256(res.rawPayload)).toBe(backup.sha256);
  }, 120_000);
});
