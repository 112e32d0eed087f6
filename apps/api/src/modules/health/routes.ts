import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@goc/contracts';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import type { Db } from '../../db/client';
import { migrationCount } from '../../db/migrate';

const NOT_MIGRATED = (applied: number, expected: number) => `La base de datos aún no tiene todas las migraciones (${applied} de ${expected})`;

/** How many migrations drizzle's migrator recorded (none yet: its table does not exist). */
async function appliedMigrations(db: Db): Promise<number> {
  const table = await db.execute<{ name: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  if (!table.rows[0]?.name) return 0;
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(counted.rows[0]?.n ?? 0);
}

/**
 * GET /health: liveness, 200 when the process and its database answer. GET /health/ready: readiness,
 * 503 while the database is unreachable, has fewer migrations than this build ships, or the disk is
 * full (from a write refused for want of room until one goes through again: plugins/disk).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
      operationId: 'getHealth',
      tags: ['sistema'],
      summary: 'Estado del servicio',
      response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(503) },
    },
    handler: async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'la base de datos no responde');
        throw new AppError(503, MESSAGES.unavailable);
      }
      return { status: 'ok' as const };
    },
  });

  const expected = migrationCount();
  app.get('/health/ready', {
    config: { public: true },
    schema: {
      operationId: 'getReadiness',
      tags: ['sistema'],
      summary: 'Listo para atender: la base de datos responde, tiene todas las migraciones y hay espacio en disco',
      response: { 200: z.object({ status: z.literal('ready'), migrations: z.number().int() }), ...errorResponses(503) },
    },
    handler: async (request) => {
      let applied: number;
      try {
        applied = await appliedMigrations(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'la base de datos no responde');
        throw new AppError(503, MESSAGES.unavailable);
      }
      if (applied < expected) throw new AppError(503, NOT_MIGRATED(applied, expected));
      if (app.disk.full) throw new AppError(503, MESSAGES.diskFull);
      return { status: 'ready' as const, migrations: applied };
    },
  });
};

export default healthRoutes;
