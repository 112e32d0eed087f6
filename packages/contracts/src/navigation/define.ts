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

/** A module's pages and menu entries, shared by the SPA (pages, sidebar) and the API (links in notifications). */
export interface NavigationModule<K extends string = string> {
  name: string;
  routes: { readonly [key in K]: RouteDef };
  menu?: readonly MenuPlacement<K>[];
}

/** Declares a module's navigation; a menu entry can only name one of the module's own routes. */
export function defineNavigation<const K extends string>(module: {
  name: string;
  routes: { readonly [key in K]: RouteDef };
  menu?: readonly MenuPlacement<NoInfer<K>>[];
}): NavigationModule<K> {
  return module;
}

/** Opening the route needs "view" on the module. */
export const view = (module: ModuleName) => ({ module, action: 'view' as const });
