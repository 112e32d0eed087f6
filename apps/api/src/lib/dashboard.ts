import type { Dashboard, DashboardWidget } from '@goc/contracts';
import type { Executor } from '../db/client';
import type { Actor } from './crud/types';

/*
 * Dashboard widgets as modules declare them (their manifest's `widgets`): each computes its part of
 * GET /dashboard from its own module's data and the services its module needs. The dashboard module
 * shows each to the roles DASHBOARD_WIDGET_MODULES names and names no module.
 */

export interface WidgetContext {
  db: Executor;
  actor: Actor;
  /** The request's instant (ISO), the same for every widget of one answer. */
  now: string;
}

/** A declared widget: its id and how it fills its part of the answer, given its module's services. */
export interface DashboardWidgetEntry<S = unknown> {
  id: DashboardWidget;
  fill(ctx: WidgetContext, services: S, body: Dashboard): Promise<void>;
}

/** A widget whose `compute` answers exactly its part of the dashboard's contract. */
export function dashboardWidget<K extends DashboardWidget, S = unknown>(
  id: K,
  compute: (ctx: WidgetContext, services: S) => Promise<NonNullable<Dashboard[K]>>,
): DashboardWidgetEntry<S> {
  return {
    id,
    async fill(ctx, services, body) {
      body[id] = await compute(ctx, services);
    },
  };
}

/** A widget with its module's services given: what the dashboard module runs. */
export interface BoundWidget {
  id: DashboardWidget;
  fill(ctx: WidgetContext, body: Dashboard): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's declared widgets, in the modules' order (set in the /api/v2 scope). */
    dashboardWidgets: readonly BoundWidget[];
  }
}
