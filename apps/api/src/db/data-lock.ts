import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/*
 * PGlite is a single-process database: two servers on one data folder both start, hand out the same
 * ids and lose each other's writes. The running server therefore holds a lock file naming its pid;
 * another one refuses to start. A lock left by a process that no longer exists (kill -9, power cut)
 * is taken over.
 */

export const LOCK_FILE = 'goc-server.lock';

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `La carpeta de datos ${folder} ya la usa otro proceso de GOC (pid ${pid}). ` +
        `Detén ese proceso antes de iniciar otro, o usa otra carpeta con GOC_DATA_DIR. ` +
        `Si ese proceso no es GOC, borra ${join(folder, LOCK_FILE)}.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock (atomically: O_EXCL) or throws DataFolderInUseError. Returns its release. */
export function lockDataFolder(folder: string): () => void {
  const file = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holderOf(file);
      if (pid !== null && isAlive(pid)) throw new DataFolderInUseError(folder, pid);
      // Stale (its process is gone) or unreadable: remove it and try once more.
      rmSync(file, { force: true });
    }
  }
  throw new DataFolderInUseError(folder, holderOf(file) ?? 0);
}
