import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { createDiskWatch, type DiskWatch } from '../lib/disk';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether writes are being refused for a full disk (lib/disk). */
    disk: DiskWatch;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The full-disk episode of this process: the error handler reports refused writes, a write request
 * that succeeds ends the episode, /health/ready answers 503 during one, and /metrics gives
 * `goc_disk_full` and the free bytes of the data folder (PGlite's, or GOC_DATA_DIR's on PostgreSQL)
 * and of the backups folder.
 */
async function diskPlugin(app: FastifyInstance): Promise<void> {
  const { dataDir, backups } = app.config;
  const disk = createDiskWatch({ data: dataDir, backups: backups.dir }, app.log);
  app.decorate('disk', disk);

  app.addHook('onResponse', async (request, reply) => {
    if (disk.full && WRITE_METHODS.has(request.method) && reply.statusCode < 400) disk.wrote();
  });

  new Gauge({
    name: 'goc_disk_full',
    help: 'Escrituras rechazadas por disco lleno desde la última que se guardó (1) o no (0)',
    registers: [app.metrics],
    collect() {
      this.set(disk.full ? 1 : 0);
    },
  });
  new Gauge({
    name: 'goc_disk_free_bytes',
    help: 'Bytes libres en el sistema de archivos de cada carpeta: data (GOC_DATA_DIR) y backups (GOC_BACKUP_DIR)',
    labelNames: ['folder'] as const,
    registers: [app.metrics],
    async collect() {
      this.reset();
      for (const { folder, bytes } of await disk.freeBytes()) if (bytes !== null) this.set({ folder }, bytes);
    },
  });
}

export default fp(diskPlugin, { name: 'goc-disk', dependencies: ['goc-context', 'goc-metrics'] });
