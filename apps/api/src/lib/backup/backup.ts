import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { BACKUP_MESSAGES, type Backup } from '@goc/contracts';
import type { Database } from '../../db/client';
import { LOCK_FILE } from '../../db/data-lock';
import { AppError, ConflictError } from '../errors';
import { backupFileName, pruneBackups, publish, sealBackup } from './files';
import { findPgTool, run } from './pg-tools';

/*
 * A consistent backup of the whole database while the server keeps running.
 * PGlite: its data folder as a tarball (dumpDataDir), taken while no transaction is open and no
 * statement runs — PGlite runs one at a time, so writes simply wait for the copy — without the files
 * that are not the database (the server's lock, the signing key, backups kept inside the folder).
 * Everything after the copy happens in a few large steps, never as a stream of small chunks: each
 * chunk waits for a turn of the event loop, and while requests keep writing every turn runs some of
 * them, so the thousands of turns a tar/gzip stream needs took minutes.
 * PostgreSQL: pg_dump's custom format (a consistent snapshot by itself), when pg_dump is installed.
 */

export interface BackupSettings {
  dir: string;
  keep: number;
  /** The embedded database's folder (to leave out what is not the database). */
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** Files of the data folder that are not the database. */
export const NOT_DATABASE = [LOCK_FILE, 'jwt-secret'];

const gzipBuffer = promisify(gzip);
/** gzip's output per round trip to the thread pool: a few turns of the event loop per backup, not hundreds. */
const GZIP_CHUNK = 4 * 1024 * 1024;
const BLOCK = 512;

/**
 * The archive without the entries whose path `excluded` matches, in one synchronous pass. PGlite's
 * tar writer puts the whole path ("/base/1/1259") in the 100-byte name field, and data only after
 * regular files.
 */
function withoutEntries(tar: Uint8Array, excluded: (path: string) => boolean): Buffer {
  const kept: Uint8Array[] = [];
  let offset = 0;
  // A header starting with a zero byte is the end of the archive (its two zero blocks).
  while (offset + BLOCK <= tar.length && tar[offset] !== 0) {
    const header = Buffer.from(tar.buffer, tar.byteOffset + offset, BLOCK);
    const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const regular = header[156] === 0x30 || header[156] === 0;
    const size = regular ? Number.parseInt(text(124, 12).trim(), 8) : 0;
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!Number.isSafeInteger(end) || end > tar.length) throw new Error(`copia de seguridad: encabezado tar ilegible en el byte ${offset}`);
    if (!excluded(text(0, 100).replace(/^\//, ''))) kept.push(tar.subarray(offset, end));
    offset = end;
  }
  kept.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(kept);
}

async function pgliteBackup(database: Database & { driver: { kind: 'pglite' } }, settings: BackupSettings, temporary: string): Promise<void> {
  const client = database.driver.client;
  // The transaction mutex first, then (inside dumpDataDir) the query mutex: the order PGlite's own
  // query(), exec() and transaction() take them, so the copy waits for the transaction in progress.
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  const inside = relative(settings.dataDir, settings.dir);
  const excluded = [...NOT_DATABASE, ...(inside && !inside.startsWith('..') ? [inside.split(sep).join('/')] : [])];
  const tar = withoutEntries(new Uint8Array(await dump.arrayBuffer()), (path) => excluded.some((x) => path === x || path.startsWith(`${x}/`)));
  await writeFile(join(settings.dir, temporary), await gzipBuffer(tar, { chunkSize: GZIP_CHUNK }), { mode: 0o600 });
}

async function postgresBackup(settings: BackupSettings, temporary: string): Promise<void> {
  const pgDump = await findPgTool('pg_dump');
  if (!pgDump || !settings.databaseUrl) throw new AppError(503, BACKUP_MESSAGES.noPgDump);
  await run(pgDump, ['--format=custom', '--no-owner', `--file=${join(settings.dir, temporary)}`, `--dbname=${settings.databaseUrl}`], { maxBuffer: 16 * 1024 * 1024 });
}

export interface BackupService {
  create(): Promise<Backup>;
}

/** One backup at a time per process; a second request while one runs is refused (409). */
export function createBackupService(database: Database, settings: BackupSettings, now: () => Date = () => new Date()): BackupService {
  let running = false;
  return {
    async create() {
      if (running) throw new ConflictError(BACKUP_MESSAGES.busy);
      running = true;
      const createdAt = now();
      const fileName = backupFileName(createdAt, database.kind);
      const temporary = `.${fileName}.tmp`;
      try {
        await mkdir(settings.dir, { recursive: true, mode: 0o700 });
        if (database.driver.kind === 'pglite') await pgliteBackup(database as Database & { driver: { kind: 'pglite' } }, settings, temporary);
        else await postgresBackup(settings, temporary);
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

