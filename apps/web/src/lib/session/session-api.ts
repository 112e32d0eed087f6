import { queryOptions } from '@tanstack/react-query';
import { permissionListSchema, sessionUserSchema, type PermissionEntry, type SessionUser } from '@goc/contracts';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { storePermissions } from './permissions-store';
import { getRefreshToken, storeUser } from './session-store';

/** GET /auth/me; the stored user follows the server (SPEC §2: refreshed on shell load). */
export async function fetchCurrentUser(): Promise<SessionUser> {
  const response = await api.get('/auth/me');
  const user = sessionUserSchema.parse(response.data);
  storeUser(user);
  return user;
}

/** GET /permissions; kept in localStorage so the sidebar draws at once on the next load. */
export async function fetchPermissions(): Promise<PermissionEntry[]> {
  const response = await api.get('/permissions');
  const permissions = permissionListSchema.parse(response.data);
  storePermissions(permissions);
  return permissions;
}

/** POST /auth/logout {refreshToken}. A 401 here must not start a refresh: the session is ending anyway. */
export async function logoutRequest(): Promise<void> {
  const refreshToken = getRefreshToken() ?? undefined;
  await api.post('/auth/logout', { refreshToken }, { skipAuthRefresh: true });
}

export const currentUserQuery = queryOptions({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser });
export const permissionsQuery = queryOptions({ queryKey: queryKeys.permissions, queryFn: fetchPermissions });
