import { queryOptions } from '@tanstack/react-query';
import { permissionListSchema, sessionUserSchema, type PermissionEntry, type SessionUser } from '@goc/contracts';
import { loadApi } from '../api/load-client';
import { queryKeys } from '../api/query-keys';
import { storePermissions } from './permissions-store';
import { CURRENT_USER_PATH, PERMISSIONS_PATH } from './session-requests';
import { getRefreshToken, storeUser } from './session-store';

/** The stored user follows the server (SPEC §2: refreshed on shell load). */
function keepUser(data: unknown): SessionUser {
  const user = sessionUserSchema.parse(data);
  storeUser(user);
  return user;
}

/** Kept in localStorage so the sidebar draws at once on the next load. */
function keepPermissions(data: unknown): PermissionEntry[] {
  const permissions = permissionListSchema.parse(data);
  storePermissions(permissions);
  return permissions;
}

/** GET /auth/me. */
export async function fetchCurrentUser(): Promise<SessionUser> {
  const api = await loadApi();
  return keepUser((await api.get(CURRENT_USER_PATH)).data);
}

/** GET /permissions. */
export async function fetchPermissions(): Promise<PermissionEntry[]> {
  const api = await loadApi();
  return keepPermissions((await api.get(PERMISSIONS_PATH)).data);
}

/** The user from an answer already received (the shell's early GET), or asked for through the HTTP client when there is none. */
export async function currentUserFrom(early: unknown): Promise<SessionUser> {
  return early === undefined ? fetchCurrentUser() : keepUser(early);
}

/** The permissions from an answer already received (the shell's early GET), or asked for through the HTTP client when there is none. */
export async function permissionsFrom(early: unknown): Promise<PermissionEntry[]> {
  return early === undefined ? fetchPermissions() : keepPermissions(early);
}

/** POST /auth/logout {refreshToken}. A 401 here must not start a refresh: the session is ending anyway. */
export async function logoutRequest(): Promise<void> {
  const refreshToken = getRefreshToken() ?? undefined;
  const api = await loadApi();
  await api.post('/auth/logout', { refreshToken }, { skipAuthRefresh: true });
}

export const currentUserQuery = queryOptions({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser });
export const permissionsQuery = queryOptions({ queryKey: queryKeys.permissions, queryFn: fetchPermissions });
