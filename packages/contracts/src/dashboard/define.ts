import type { z } from 'zod';
import type { ModuleName } from '../modules';

/** Rows of the "latest" lists of a widget. */
export const DASHBOARD_RECENT = 5;

/** The zod namespace a widget's schema is built with. */
export type Zod = typeof z;

/**
 * One widget of the dashboard as its module declares it (its navigation's `widgets`): the permission
 * modules any flag on which opens it, and the shape of its part of GET /dashboard — built from the
 * `z` it is given, so the navigation, which every page loads first (/login too), never loads zod.
 */
export interface DashboardWidgetDef<S extends z.ZodType = z.ZodType> {
  modules: readonly ModuleName[];
  schema: (zod: Zod) => S;
}
