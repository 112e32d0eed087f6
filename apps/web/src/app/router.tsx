import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, redirect, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ROUTE_LIST, ROUTES, type RouteDef, type RouteKey } from '@goc/contracts';
import type { RouteHandle } from '../lib/routing/current-route';
import { guardLoader, shellLoader } from './guards';
import { PAGES, PREFETCH } from './route-pages';
import { FullPageLoader } from './full-page-loader';
import { retryingLazy } from '../lib/retrying-lazy';

/*
 * Everything but the login page loads on demand: the shell (with PrimeReact), each page, and the
 * error screen. The first download of /login is only React, the router and this table.
 */
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));

function LazyRouteError() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <RouteError />
    </Suspense>
  );
}

type AppRoute = RouteDef & { key: RouteKey };

/**
 * A page is a lazy component, not a lazy route: the router lets the shell draw (its header names the
 * page) once the guard has passed, and the page's chunks arrive inside the shell's Suspense. On a
 * phone's first visit the title paints before the page's module graph has loaded; between pages the
 * router's transition keeps the page on screen until the next one has loaded. A page whose chunk
 * failed is downloaded again when it is next opened.
 */
function pageComponent(key: RouteKey): ComponentType {
  const component = retryingLazy(PAGES[key]);
  return function Page() {
    const Component = component();
    return <Component />;
  };
}

/** The public pages (/login) have no shell around them: their Suspense is the root's. */
function RootOutlet() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * The guard depends on the path only: a list's page, sort or filter change (search params) must not
 * re-fetch the permissions nor flash the navigation progress bar.
 */
const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

function pageRoute(route: AppRoute, queryClient: QueryClient): RouteObject {
  const handle: RouteHandle = { routeKey: route.key };
  return {
    path: route.path,
    handle,
    loader: guardLoader(route, queryClient, PREFETCH[route.key], PAGES[route.key]),
    shouldRevalidate: revalidateOnPathChange,
    Component: pageComponent(route.key),
    ErrorBoundary: LazyRouteError,
  };
}

/** The route table of packages/contracts: /login alone, every other route inside the shell, anything else → /. */
export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      HydrateFallback: FullPageLoader,
      Component: RootOutlet,
      ErrorBoundary: LazyRouteError,
      children: [
        ...ROUTE_LIST.filter((r) => r.public).map((r) => pageRoute(r, queryClient)),
        {
          id: 'shell',
          loader: shellLoader(queryClient),
          // Once per shell load: moving between pages inside the shell does not refresh the user again.
          shouldRevalidate: () => false,
          lazy: async () => ({ Component: (await import('./shell/shell-layout')).ShellLayout }),
          children: ROUTE_LIST.filter((r) => !r.public).map((r) => pageRoute(r, queryClient)),
        },
        { path: '*', loader: () => redirect(ROUTES.home.path) },
      ],
    },
  ];
}

type CreateRouter = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient, create: CreateRouter = createBrowserRouter) {
  return create(buildRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
