import type { DashboardWidgetDef } from '../dashboard/define';
import type { Action, ModuleName } from '../modules';

export interface RouteDef {
  /** React Router path pattern. */
  path: string;
  /** Page title (header) — the tab title is TITLE_PREFIX + title. */
  title: string;
  /** Permission needed to open the route (SPEC §2); none for home and login. */
  permission?: { module: ModuleName; action: Action };
  /** Outside the shell (only the login). */
  public?: boolean;
}

/** The sidebar's groups (SPEC §2), placed among the top-level entries by `order`. */
export type MenuGroupId = 'pedidos' | 'altas-bajas' | 'configuracion';

/**
 * Where a module's page appears in the sidebar: at the top level or inside a group, ordered by
 * `order` among its neighbours (the SPEC's order; numbers leave room between entries).
 */
export interface MenuPlacement<K extends string = string> {
  label: string;
  icon: string;
  route: K;
  order: number;
  group?: MenuGroupId;
}

/** How a notification type reads in the preferences table. */
export interface NotificationTypeDef {
  label: string;
  description: string;
}

/**
 * A module's declaration shared by the SPA and the API: its pages and menu entries (pages, sidebar,
 * links in notifications), the notification types it sends (the preferences table, the types' enum)
 * and its dashboard widgets (the shape of GET /dashboard, who sees each). The shared notifications
 * and dashboard contracts compose these from NAVIGATION and name no module.
 */
export interface NavigationModule<
  K extends string = string,
  T extends string = string,
  W extends Readonly<Record<string, DashboardWidgetDef>> = Readonly<Record<string, DashboardWidgetDef>>,
> {
  name: string;
  routes: { readonly [key in K]: RouteDef };
  menu?: readonly MenuPlacement<K>[];
  notifications?: { readonly [type in T]: NotificationTypeDef };
  widgets?: W;
}

/** Declares a module's navigation; a menu entry can only name one of the module's own routes. */
export function defineNavigation<
  const K extends string,
  const T extends string = never,
  const W extends Readonly<Record<string, DashboardWidgetDef>> = Readonly<Record<never, DashboardWidgetDef>>,
>(module: {
  name: string;
  routes: { readonly [key in K]: RouteDef };
  menu?: readonly MenuPlacement<NoInfer<K>>[];
  notifications?: { readonly [type in T]: NotificationTypeDef };
  widgets?: W;
}): NavigationModule<K, T, W> {
  return module;
}

/** Opening the route needs "view" on the module. */
export const view = (module: ModuleName) => ({ module, action: 'view' as const });
