import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_FILE_PATTERN, type Backup } from '@goc/contracts';

/*
 * Backup files on disk: `<name>` and its checksum `<name>.sha256` (sha256sum's format, so
 * `sha256sum -c` checks it too). Both are written under a temporary name, fsynced and renamed, and
 * the checksum last: a backup without its checksum is not listed nor restored, so a crash never
 * leaves a half file that looks complete.
 */

export const CHECKSUM_SUFFIX = '.sha256';

export function backupFileName(at: Date, kind: 'pglite' | 'postgres'): string {
  return `goc-${at.toISOString().replace(/[:.]/g, '-')}.${kind === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`;
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  // Large reads: each one waits for a turn of the event loop, which requests keep busy.
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `data` durably at `path`: temporary name, fsync, rename, fsync of the folder. */
export async function writeDurably(dir: string, name: string, data: Uint8Array | string): Promise<void> {
  const temporary = join(dir, `.${name}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, name));
  await syncFolder(dir);
}

/** Renames an already written (and fsynced) temporary file into place. */
export async function publish(dir: string, temporary: string, name: string): Promise<void> {
  const handle = await open(join(dir, temporary), 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(join(dir, temporary), join(dir, name));
  await syncFolder(dir);
}

async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Computes and writes the checksum of a published backup; returns its description. */
export async function sealBackup(dir: string, fileName: string, createdAt: Date): Promise<Backup> {
  const path = join(dir, fileName);
  const sha256 = await sha256Of(path);
  await writeDurably(dir, `${fileName}${CHECKSUM_SUFFIX}`, `${sha256}  ${fileName}\n`);
  return { fileName, size: (await stat(path)).size, sha256, createdAt: createdAt.toISOString() };
}

/** The checksum stored beside a backup file, or null without a readable one. */
export async function storedChecksum(path: string): Promise<string | null> {
  try {
    const text = await readFile(`${path}${CHECKSUM_SUFFIX}`, 'utf8');
    const match = /^([0-9a-f]{64})\s/.exec(text);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The complete backups in `dir` (file and checksum), newest first. */
export async function listBackups(dir: string): Promise<Backup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: Backup[] = [];
  for (const fileName of names.filter((n) => BACKUP_FILE_PATTERN.test(n))) {
    const sha256 = await storedChecksum(join(dir, fileName));
    if (!sha256) continue;
    const info = await stat(join(dir, fileName));
    backups.push({ fileName, size: info.size, sha256, createdAt: createdAtOf(fileName) });
  }
  return backups.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The instant in a backup's name: goc-2026-11-24T08-00-00-000Z… → 2026-11-24T08:00:00.000Z. */
function createdAtOf(fileName: string): string {
  const stamp = fileName.slice(4, 28);
  return `${stamp.slice(0, 13)}:${stamp.slice(14, 16)}:${stamp.slice(17, 19)}.${stamp.slice(20, 23)}Z`;
}

/** Deletes the oldest backups beyond `keep`. */
export async function pruneBackups(dir: string, keep: number): Promise<void> {
  const backups = await listBackups(dir);
  for (const old of backups.slice(keep)) {
    await rm(join(dir, `${old.fileName}${CHECKSUM_SUFFIX}`), { force: true });
    await rm(join(dir, old.fileName), { force: true });
  }
}


/** What a backup interrupted by a crash leaves: its temporary file, its staging copy of the data folder. */
const LEFTOVER = /^\.goc-.+\.tmp(\.d)?$/;
/** A leftover untouched this long is no backup in progress (another process may share the folder). */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/**
 * At start: deletes what an interrupted backup left (a staging copy is as large as the database)
 * and makes every backup and checksum readable by the server's user only — they hold every
 * password hash and document. The folder's own mode is left as it is (the administrator may have
 * chosen a shared one); GOC creates it 0700.
 */
export async function secureBackupFolder(dir: string, now = Date.now()): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (LEFTOVER.test(entry.name)) {
      if (now - (await stat(path)).mtimeMs > LEFTOVER_AGE_MS) await rm(path, { recursive: true, force: true });
    } else if (entry.isFile() && BACKUP_FILE_PATTERN.test(entry.name.endsWith(CHECKSUM_SUFFIX) ? entry.name.slice(0, -CHECKSUM_SUFFIX.length) : entry.name)) {
      await chmod(path, 0o600);
    }
  }
}
