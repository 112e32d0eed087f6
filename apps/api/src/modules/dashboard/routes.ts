import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_WIDGET_MODULES, can, dashboardSchema, type Dashboard, type DashboardWidget } from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { errorResponses } from '../../lib/openapi';
import { approvalsWidget, historyWidget, myOrdersWidget, projectsWidget, registryWidget, worksWidget, type DashboardServices } from './widgets';

/** GET /dashboard: every signed-in user; each widget only when the role has a flag on one of its modules. */
export default async function dashboardRoutes(instance: FastifyInstance, services: DashboardServices): Promise<void> {
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
      const sees = (widget: DashboardWidget) => DASHBOARD_WIDGET_MODULES[widget].some((module) => can(actor.permissions, module, 'view'));
      const now = new Date().toISOString();
      const body: Dashboard = {};
      if (sees('myOrders')) body.myOrders = await myOrdersWidget(app.db, services, actor.userId);
      if (sees('approvals')) body.approvals = await approvalsWidget(app.db, services);
      if (sees('history')) body.history = await historyWidget(app.db, now);
      if (sees('registry')) body.registry = await registryWidget(app.db, services, actor, now);
      if (sees('works')) body.works = await worksWidget(app.db, services);
      if (sees('projects')) body.projects = await projectsWidget(app.db, services, actor.userId);
      return body;
    },
  });
}
