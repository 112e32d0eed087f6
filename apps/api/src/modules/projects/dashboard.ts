import { and, asc, count, inArray, sql } from 'drizzle-orm';
import { DASHBOARD_RECENT, PROJECT_STATUS_OPTIONS, type Dashboard } from '@goc/contracts';
import { projects } from '../../db/schema';
import { dashboardWidget, type WidgetContext } from '../../lib/dashboard';
import type { ModuleServices } from '../../lib/modules';
import { projectQueries } from './queries';

/** The user's projects per status, and the first active or planned ones with what was bought for each. */
async function projectsWidget({ db: executor, actor }: WidgetContext, { orders }: Pick<ModuleServices, 'orders'>): Promise<NonNullable<Dashboard['projects']>> {
  const mine = projectQueries.memberOf(actor.userId);
  const counts = await executor
    .select({ status: projects.status, count: count() })
    .from(projects)
    .where(mine)
    .groupBy(projects.status);
  const items = await executor
    .select({
      id: projects.id,
      code: projects.code,
      name: projects.name,
      status: projects.status,
      progress: projects.progress,
      budget: projects.budget,
      ordered: sql<string>`${orders.orderedAmount(orders.ofProject(projects.id))}`,
    })
    .from(projects)
    .where(and(mine, inArray(projects.status, ['activo', 'planeado'])))
    .orderBy(asc(projects.codeFolded), asc(projects.id))
    .limit(DASHBOARD_RECENT);
  const countOf = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
  return {
    total: counts.reduce((sum, c) => sum + Number(c.count), 0),
    byStatus: PROJECT_STATUS_OPTIONS.map((o) => ({ status: o.value, count: countOf(o.value) })),
    items: items.map((r) => ({ ...r, budget: Number(r.budget), ordered: Number(r.ordered) })),
  };
}

/** The projects' widget (the projects manifest declares it); what was bought comes from the orders' service. */
export const PROJECTS_WIDGET = dashboardWidget('projects', projectsWidget);
