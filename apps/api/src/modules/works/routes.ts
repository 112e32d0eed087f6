import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { worksOverviewQuerySchema, worksOverviewSchema } from '@goc/contracts';
import { errorResponses } from '../../lib/openapi';
import type { ModuleServices } from '../../lib/modules';

/** /works/overview: Obras por línea de negocio (module works). */
export default async function workRoutes(instance: FastifyInstance, { works }: Pick<ModuleServices, 'works'>): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/works/overview', {
    config: { permission: { module: 'works', action: 'view' } },
    schema: {
      operationId: 'getWorksOverview',
      tags: ['Obras por línea de negocio'],
      summary: 'Obras agrupadas por línea de negocio con presupuesto, comprado, pedidos abiertos, personal activo y proyectos',
      querystring: worksOverviewQuerySchema,
      response: { 200: worksOverviewSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => works.overview(app.db, request.query),
  });
}
