import { queryOptions } from '@tanstack/react-query';
import { permissionListSchema, sessionUserSchema, type PermissionEntry, type SessionUser } from '@goc/contracts';
import { getParsed, loadApi } from '../api/load-client';
import { queryKeys } from '../api/query-keys';
import { storePermissions } from './permissions-store';
import { CURRENT_USER_PATH, PERMISSIONS_PATH } from './session-requests';
import { getRefreshToken, storeUser } from './session-store';

/** GET /auth/me's answer: the stored user follows the server (SPEC §2: refreshed on shell load). */
export function keepUser(data: unknown): SessionUser {
  const user = sessionUserSchema.parse(data);
  storeUser(user);
  return user;
}

/** GET /permissions' answer, kept in localStorage so the sidebar draws at once on the next load. */
export function keepPermissions(data: unknown): PermissionEntry[] {
  const permissions = permissionListSchema.parse(data);
  storePermissions(permissions);
  return permissions;
}

export const fetchCurrentUser = (): Promise<SessionUser> => getParsed(CURRENT_USER_PATH, keepUser);

export const fetchPermissions = (): Promise<PermissionEntry[]> => getParsed(PERMISSIONS_PATH, keepPermissions);

/** POST /auth/logout {refreshToken}. A 401 here must not start a refresh: the session is ending anyway. */
export async function logoutRequest(): Promise<void> {
  const refreshToken = getRefreshToken() ?? undefined;
  const api = await loadApi();
  await api.post('/auth/logout', { refreshToken }, { skipAuthRefresh: true });
}

export const currentUserQuery = queryOptions({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser });
export const permissionsQuery = queryOptions({ queryKey: queryKeys.permissions, queryFn: fetchPermissions });
