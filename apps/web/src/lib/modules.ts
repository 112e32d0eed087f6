import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigationModule, RouteKey } from '@goc/contracts';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;
/** Starts a page's first request as its route loads (`url`: the address being opened), in parallel with the page's chunks; not awaited. */
export type Prefetch = (queryClient: QueryClient, url: URL) => void;

/**
 * A feature's twin of a module's navigation (contracts): the page of each of its routes, loaded on
 * demand (one chunk per page), and optionally the data some of them prefetch. A route of the module
 * without a page is a type error.
 */
export interface WebModule<K extends string = string> {
  navigation: NavigationModule<K>;
  pages: { readonly [key in K]: PageLoader };
  prefetch?: { readonly [key in K]?: Prefetch };
}

export function defineWebModule<K extends string>(
  navigation: NavigationModule<K>,
  pages: { readonly [key in NoInfer<K>]: PageLoader },
  prefetch?: { readonly [key in NoInfer<K>]?: Prefetch },
): WebModule<K> {
  return { navigation, pages, prefetch };
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

/** The prefetch of the routes that have one, from the feature modules. */
export function prefetchTable(modules: readonly WebModule[]): Partial<Record<RouteKey, Prefetch>> {
  const prefetch: Partial<Record<RouteKey, Prefetch>> = {};
  for (const module of modules) Object.assign(prefetch, module.prefetch);
  return prefetch;
}
