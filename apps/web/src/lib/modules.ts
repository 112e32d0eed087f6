import type { ComponentType } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DashboardWidgetDef, NavigationModule, NotificationType, RouteKey } from '@goc/contracts';
import type { DashboardCard, DashboardCardsChunk } from './dashboard-cards';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * What the app composes from every feature module for the features that show all of them (Inicio's
 * cards, the notifications' refresh): given to pages by `ComposedModulesContext` and to prefetches
 * as their third argument.
 */
export interface ComposedModules {
  /** What each notification type says has changed on the server, as the queries that show it. */
  refreshes: Readonly<Record<NotificationType, readonly QueryKey[]>>;
  /** Every module's dashboard cards, their chunks loaded in parallel. */
  dashboardCards: () => Promise<readonly DashboardCard[]>;
}

/** Starts a page's first request as its route loads (`url`: the address being opened), in parallel with the page's chunks; not awaited. */
export type Prefetch = (queryClient: QueryClient, url: URL, modules: ComposedModules) => void;
/** A route's prefetch as its loader calls it, bound to the composed modules. */
export type RoutePrefetch = (queryClient: QueryClient, url: URL) => void;

type Refreshes<T extends string> = { readonly [type in T]: readonly QueryKey[] };

/**
 * What a feature joins besides its pages: the data some routes prefetch, what each of its
 * notification types refreshes and its dashboard cards (a chunk loaded with Inicio only, so the entry
 * never carries them).
 */
export interface WebModuleJoins<K extends string, T extends string> {
  prefetch?: { readonly [key in K]?: Prefetch };
  refreshes?: Refreshes<T>;
  dashboard?: DashboardCardsChunk;
}

/** What the navigation's notification types and widgets make required: what each type refreshes, the cards' chunk. */
type RequiredJoins<T extends string, W> = ([T] extends [never] ? unknown : { refreshes: Refreshes<T> }) & ([keyof W] extends [never] ? unknown : { dashboard: DashboardCardsChunk });

/** A module whose navigation declares notification types or widgets must join them; another may join nothing. */
type JoinsArgument<K extends string, T extends string, W> = [T | keyof W] extends [never] ? [joins?: WebModuleJoins<K, never>] : [joins: WebModuleJoins<K, T> & RequiredJoins<T, W>];

/**
 * A feature's twin of a module's navigation (contracts): the page of each of its routes, loaded on
 * demand (one chunk per page), and what it joins of the shared features. A route of the module
 * without a page is a type error.
 */
export interface WebModule<K extends string = string, T extends string = string> extends WebModuleJoins<K, T> {
  navigation: NavigationModule<K, T>;
  pages: { readonly [key in K]: PageLoader };
}

export function defineWebModule<K extends string, T extends string, W extends Readonly<Record<string, DashboardWidgetDef>>>(
  navigation: NavigationModule<K, T, W>,
  pages: { readonly [key in NoInfer<K>]: PageLoader },
  ...joins: JoinsArgument<NoInfer<K>, NoInfer<T>, NoInfer<W>>
): WebModule<K, T>;
export function defineWebModule<K extends string, T extends string>(navigation: NavigationModule<K, T>, pages: { readonly [key in K]: PageLoader }, joins?: WebModuleJoins<K, T>): WebModule<K, T> {
  return { navigation, pages, ...joins };
}

type PagesOf<M> = M extends WebModule<infer K> ? K : never;

/** The routes no module of the list gives a page (never when the list is complete). */
export type MissingPages<L extends readonly WebModule[]> = Exclude<RouteKey, PagesOf<L[number]>>;

/** The page of every route, from the feature modules; a route left without a page is a type error naming it. */
export function pageTable<const L extends readonly WebModule[]>(
  ...modules: L & ([MissingPages<L>] extends [never] ? unknown : { missingPages: MissingPages<L> })
): Record<RouteKey, PageLoader> {
  const pages: Partial<Record<RouteKey, PageLoader>> = {};
  for (const module of modules) Object.assign(pages, module.pages);
  // Complete by the type above: every RouteKey is a key of some module's pages.
  return pages as Record<RouteKey, PageLoader>;
}

type RefreshedOf<M> = M extends WebModule<string, infer T> ? T : never;

/** The notification types no module of the list refreshes (never when the list is complete). */
export type MissingRefreshes<L extends readonly WebModule[]> = Exclude<NotificationType, RefreshedOf<L[number]>>;

/**
 * The shared features' view of the modules. A notification type no module refreshes is a type error
 * naming it (a module refreshes every type its navigation declares: defineWebModule).
 */
export function composeModules<const L extends readonly WebModule[]>(
  ...modules: L & ([MissingRefreshes<L>] extends [never] ? unknown : { missingRefreshes: MissingRefreshes<L> })
): ComposedModules {
  const refreshes: Partial<Record<NotificationType, readonly QueryKey[]>> = {};
  for (const module of modules) Object.assign(refreshes, module.refreshes);
  const chunks = modules.flatMap((module) => (module.dashboard ? [module.dashboard] : []));
  return {
    // Complete by the type above: every NotificationType is refreshed by some module.
    refreshes: refreshes as Record<NotificationType, readonly QueryKey[]>,
    dashboardCards: async () => (await Promise.all(chunks.map(async (chunk) => (await chunk()).default))).flat(),
  };
}

/** The prefetch of the routes that have one, from the feature modules, given the composed modules. */
export function prefetchTable(modules: readonly WebModule[], composed: ComposedModules): Partial<Record<RouteKey, RoutePrefetch>> {
  const prefetch: Partial<Record<RouteKey, RoutePrefetch>> = {};
  for (const module of modules) {
    for (const [key, start] of Object.entries<Prefetch | undefined>(module.prefetch ?? {})) {
      if (start) prefetch[key as RouteKey] = (queryClient, url) => start(queryClient, url, composed);
    }
  }
  return prefetch;
}
