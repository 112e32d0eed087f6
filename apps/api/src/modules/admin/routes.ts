import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_FILE_PATTERN, BACKUP_MESSAGES, backupListSchema, backupSchema, backupSetupSchema, type BackupSetup } from '@goc/contracts';
import { listBackups } from '../../lib/backup/files';
import { nextRun } from '../../lib/backup/schedule';
import { NotFoundError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import jobRoutes from './jobs';

const tags = ['Administración'];

/** POST/GET /admin/backups, GET /admin/backups/:fileName and GET /admin/backup-settings (module admin). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(jobRoutes);
  const { dir, schedule, keep } = app.config.backups;
  const two = (n: number) => String(n).padStart(2, '0');
  const setup = (): BackupSetup => ({
    dir,
    schedule: schedule === 'off' ? null : `${two(schedule.hour)}:${two(schedule.minute)}`,
    keep,
    nextRunAt: schedule === 'off' ? null : nextRun(schedule, Date.now()).toISOString(),
  });

  app.get('/admin/backup-settings', {
    config: { permission: { module: 'admin', action: 'view' } },
    schema: {
      operationId: 'getBackupSettings',
      tags,
      summary: 'Dónde se guardan las copias, a qué hora se hace la automática y cuántas se conservan (solo lectura)',
      response: { 200: backupSetupSchema, ...errorResponses(401, 403) },
    },
    handler: async () => setup(),
  });

  app.post('/admin/backups', {
    config: { permission: { module: 'admin', action: 'edit' } },
    schema: { operationId: 'createBackup', tags, summary: 'Hacer ahora una copia de seguridad de toda la base de datos', response: { 201: backupSchema, ...errorResponses(401, 403, 409, 503) } },
    handler: async (_request, reply) => reply.code(201).send(await app.backups.create()),
  });

  app.get('/admin/backups', {
    config: { permission: { module: 'admin', action: 'view' } },
    schema: { operationId: 'listBackups', tags, summary: 'Copias de seguridad guardadas, la más reciente primero', response: { 200: backupListSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ items: await listBackups(dir) }),
  });

  app.get('/admin/backups/:fileName', {
    config: { permission: { module: 'admin', action: 'view' } },
    schema: {
      operationId: 'downloadBackup',
      tags,
      summary: 'Descargar una copia de seguridad',
      params: z.object({ fileName: z.string() }),
      response: { 200: z.any().describe('El archivo de la copia'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName } = request.params;
      // Only names the server writes: nothing outside the folder, no temporary files.
      const backup = BACKUP_FILE_PATTERN.test(fileName) ? (await listBackups(dir)).find((b) => b.fileName === fileName) : undefined;
      if (!backup) throw new NotFoundError(BACKUP_MESSAGES.notFound);
      return reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-length', String(backup.size))
        .header('x-checksum-sha256', backup.sha256)
        .type('application/octet-stream')
        .send(createReadStream(join(dir, fileName)));
    },
  });
};

export default adminRoutes;
