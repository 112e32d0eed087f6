import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What only the server's own user may read or write: the embedded database's folder (PGlite itself
 * creates its files 0666 whatever the umask), the signing key kept there and the backups. The
 * server's umask (0077, server.ts) covers what Node creates; this sets what is already on disk.
 */

/** Folders 0700, files 0600, for `folder` and everything under it; links are left alone. Nothing when it does not exist. */
export function makePrivate(folder: string): void {
  let info;
  try {
    info = lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!info.isDirectory()) return;
  const walk = (dir: string) => {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) chmodSync(path, 0o600);
    }
  };
  walk(folder);
}

/** The process's umask for the files it creates from now on: its user only. */
export const PRIVATE_UMASK = 0o077;
