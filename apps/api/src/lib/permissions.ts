import { asc, eq, and, notExists } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Action, ModuleName, PermissionEntry } from '@goc/contracts';
import type { Executor } from '../db/client';
import { apiKeys, permissionModules, rolePermissions, users } from '../db/schema';

/** The signed-in user of a request. */
export interface AuthUser {
  id: number;
  username: string;
  roleId: number;
  /** The login (refresh-token family) the access token belongs to. */
  familyId: string;
  /** The role's access version when the request began (key of the permission cache). */
  accessVersion: number;
  /** Set when the request signed in with an API key: `id` is then the key's service user. */
  apiKeyId?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rolePermissions: RolePermissionCache;
  }
  interface FastifyRequest {
    /** Set on every route that is not public (the access plugin refuses the request otherwise). */
    user: AuthUser;
    /** The role's permissions, loaded once per request when a route or handler needs them. */
    permissions: PermissionEntry[] | null;
  }
}

/** The request user's permissions: from the per-role cache while the role's access version holds. */
export async function requestPermissions(request: FastifyRequest): Promise<PermissionEntry[]> {
  const { db, rolePermissions } = request.server;
  request.permissions ??= await rolePermissions.permissions(db, request.user.roleId, request.user.accessVersion);
  return request.permissions;
}

/** A role's flags for every module, in module order (all modules, false where the role has no row). */
export async function loadRolePermissions(executor: Executor, roleId: number): Promise<PermissionEntry[]> {
  const rows = await executor
    .select({
      name: permissionModules.name,
      view: rolePermissions.canView,
      create: rolePermissions.canCreate,
      edit: rolePermissions.canEdit,
      delete: rolePermissions.canDelete,
    })
    .from(permissionModules)
    .leftJoin(rolePermissions, and(eq(rolePermissions.moduleId, permissionModules.id), eq(rolePermissions.roleId, roleId)))
    .orderBy(asc(permissionModules.sortOrder), asc(permissionModules.id));
  return rows.map((r) => ({
    module: { name: r.name },
    view: r.view ?? false,
    create: r.create ?? false,
    edit: r.edit ?? false,
    delete: r.delete ?? false,
  }));
}

export interface RolePermissionCache {
  /** The role's permissions as of `version` (role_access_versions) or later; loaded on a miss. */
  permissions(executor: Executor, roleId: number, version: number): Promise<PermissionEntry[]>;
}

/**
 * Permissions per role, kept while the role's access version stays the same. The version is read
 * with the session on every request, and a trigger raises it on any write to the role's
 * permission rows, so a change applies on the next request in every process. Permissions loaded
 * after reading version v are at least as new as v: an entry is never older than its key.
 */
export function createRolePermissionCache(): RolePermissionCache {
  const entries = new Map<number, { version: number; permissions: Promise<PermissionEntry[]> }>();
  return {
    permissions(executor, roleId, version) {
      const entry = entries.get(roleId);
      if (entry?.version === version) return entry.permissions;
      const loading = loadRolePermissions(executor, roleId);
      // A request that read an older version (a write landed meanwhile) must not evict the newer entry.
      if (!entry || entry.version < version) {
        entries.set(roleId, { version, permissions: loading });
        loading.catch(() => {
          if (entries.get(roleId)?.permissions === loading) entries.delete(roleId);
        });
      }
      return loading;
    },
  };
}

/** The active people (not API keys) whose role may do `action` on `module` (who is told an order awaits authorisation). */
export async function usersWithPermission(executor: Executor, module: ModuleName, action: Action): Promise<number[]> {
  const flag = { view: rolePermissions.canView, create: rolePermissions.canCreate, edit: rolePermissions.canEdit, delete: rolePermissions.canDelete }[action];
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissionModules, eq(permissionModules.id, rolePermissions.moduleId))
    .where(
      and(
        eq(users.active, true),
        eq(permissionModules.name, module),
        eq(flag, true),
        // An API key's service user is nobody to tell.
        notExists(executor.select({ one: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, users.id))),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
