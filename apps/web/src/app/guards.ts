import { redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, type PermissionEntry, type RouteDef } from '@goc/contracts';
import { earlyQueryFn } from '../lib/api/early-get';
import { queryKeys } from '../lib/api/query-keys';
import { canOpenRoute } from '../lib/session/route-access';
import type { PageLoader, RoutePrefetch } from '../lib/modules';
import { NEW_PARAM } from '../lib/routing/new-param';
import { getToken } from '../lib/session/session-store';
import { CURRENT_USER_PATH, PERMISSIONS_PATH } from '../lib/session/session-requests';

const LOGIN = ROUTES.login.path;
const HOME = ROUTES.home.path;

/**
 * SPEC §6 route guard as a pure decision: where to send the user instead, or null to let them in.
 * - no stored token: every route except /login goes to /login;
 * - a token and /login: go to /;
 * - a route naming a module and action without that permission: go to /.
 * `permissions` is only consulted for routes that name one.
 */
export function guardRedirect(route: RouteDef, hasToken: boolean, permissions: readonly PermissionEntry[] = []): string | null {
  if (route.public) return hasToken ? HOME : null;
  if (!hasToken) return LOGIN;
  if (!canOpenRoute(route, permissions)) return HOME;
  return null;
}

/**
 * React Router loader applying guardRedirect; the permissions come from the API (once per session,
 * see below) for routes that need one. Once the user may open the route, its `prefetch` starts the
 * page's data while the page's chunks still load.
 */
export function guardLoader(route: RouteDef, queryClient: QueryClient, prefetch?: RoutePrefetch, page?: PageLoader) {
  return async ({ request }: { request: Request }) => {
    // The page's chunks download at once, beside the permissions and the data: code is no secret, the
    // server decides every call. The shell draws without waiting for them (the page is a lazy component).
    if (getToken() !== null || route.public) void page?.().catch(() => undefined);
    let permissions: PermissionEntry[] = [];
    if (getToken() !== null && route.permission) {
      try {
        // Loaded here, not imported: /login must not download the HTTP client and the schemas.
        const { permissionsQuery } = await import('../lib/session/session-api');
        // Cached for the session: fetched once, again only after a 403 invalidated them (lib/api/query-client).
        permissions = await queryClient.fetchQuery({ ...permissionsQuery, staleTime: Infinity });
      } catch (error) {
        // A 401 may have ended the session meanwhile (SPEC §4): then this is a trip to /login, not an error.
        if (getToken() === null) throw redirect(LOGIN);
        // Without signal (docs/offline.md) the permissions kept at sign-in open the page; the server still decides every call.
        const [{ isConnectionError }, { getStoredPermissions }] = await Promise.all([import('../lib/api/api-error'), import('../lib/session/permissions-store')]);
        if (!isConnectionError(error)) throw error;
        permissions = getStoredPermissions();
      }
    }
    const target = guardRedirect(route, getToken() !== null, permissions);
    if (target) throw redirect(target);
    const url = new URL(request.url);
    prefetch?.(queryClient, url);
    // A link that opens «Nuevo» (a list page's new-record form): the form's code downloads beside the page's, not after it.
    // The module itself, not lazy-record-form-dialog's preload: that would bring the lazy wrapper into the entry.
    if (url.searchParams.has(NEW_PARAM)) void import('../components/form/record-form-dialog').catch(() => undefined);
    return null;
  };
}

/**
 * The shell route's loader. SPEC §2/§6: on shell load the current user and the permissions are
 * refreshed from the API — asked for here, beside the page's loader and data and the shell's chunks,
 * not once the shell has rendered; their requests leave at once (earlyQueryFn), before the HTTP
 * client's chunk has loaded. Not awaited: the shell's `useQuery` of both finds them in flight or
 * fresh (default staleTime) and does not ask again. Without a token the page's guard sends the user
 * to /login.
 */
export function shellLoader(queryClient: QueryClient) {
  const sessionApi = () => import('../lib/session/session-api');
  return () => {
    if (getToken() !== null) {
      void queryClient.prefetchQuery({ queryKey: queryKeys.currentUser, queryFn: earlyQueryFn(CURRENT_USER_PATH, async () => (await sessionApi()).keepUser) });
      void queryClient.prefetchQuery({ queryKey: queryKeys.permissions, queryFn: earlyQueryFn(PERMISSIONS_PATH, async () => (await sessionApi()).keepPermissions) });
    }
    return null;
  };
}
