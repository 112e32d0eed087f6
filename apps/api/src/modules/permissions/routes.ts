import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionListSchema } from '@goc/contracts';
import { errorResponses } from '../../lib/openapi';
import { requestPermissions } from '../../lib/permissions';

/** GET /permissions: the signed-in user's flags for all 24 modules, in module order (SPEC §7). */
const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/permissions', {
    config: { authenticated: true },
    schema: {
      operationId: 'listMyPermissions',
      tags: ['auth'],
      summary: 'Permisos del usuario actual',
      response: { 200: permissionListSchema, ...errorResponses(401) },
    },
    handler: async (request) => requestPermissions(request),
  });
};

export default permissionRoutes;
