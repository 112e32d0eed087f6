import { asc, eq, and } from 'drizzle-orm';
import type { PermissionEntry } from '@goc/contracts';
import type { Executor } from '../db/client';
import { permissionModules, rolePermissions } from '../db/schema';

/**
 * A role's flags for every module, in module order (all modules, false where the role has no row).
 * Read from the database on every call: a permission change applies to the next request.
 */
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
