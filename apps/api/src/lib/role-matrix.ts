import { eq, inArray, sql } from 'drizzle-orm';
import { completePermissions, type ModuleName, type RolePermission, type RolePermissionInput } from '@goc/contracts';
import type { Executor, Tx } from '../db/client';
import { permissionModules, rolePermissions, type AuditChanges } from '../db/schema';
import { detailChange } from './audit';

/** The 22-module matrix of each role, in MODULES order (modules without a row: all flags false). */
export async function loadMatrices(executor: Executor, roleIds: readonly number[]): Promise<Map<number, RolePermission[]>> {
  const rows =
    roleIds.length === 0
      ? []
      : await executor
          .select({
            roleId: rolePermissions.roleId,
            module: permissionModules.name,
            view: rolePermissions.canView,
            create: rolePermissions.canCreate,
            edit: rolePermissions.canEdit,
            delete: rolePermissions.canDelete,
          })
          .from(rolePermissions)
          .innerJoin(permissionModules, eq(permissionModules.id, rolePermissions.moduleId))
          .where(inArray(rolePermissions.roleId, [...roleIds]));
  const byRole = new Map<number, RolePermissionInput[]>();
  for (const { roleId, module, ...flags } of rows) {
    const list = byRole.get(roleId) ?? [];
    list.push({ module: module as ModuleName, ...flags });
    byRole.set(roleId, list);
  }
  return new Map(roleIds.map((id) => [id, completePermissions(byRole.get(id) ?? [])]));
}

/** Stores a role's whole matrix (one row per module, modules left out of `input` get no flag). */
export async function writeMatrix(tx: Tx, roleId: number, input: readonly RolePermissionInput[]): Promise<void> {
  const modules = await tx.select({ id: permissionModules.id, name: permissionModules.name }).from(permissionModules);
  const ids = new Map(modules.map((m) => [m.name, m.id]));
  const rows = completePermissions(input).flatMap((entry) => {
    const moduleId = ids.get(entry.module);
    return moduleId === undefined
      ? []
      : [{ roleId, moduleId, canView: entry.view, canCreate: entry.create, canEdit: entry.edit, canDelete: entry.delete }];
  });
  await tx
    .insert(rolePermissions)
    .values(rows)
    .onConflictDoUpdate({
      target: [rolePermissions.roleId, rolePermissions.moduleId],
      set: {
        canView: sql`excluded.can_view`,
        canCreate: sql`excluded.can_create`,
        canEdit: sql`excluded.can_edit`,
        canDelete: sql`excluded.can_delete`,
        updatedAt: sql`now()`,
        version: sql`${rolePermissions.version} + 1`,
      },
    });
}

const flagsText = (p: RolePermission) =>
  (['view', 'create', 'edit', 'delete'] as const).filter((a) => p[a]).join(', ') || 'ninguno';

/** `permissions.<module>: { old: 'view, edit', new: 'view' }` for each module whose flags changed. */
export function matrixChanges(before: readonly RolePermission[] | null, after: readonly RolePermission[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const entry of after) {
    const old = before?.find((p) => p.module === entry.module);
    const oldText = old ? flagsText(old) : null;
    const newText = flagsText(entry);
    if (oldText !== newText && !(old === undefined && newText === 'ninguno')) Object.assign(changes, detailChange('permissions', oldText, newText, entry.module));
  }
  return changes;
}
