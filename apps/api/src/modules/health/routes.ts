import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@goc/contracts';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';

/** GET /health: 200 when the process and its database answer (load balancers, CI). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
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
};

export default healthRoutes;
