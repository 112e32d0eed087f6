import { z } from 'zod';
import { NAVIGATION } from '../navigation/index';
import type { ModuleName } from '../modules';
import type { DashboardWidgetDef } from './define';

export { DASHBOARD_RECENT, type DashboardWidgetDef } from './define';

/*
 * The dashboard (GET /dashboard, signed-in, no permission): only the widgets the caller's role may
 * see, each computed on the server. Each module declares its widgets in its navigation (`widgets`:
 * who opens each, the shape of its part); this composes them for the API and the SPA and names no
 * module.
 */

type Declared = (typeof NAVIGATION)[number];
// Distributive over the modules: each module's widgets, keys, and the schema of one key.
type WidgetsOf<N> = N extends { widgets?: infer W } ? NonNullable<W> : never;
type WidgetIds<N> = N extends unknown ? keyof WidgetsOf<N> & string : never;
type SchemaOf<N, K> = N extends unknown ? (K extends keyof WidgetsOf<N> ? (WidgetsOf<N>[K] extends { schema: (zod: never) => infer S extends z.ZodType } ? S : never) : never) : never;

/** Every widget some module declares. */
export type DashboardWidget = WidgetIds<Declared>;

const WIDGETS: Readonly<Record<DashboardWidget, DashboardWidgetDef>> = (() => {
  const all: Record<string, DashboardWidgetDef> = {};
  for (const module of NAVIGATION) {
    for (const [id, widget] of Object.entries<DashboardWidgetDef>(module.widgets ?? {})) {
      if (id in all) throw new Error(`dashboard widget ${id} is declared twice`);
      all[id] = widget;
    }
  }
  // The loop gathered exactly the widgets every module declares.
  return all as Record<DashboardWidget, DashboardWidgetDef>;
})();

/** The modules any flag on which opens each widget. */
export const DASHBOARD_WIDGET_MODULES: Readonly<Record<DashboardWidget, readonly ModuleName[]>> = Object.fromEntries(
  Object.entries<DashboardWidgetDef>(WIDGETS).map(([id, widget]) => [id, widget.modules]),
) as Record<DashboardWidget, readonly ModuleName[]>;

/** Every widget's part, present only when the caller's role may see it. */
export const dashboardSchema = z.object(
  Object.fromEntries(Object.entries<DashboardWidgetDef>(WIDGETS).map(([id, widget]) => [id, widget.schema(z).optional()])) as {
    [K in DashboardWidget]: z.ZodOptional<SchemaOf<Declared, K>>;
  },
);
export type Dashboard = z.output<typeof dashboardSchema>;
