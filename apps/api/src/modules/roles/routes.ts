import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { can, completePermissions, rolesCatalog, type RolePermission } from '@goc/contracts';
import { users } from '../../db/schema';
import { ConflictError } from '../../lib/errors';
import { registerCatalogRoutes } from '../../lib/crud/routes';
import type { CatalogBinding } from '../../lib/crud/types';
import { ADMIN_GUARD_MESSAGES, assertPermissionAdminRemains, lockPermissionAdmins } from '../../lib/permission-admins';
import { loadMatrices, matrixChanges, writeMatrix } from '../../lib/role-matrix';
import { assertMayWriteMatrix } from '../../lib/privileges';
import { revokeSessionsWithoutSecondFactor } from '../../lib/sessions';

/** 'El rol está asignado a 3 usuarios'. */
export function roleAssignedMessage(n: number): string {
  return `El rol está asignado a ${n} ${n === 1 ? 'usuario' : 'usuarios'}`;
}

const canEditPermissions = (matrix: readonly RolePermission[]) =>
  can(matrix.map((p) => ({ ...p, module: { name: p.module } })), 'config_permissions', 'edit');

/**
 * Permisos: roles with their 22-module matrix, on the catalogue mechanism. Writing the matrix raises
 * the role's access version (a trigger), which every request reads (plugins/access), so a saved
 * matrix applies to the role's users on their next request.
 */
export const rolesBinding: CatalogBinding<typeof rolesCatalog> = {
  declaration: rolesCatalog,
  hooks: {
    async decorate(executor, entities) {
      const matrices = await loadMatrices(executor, entities.map((e) => e.id));
      for (const entity of entities) entity.permissions = matrices.get(entity.id) ?? [];
    },
    async beforeCreate({ tx, actor }, input) {
      await assertMayWriteMatrix(tx, actor, null, completePermissions(input.permissions));
    },
    async afterCreate({ tx }, created, input) {
      await writeMatrix(tx, created.id, input.permissions);
      const matrix = (await loadMatrices(tx, [created.id])).get(created.id) ?? [];
      created.permissions = matrix;
      return matrixChanges(null, matrix);
    },
    async beforeUpdate({ tx, actor }, before, patch) {
      if (patch.permissions === undefined) return;
      await assertMayWriteMatrix(tx, actor, before.permissions, completePermissions(patch.permissions));
      await lockPermissionAdmins(tx);
    },
    async afterUpdate({ tx }, before, after, patch) {
      if (!before.requiresMfa && after.requiresMfa) await revokeSessionsWithoutSecondFactor(tx, { roleId: after.id });
      if (patch.permissions === undefined) return;
      const id = after.id;
      await writeMatrix(tx, id, patch.permissions);
      const matrix = (await loadMatrices(tx, [id])).get(id) ?? [];
      after.permissions = matrix;
      if (canEditPermissions(before.permissions) && !canEditPermissions(matrix)) {
        await assertPermissionAdminRemains(tx, ADMIN_GUARD_MESSAGES.roleLosesLastAdmin);
      }
      return matrixChanges(before.permissions, matrix);
    },
    async beforeDelete({ tx }, before) {
      const [row] = await tx.select({ n: count() }).from(users).where(eq(users.roleId, before.id));
      const assigned = Number(row?.n ?? 0);
      if (assigned > 0) throw new ConflictError(roleAssignedMessage(assigned));
    },
  },
};

/** /roles: list, export, options, read, history, create, update, delete. */
export default async function rolesRoutes(app: FastifyInstance): Promise<void> {
  registerCatalogRoutes(app, rolesBinding);
}
