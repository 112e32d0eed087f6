import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBackupService, type BackupService } from '../lib/backup/backup';
import { secureBackupFolder } from '../lib/backup/files';
import { scheduleDaily } from '../lib/backup/schedule';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

/** The backup service (POST /admin/backups and the daily schedule, GOC_BACKUP_SCHEDULE). */
async function backupsPlugin(app: FastifyInstance): Promise<void> {
  const { backups, dataDir, databaseUrl } = app.config;
  await secureBackupFolder(backups.dir);
  const service = createBackupService(app.database, { dir: backups.dir, keep: backups.keep, dataDir, databaseUrl });
  app.decorate('backups', service);
  if (backups.schedule === 'off') return;
  const stop = scheduleDaily(backups.schedule, async () => {
    try {
      const made = await service.create();
      app.log.info({ backup: made.fileName, size: made.size }, 'copia de seguridad programada');
    } catch (error) {
      app.log.error({ err: error }, 'falló la copia de seguridad programada');
    }
  });
  app.addHook('onClose', async () => stop());
}

export default fp(backupsPlugin, { name: 'goc-backups', dependencies: ['goc-context'] });
