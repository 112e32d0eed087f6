import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_WIDGET_MODULES, can, dashboardSchema, type Dashboard } from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { errorResponses } from '../../lib/openapi';

/**
 * GET /dashboard: every signed-in user; each widget the modules declare only when the role has a flag
 * on one of its modules.
 */
export default async function dashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard', {
    config: { authenticated: true },
    schema: {
      operationId: 'getDashboard',
      tags: ['Inicio'],
      summary: 'Los indicadores del inicio que el rol del usuario puede ver',
      response: { 200: dashboardSchema, ...errorResponses(401) },
    },
    handler: async (request) => {
      const actor = await actorOf(request);
      const ctx = { db: app.db, actor, now: new Date().toISOString() };
      const body: Dashboard = {};
      for (const widget of app.dashboardWidgets) {
        if (DASHBOARD_WIDGET_MODULES[widget.id].some((module) => can(actor.permissions, module, 'view'))) await widget.fill(ctx, body);
      }
      return body;
    },
  });
}
