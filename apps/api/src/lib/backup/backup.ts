import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
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

async function pgliteBackup(database: Database & { driver: { kind: 'pglite' } }, settings: BackupSettings, temporary: string): Promise<void> {
  const client = database.driver.client;
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
  const inside = relative(settings.dataDir, settings.dir);
  const excluded = [...NOT_DATABASE, ...(inside && !inside.startsWith('..') ? [inside.split(sep).join('/')] : [])];
  const source = extract();
  const target = pack();
  source.on('entry', (header, stream, next) => {
    // Entries are <folder>/<path>: compare the path inside the data folder.
    const path = header.name.split('/').slice(1).join('/').replace(/\/$/, '');
    if (excluded.some((x) => path === x || path.startsWith(`${x}/`))) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    stream.pipe(target.entry(header, next));
  });
  source.on('finish', () => target.finalize());
  source.on('error', (error) => target.destroy(error));
  const written = pipeline(target, createGzip(), createWriteStream(join(settings.dir, temporary), { mode: 0o600 }));
  await pipeline(Readable.from(Buffer.from(await dump.arrayBuffer())), source);
  await written;
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

