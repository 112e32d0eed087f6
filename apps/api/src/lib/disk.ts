import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The folders whose free space /metrics reports, by a short name (the metric's `folder` label). */
export type WatchedFolders = Readonly<Record<string, string>>;

interface EpisodeLog {
  error(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * Whether the disk is full, as the app last saw it: a write refused for want of room starts an
 * episode, the next write that goes through ends it. Only the start and the end are logged, however
 * many requests are refused in between.
 */
export interface DiskWatch {
  readonly full: boolean;
  /** A write found no room (the database's disk or a file's). */
  refused(error: unknown): void;
  /** A write went through. */
  wrote(): void;
  /**
   * Free bytes (for an unprivileged user) of each watched folder's file system — of its nearest existing
   * parent while it is not made yet (the backups folder before the first backup); null when unreadable.
   */
  freeBytes(): Promise<{ folder: string; bytes: number | null }[]>;
}

export function createDiskWatch(folders: WatchedFolders, log: EpisodeLog): DiskWatch {
  let since: Date | null = null;
  return {
    get full() {
      return since !== null;
    },
    refused(error) {
      if (since) return;
      since = new Date();
      log.error({ err: error, folders }, 'disco lleno: las escrituras se rechazan (503) hasta que se libere espacio');
    },
    wrote() {
      if (!since) return;
      log.info({ since: since.toISOString() }, 'hay espacio en disco de nuevo: las escrituras se aceptan');
      since = null;
    },
    freeBytes: () =>
      Promise.all(
        Object.entries(folders).map(async ([folder, path]) => {
          for (let at = path; ; at = dirname(at)) {
            try {
              const stats = await statfs(at);
              return { folder, bytes: stats.bavail * stats.bsize };
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) return { folder, bytes: null };
            }
          }
        }),
      ),
  };
}
