import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { create as createTar } from 'tar';
import { BACKUP_MESSAGES, type Backup } from '@goc/contracts';
import type { Database } from '../../db/client';
import { LOCK_FILE } from '../../db/data-lock';
import { AppError, ConflictError } from '../errors';
import { backupFileName, pruneBackups, publish, sealBackup } from './files';
import { findPgTool, run } from './pg-tools';

/*
 * A consistent backup of the whole database while the server keeps running.
 * PGlite: its data folder as a gzipped tarball, taken while no transaction is open and no statement
 * runs — PGlite runs one at a time, so writes simply wait for the copy — without the files that are
 * not the database (the server's lock, the signing key, backups kept inside the folder).
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

/**
 * PGlite's folder as a gzipped tar (the layout PGlite's loadDataDir reads back), written straight to
 * the file while both of PGlite's locks are held: no statement runs and no transaction is open, so
 * the files on disk are a crash-consistent copy (PGlite writes through to the folder). The copy is
 * read from the folder itself, entry by entry, so the parts left out (the backups kept inside the
 * folder among them) are never read — PGlite's own dumpDataDir would read the whole folder into
 * memory first.
 */
async function pgliteBackup(database: Database & { driver: { kind: 'pglite' } }, settings: BackupSettings, temporary: string): Promise<void> {
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
  // The transaction lock first, then the query lock: the order PGlite's own query(), exec() and
  // transaction() take them, so the copy waits for the transaction in progress.
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const entries = (await readdir(settings.dataDir)).filter(kept);
      await createTar(
        { file: target, cwd: settings.dataDir, gzip: true, portable: true, mode: 0o600, filter: (path) => kept(path.replace(/^\.\//, '')) },
        entries,
      );
    }),
  );
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

