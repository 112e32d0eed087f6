import { and, count, eq, notExists, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { apiKeys, permissionModules, rolePermissions, users } from '../db/schema';
import { ConflictError } from './errors';

/*
 * Someone must always be able to manage roles and users: the last active user whose role can edit
 * config_permissions cannot be deactivated, demoted or deleted, and that role cannot lose the flag.
 * Writes that could break this take one advisory lock, so two of them cannot each think the other
 * admin remains.
 */

export const ADMIN_GUARD_MESSAGES = {
  roleLosesLastAdmin:
    'No se puede quitar el permiso de editar Permisos y usuarios a este rol: es el del último usuario activo que puede administrar los permisos',
  deactivateLastAdmin: 'No se puede desactivar al último usuario activo que puede administrar los permisos',
  demoteLastAdmin: 'No se puede cambiar el rol del último usuario activo que puede administrar los permisos',
  deleteLastAdmin: 'No se puede eliminar al último usuario activo que puede administrar los permisos',
} as const;

const PERMISSION_ADMINS_LOCK = 4_710_003;

/** Serialises the writes that may change who administers permissions (released at commit). */
export async function lockPermissionAdmins(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERMISSION_ADMINS_LOCK})`);
}

/** Active people (not API keys: a key cannot sign in to the screens) whose role may edit config_permissions. */
export async function countPermissionAdmins(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .innerJoin(permissionModules, eq(permissionModules.id, rolePermissions.moduleId))
    .where(
      and(
        eq(users.active, true),
        eq(permissionModules.name, 'config_permissions'),
        eq(rolePermissions.canEdit, true),
        notExists(executor.select({ one: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, users.id))),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Refuses (409, rolling the write back) when the write left nobody able to administer permissions. */
export async function assertPermissionAdminRemains(tx: Tx, message: string): Promise<void> {
  if ((await countPermissionAdmins(tx)) === 0) throw new ConflictError(message);
}
