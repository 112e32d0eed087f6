import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBackupService, type BackupService } from '../lib/backup/backup';
import { secureBackupFolder } from '../lib/backup/files';
import { nextRun } from '../lib/backup/schedule';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

/** The queue of the daily backup (lib/jobs schedule). */
export const BACKUP_QUEUE = 'backups.daily';

/** The backup service (POST /admin/backups and the daily schedule, GOC_BACKUP_SCHEDULE). */
async function backupsPlugin(app: FastifyInstance): Promise<void> {
  const { backups, dataDir, databaseUrl } = app.config;
  await secureBackupFolder(backups.dir);
  const service = createBackupService(app.database, { dir: backups.dir, keep: backups.keep, dataDir, databaseUrl });
  app.decorate('backups', service);
  const { schedule } = backups;
  // One backup per day across every process; a failed one is retried, then left dead (Tareas en segundo plano).
  app.jobs.schedule({
    name: BACKUP_QUEUE,
    next: (after) => (schedule === 'off' ? null : nextRun(schedule, after.getTime())),
    maxAttempts: 3,
    timeoutMs: 60 * 60_000,
    backoff: { baseMs: 5 * 60_000, maxMs: 30 * 60_000 },
    concurrency: 1,
    async handle(_slot, { signal }) {
      const made = await service.create(signal);
      app.log.info({ backup: made.fileName, size: made.size }, 'copia de seguridad programada');
    },
  });
}

export default fp(backupsPlugin, { name: 'goc-backups', dependencies: ['goc-context', 'goc-jobs'] });
