import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { ROUTES, TITLE_PREFIX, type RouteDef, type RouteKey } from '@goc/contracts';

/** What every route of the app carries in its React Router `handle`. */
export interface RouteHandle {
  routeKey: RouteKey;
}

export type CurrentRoute = RouteDef & { key: RouteKey };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'routeKey' in handle && typeof handle.routeKey === 'string' && handle.routeKey in ROUTES;
}

/** The SPEC route being shown (the deepest match that names one), or null outside the route table. */
export function useCurrentRoute(): CurrentRoute | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return { key: handle.routeKey, ...ROUTES[handle.routeKey] };
  }
  return null;
}

/** SPEC §1: the tab title is 'GOC | ' + the page title. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = TITLE_PREFIX + title;
  }, [title]);
}
