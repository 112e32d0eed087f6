import { NAVIGATION } from './navigation';
import type { RouteDef } from './navigation/define';

export type { MenuGroupId, MenuPlacement, NavigationModule, RouteDef } from './navigation/define';

export const TITLE_PREFIX = 'GOC | ';
export const MOBILE_BREAKPOINT = 768;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllRoutes = UnionToIntersection<(typeof NAVIGATION)[number]['routes']>;

/** Every module's routes (SPEC §2 and the product's), by key; a key declared twice stops the app at load. */
export const ROUTES: AllRoutes = (() => {
  const all: Record<string, RouteDef> = {};
  for (const module of NAVIGATION) {
    for (const [key, route] of Object.entries(module.routes)) {
      if (key in all) throw new Error(`route ${key} is declared twice`);
      all[key] = route;
    }
  }
  // The loop above gathered exactly the keys of every module's routes.
  return all as AllRoutes;
})();

export type RouteKey = keyof typeof ROUTES;
export const ROUTE_LIST: readonly (RouteDef & { key: RouteKey })[] = (Object.keys(ROUTES) as RouteKey[]).map((key) => ({
  key,
  ...ROUTES[key],
}));

/** Fills a route pattern's params: routePath('registryCut', { cutId: 3 }). */
export function routePath(key: RouteKey, params: Record<string, string | number> = {}): string {
  return ROUTES[key].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
