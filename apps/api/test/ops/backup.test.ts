import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_FILE_PATTERN, BACKUP_MESSAGES, type Backup } from '@goc/contracts';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { jobs } from '../../src/db/schema';
import { nextRun } from '../../src/lib/backup/schedule';
import { BACKUP_QUEUE } from '../../src/plugins/backups';
import { openDatabase, openPglite, type Database } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { seedDatabase } from '../../src/db/seed';
import { findPgTool } from '../../src/lib/backup/pg-tools';
import { createPasswordHasher } from '../../src/lib/passwords';
import { ADMIN_PASSWORD, bearer, createRole, createUser, login, testConfig } from '../helpers/app';
import { createPostgresDatabase } from '../helpers/database';
import { until } from '../helpers/until';
import type { FastifyInstance } from 'fastify';

/*
 * Backups taken while the server keeps writing, restored with `npm run restore` into a new place a
 * new server then runs on: a new PGlite folder, or with TEST_DATABASE_URL a new PostgreSQL database
 * (pg_dump's backup; without pg_dump installed the server must answer 503 instead).
 */

const run = promisify(execFile);
const API = '/api/v2';
const serverUrl = process.env.TEST_DATABASE_URL;
const pgDump = serverUrl ? await findPgTool('pg_dump') : null;
const backsUp = !serverUrl || pgDump !== null;
const root = mkdtempSync(join(tmpdir(), 'goc-backup-'));
const dataDir = join(root, 'data');
// PGlite: inside the data folder (the default), so the backup must leave its own folder out.
const backupDir = serverUrl ? join(root, 'backups') : join(dataDir, 'backups');
const dropLater: (() => Promise<void>)[] = [];
let database: Database;
let app: FastifyInstance;
let token: string;
let config: AppConfig;

const restore = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/restore.ts', ...args], { cwd: join(__dirname, '../..') });
const failure = (e: { stdout: string; stderr: string; code: number }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr });

async function newPostgresDatabase(): Promise<string> {
  const created = await createPostgresDatabase(serverUrl!);
  dropLater.push(created.drop);
  return created.url;
}

beforeAll(async () => {
  const template = inject('pgliteTemplates')?.migrated;
  const databaseUrl = serverUrl ? await newPostgresDatabase() : undefined;
  if (databaseUrl) database = await openDatabase({ databaseUrl, pgliteDir: null });
  else database = template ? await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(template)]) }) : await openDatabase({ pgliteDir: dataDir });
  await migrateDatabase(database);
  config = testConfig({ dataDir, databaseUrl, logLevel: 'error', backups: { dir: backupDir, schedule: 'off', keep: 3 } });
  await seedDatabase(database, { adminPassword: ADMIN_PASSWORD, demoData: false, passwords: createPasswordHasher(config.auth.argon2) });
  if (!serverUrl) writeFileSync(join(dataDir, 'jwt-secret'), 'no-debe-ir-en-la-copia');
  app = buildApp(config, database);
  await app.ready();
  token = (await login(app)).token;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const drop of dropLater) await drop();
  rmSync(root, { recursive: true, force: true });
});

describe(`backups (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.runIf(backsUp)('backs up while 8 writers write; the restored copy has every write acknowledged before, and a server runs on it', async () => {
    if (pgDump) {
      // pg_dump refuses a server newer than itself: a mismatch must show here, not as a 500 below.
      const { stdout: tool } = await run(pgDump, ['--version']);
      const [server] = (await database.db.execute<{ major: number }>(sql`select current_setting('server_version_num')::int / 10000 as major`)).rows;
      expect(Number(/\) (\d+)/.exec(tool)?.[1]), tool).toBe(server?.major);
    }
    const acknowledged: { name: string; at: number }[] = [];
    let writing = true;
    let broken: Error | undefined;
    const writer = async (w: number) => {
      for (let i = 0; writing && !broken; i += 1) {
        const name = `Unidad ${w}-${i}`;
        const res = await app.inject({ method: 'POST', url: `${API}/units`, headers: bearer(token), payload: { name, abbreviation: `u${w}-${i}` } });
        if (res.statusCode !== 201) broken = new Error(`${name}: ${res.statusCode} ${res.body}`);
        else acknowledged.push({ name, at: performance.now() });
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    const until = async (count: number) => {
      while (acknowledged.length < count && !broken) await new Promise((r) => setTimeout(r, 20));
    };
    await until(24);
    const started = performance.now();
    const made = await app.inject({ method: 'POST', url: `${API}/admin/backups`, headers: bearer(token) });
    const finished = performance.now();
    await until(acknowledged.length + 8);
    writing = false;
    await Promise.all(writers);
    expect(broken).toBeUndefined();
    expect(made.statusCode, made.body).toBe(201);
    const before = acknowledged.filter((a) => a.at < started).map((a) => a.name);
    expect(before.length).toBeGreaterThanOrEqual(24);
    // The server kept writing while the backup ran (on PGlite writes wait only for the copy itself).
    expect(acknowledged.filter((a) => a.at > started && a.at < finished).length).toBeGreaterThan(0);
    const backup = made.json() as Backup;
    expect(backup.fileName).toMatch(BACKUP_FILE_PATTERN);
    expect(backup.fileName.endsWith(serverUrl ? '.pgdump' : '.pglite.tar.gz')).toBe(true);
    expect(backup.sha256).toBe(createHash('sha256').update(readFileSync(join(backupDir, backup.fileName))).digest('hex'));
    expect(readdirSync(backupDir).sort()).toEqual([backup.fileName, `${backup.fileName}.sha256`]);

    const list = await app.inject({ method: 'GET', url: `${API}/admin/backups`, headers: bearer(token) });
    expect(list.json()).toEqual({ items: [backup] });
    const download = await app.inject({ method: 'GET', url: `${API}/admin/backups/${backup.fileName}`, headers: bearer(token) });
    expect([download.statusCode, download.headers['content-disposition'], download.rawPayload.length]).toEqual([200, `attachment; filename="${backup.fileName}"`, backup.size]);
    expect((await app.inject({ method: 'GET', url: `${API}/admin/backups/..%2Fjwt-secret`, headers: bearer(token) })).statusCode).toBe(404);

    let restored: Database;
    let second: FastifyInstance;
    const file = join(backupDir, backup.fileName);
    if (serverUrl) {
      const targetUrl = await newPostgresDatabase();
      const { stdout } = await restore(file, '--database-url', targetUrl);
      expect(stdout).toContain(`Suma de verificación correcta: ${backup.fileName}`);
      expect(stdout).toMatch(/users: 1\n/);
      expect(stdout).toContain('Restaurado en PostgreSQL');
      restored = await openDatabase({ databaseUrl: targetUrl, pgliteDir: null });
      second = buildApp(testConfig({ databaseUrl: targetUrl }), restored);
    } else {
      const target = join(root, 'restored');
      const { stdout } = await restore(file, '--data-dir', target);
      expect(stdout).toContain(`Suma de verificación correcta: ${backup.fileName}`);
      expect(stdout).toMatch(/users: 1\n/);
      expect(stdout).toContain(`Restaurado en ${target}`);
      // Neither the signing key nor the backups (nor the server's lock) travel in the copy.
      expect(readdirSync(target)).toEqual(expect.arrayContaining(['base', 'global', 'pg_wal', 'PG_VERSION']));
      expect(readdirSync(target).filter((f) => ['jwt-secret', 'backups', 'goc-server.lock'].includes(f))).toEqual([]);
      const refused = await restore(file, '--data-dir', target).catch(failure);
      expect(refused).toMatchObject({ code: 1, stderr: `La carpeta ${target} no está vacía; usa otra carpeta o --force para reemplazar su contenido.\n` });
      restored = await openDatabase({ pgliteDir: target });
      second = buildApp(testConfig({ dataDir: target }), restored);
    }
    try {
      await migrateDatabase(restored);
      const names = new Set((await restored.db.execute<{ name: string }>(sql`select name from units`)).rows.map((r) => r.name));
      expect(before.filter((n) => !names.has(n))).toEqual([]);
      await second.ready();
      try {
        const session = await login(second);
        const units = await second.inject({ method: 'GET', url: `${API}/units?pageSize=1`, headers: bearer(session.token) });
        expect([units.statusCode, units.json().total]).toEqual([200, names.size]);
      } finally {
        await second.close();
      }
    } finally {
      await restored.close();
    }
  // 21 s on a quiet machine; CI runs it beside the PostgreSQL suite, where it has taken 88 s.
  }, 180_000);

  it.runIf(!serverUrl)('never reads the backups kept inside the data folder', async () => {
    // A link to nowhere among the kept backups: reading the folder's backups would fail on it.
    const link = join(backupDir, 'goc-roto.pglite.tar.gz');
    symlinkSync(join(root, 'no-existe'), link);
    try {
      const made = await app.inject({ method: 'POST', url: `${API}/admin/backups`, headers: bearer(token) });
      expect(made.statusCode, made.body).toBe(201);
    } finally {
      rmSync(link);
    }
  }, 60_000);

  it.runIf(!backsUp)('answers 503 without pg_dump, and writes nothing', async () => {
    const res = await app.inject({ method: 'POST', url: `${API}/admin/backups`, headers: bearer(token) });
    expect([res.statusCode, res.json().message]).toEqual([503, BACKUP_MESSAGES.noPgDump]);
    expect((await app.inject({ method: 'GET', url: `${API}/admin/backups`, headers: bearer(token) })).json()).toEqual({ items: [] });
  });

  it('refuses a corrupted backup before touching anything, and needs the admin module', async () => {
    const [backup] = (await app.inject({ method: 'GET', url: `${API}/admin/backups`, headers: bearer(token) })).json().items as Backup[];
    // Without pg_dump there is no backup to damage: a file with a checksum stands in for one.
    const fileName = backup?.fileName ?? 'goc-2026-11-24T08-00-00-000Z.pgdump';
    const damaged = join(root, fileName);
    if (backup) {
      copyFileSync(join(backupDir, fileName), damaged);
      copyFileSync(join(backupDir, `${fileName}.sha256`), `${damaged}.sha256`);
    } else {
      const bytes = Buffer.from('PGDMP copia de prueba');
      writeFileSync(damaged, bytes);
      writeFileSync(`${damaged}.sha256`, `${createHash('sha256').update(bytes).digest('hex')}  ${fileName}\n`);
    }
    const bytes = readFileSync(damaged);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = join(root, 'never');
    const refused = await restore(damaged, serverUrl ? '--database-url' : '--data-dir', serverUrl ? 'postgres://nadie@127.0.0.1:1/nada' : target).catch(failure);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `La copia ${fileName} está dañada: su SHA-256 no coincide con ${fileName}.sha256. No se restauró nada.\n` });
    expect(existsSync(target)).toBe(false);

    const viewer = await createUser(app, { roleId: await createRole(database.db, 'Consulta de copias', { admin: ['view'] }) });
    const viewerToken = (await login(app, viewer.username, viewer.password)).token;
    expect((await app.inject({ method: 'GET', url: `${API}/admin/backups`, headers: bearer(viewerToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `${API}/admin/backups`, headers: bearer(viewerToken) })).statusCode).toBe(403);
  }, 60_000);

  it.runIf(backsUp)('GOC_BACKUP_SCHEDULE is a lib/jobs schedule: one slot waits at its time (not backlog before then), runs a backup when due, once', async () => {
    const schedule = { hour: 3, minute: 5 };
    // Another process with the schedule on; the suite's app (schedule off) shares the queue and may take the slot too.
    const scheduled = buildApp({ ...config, backups: { ...config.backups, schedule } }, database, { events: { dispatch: false } });
    await scheduled.ready();
    try {
      await scheduled.jobs.drain();
      const slots = () => database.db.select().from(jobs).where(eq(jobs.queue, BACKUP_QUEUE));
      const [slot] = await slots();
      expect(slot).toMatchObject({ state: 'pending', key: 'schedule', attempts: 0 });
      expect(slot!.runAt.getTime()).toBe(nextRun(schedule, Date.now()).getTime());
      expect((await scheduled.inject({ method: 'GET', url: '/metrics' })).body).toContain(`goc_jobs_pending{queue="${BACKUP_QUEUE}"} 0`);
      const before = new Set(readdirSync(backupDir));
      await database.db.execute(sql`update jobs set run_at = now() - interval '1 second' where queue = ${BACKUP_QUEUE}`);
      await until(async () => {
        await scheduled.jobs.drain();
        return (await slots()).length === 0;
      }, 60_000);
      const made = readdirSync(backupDir).filter((f) => BACKUP_FILE_PATTERN.test(f) && !before.has(f));
      expect(made).toHaveLength(1);
    } finally {
      await scheduled.close();
    }
  });

  it.runIf(backsUp)('stops a backup whose job timed out: nothing published, nothing left behind, the next one not refused as busy', async () => {
    const listing = () => (existsSync(backupDir) ? readdirSync(backupDir).sort() : []);
    const before = listing();
    const controller = new AbortController();
    const making = app.backups.create(controller.signal);
    controller.abort(new Error('tiempo agotado'));
    await expect(making).rejects.toThrow('tiempo agotado');
    expect(listing()).toEqual(before);
    await expect(app.backups.create(AbortSignal.abort(new Error('otra vez')))).rejects.toThrow('otra vez');
  });
});
