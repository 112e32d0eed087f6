import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { BACKUP_MESSAGES, type Backup } from '@goc/contracts';
import type { Database } from '../../db/client';
import { LOCK_FILE } from '../../db/data-lock';
import { AppError, ConflictError } from '../errors';
import { backupFileName, pruneBackups, publish, sealBackup } from './files';
import { findPgTool, run } from './pg-tools';

/*
 * A consistent backup of the whole database while the server keeps running.
 * PGlite: its data folder as a gzipped tarball. The folder's files are copied to a staging folder
 * beside the backups while no transaction is open and no statement runs — PGlite runs one at a time,
 * so writes wait only for this plain file copy — then compressed from the copy while the database
 * goes on. Left out: the files that are not the database (the server's lock, the signing key,
 * backups kept inside the folder).
 * PostgreSQL: pg_dump's custom format (a consistent snapshot by itself), when pg_dump is installed.
 */

export interface BackupSettings {
  dir: string;
  keep: number;
  /** The embedded database's folder (to leave out what is not the database). */
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** node-tar's CommonJS entry, for the worker below (an evaluated worker resolves nothing by itself). */
const TAR_MODULE = createRequire(import.meta.url).resolve('tar');

/**
 * Packs and gzips a folder in a worker thread. On the event loop, tar's reads and gzip's pieces
 * would each wait for a turn behind the requests (a busy server starved the backup for minutes);
 * the worker has a loop of its own.
 */
function packInWorker(job: { tar: string; cwd: string; entries: string[]; file: string }, signal?: AbortSignal): Promise<void> {
  const code = `
    const { workerData: job } = require('node:worker_threads');
    require(job.tar).create({ cwd: job.cwd, file: job.file, gzip: true, portable: true, mode: 0o600 }, job.entries)
      .catch((error) => { process.nextTick(() => { throw error; }); });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: job });
    const abort = () => {
      reject(signal!.reason);
      void worker.terminate();
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('exit', () => signal?.removeEventListener('abort', abort));
    worker.once('error', reject);
    worker.once('exit', (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`backup: the packing worker ended with code ${exitCode}`))));
  });
}

/** Files of the data folder that are not the database. */
export const NOT_DATABASE = [LOCK_FILE, 'jwt-secret'];

/**
 * Copies the folder `from` into `to` (which exists), the entries `kept` says, as plain copies
 * (a copy-on-write clone where the file system offers one). Links and other special files are not
 * part of a PGlite folder and are skipped.
 */
async function copyFolder(from: string, to: string, kept: (path: string) => boolean, signal: AbortSignal | undefined, under = ''): Promise<void> {
  for (const entry of await readdir(join(from, under), { withFileTypes: true })) {
    // Between files: an aborted backup frees the database's locks at once.
    signal?.throwIfAborted();
    const path = under === '' ? entry.name : `${under}/${entry.name}`;
    if (!kept(path)) continue;
    if (entry.isDirectory()) {
      await mkdir(join(to, path), { mode: 0o700 });
      await copyFolder(from, to, kept, signal, path);
    } else if (entry.isFile()) {
      await copyFile(join(from, path), join(to, path), constants.COPYFILE_FICLONE);
    }
  }
}

/**
 * PGlite's folder as a gzipped tar (the layout PGlite's loadDataDir reads back). The files are
 * copied while both of PGlite's locks are held: no statement runs and no transaction is open, so the
 * copy is crash-consistent (PGlite writes through to the folder). The tar is then made from the copy
 * with the database free again, in a worker thread, and the copy deleted. The parts left out (the backups kept inside
 * the folder among them) are never read — PGlite's own dumpDataDir would read the whole folder into
 * memory, under the locks, and compress it there.
 */
async function pgliteBackup(database: Database & { driver: { kind: 'pglite' } }, settings: BackupSettings, temporary: string, signal?: AbortSignal): Promise<void> {
  const client = database.driver.client;
  const target = join(settings.dir, temporary);
  if (!client.dataDir || client.dataDir.startsWith('memory://')) {
    // A database kept in memory (tests) has nothing on disk: PGlite's own dump is the copy.
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    await writeFile(target, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return;
  }
  const inside = relative(settings.dataDir, settings.dir);
  const excluded = [...NOT_DATABASE, ...(inside && !inside.startsWith('..') ? [inside.split(sep).join('/')] : [])];
  const kept = (path: string) => !excluded.some((x) => path === x || path.startsWith(`${x}/`));
  // Beside the backup (so on its file system, where there is room for it), owner-only.
  const staging = `${target}.d`;
  await mkdir(staging, { mode: 0o700 });
  try {
    // The transaction lock first, then the query lock: the order PGlite's own query(), exec() and
    // transaction() take them, so the copy waits for the transaction in progress.
    await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => copyFolder(settings.dataDir, staging, kept, signal)));
    await packInWorker({ tar: TAR_MODULE, cwd: staging, entries: await readdir(staging), file: target }, signal);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function postgresBackup(settings: BackupSettings, temporary: string, signal?: AbortSignal): Promise<void> {
  const pgDump = await findPgTool('pg_dump');
  if (!pgDump || !settings.databaseUrl) throw new AppError(503, BACKUP_MESSAGES.noPgDump);
  await run(pgDump, ['--format=custom', '--no-owner', `--file=${join(settings.dir, temporary)}`, `--dbname=${settings.databaseUrl}`], { maxBuffer: 16 * 1024 * 1024, ...(signal ? { signal } : {}) });
}

export interface BackupService {
  /** Makes a backup; `signal` (its job's timeout) stops it and publishes nothing. */
  create(signal?: AbortSignal): Promise<Backup>;
}

/** One backup at a time per process; a second request while one runs is refused (409). */
export function createBackupService(database: Database, settings: BackupSettings, now: () => Date = () => new Date()): BackupService {
  let running = false;
  return {
    async create(signal) {
      if (running) throw new ConflictError(BACKUP_MESSAGES.busy);
      running = true;
      const createdAt = now();
      const fileName = backupFileName(createdAt, database.kind);
      const temporary = `.${fileName}.tmp`;
      try {
        await mkdir(settings.dir, { recursive: true, mode: 0o700 });
        signal?.throwIfAborted();
        if (database.driver.kind === 'pglite') await pgliteBackup(database as Database & { driver: { kind: 'pglite' } }, settings, temporary, signal);
        else await postgresBackup(settings, temporary, signal);
        signal?.throwIfAborted();
        await publish(settings.dir, temporary, fileName);
        const backup = await sealBackup(settings.dir, fileName, createdAt);
        await pruneBackups(settings.dir, settings.keep);
        return backup;
      } catch (error) {
        await rm(join(settings.dir, temporary), { force: true });
        throw error;
      } finally {
        running = false;
      }
    },
  };
}

