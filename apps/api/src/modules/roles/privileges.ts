import { eq } from 'drizzle-orm';
import { flagsBeyond, PRIVILEGE_MESSAGES, type ModuleFlags, type PermissionEntry } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { ForbiddenError } from '../../lib/errors';
import type { Actor } from '../../lib/crud/types';
import { loadRolePermissions } from '../../lib/permissions';
import { loadMatrices } from './matrix';

/*
 * Partial rights on Permisos must not add up to full ones: nobody grants, through a role or a user, a
 * flag they do not hold themselves, nor changes a role or a user holding flags they lack (a role that
 * may only create users would otherwise create an administrator; one that may only edit roles would
 * give its own role every flag or reset the administrator's password).
 */

/** The actor's own permissions, read in the write's transaction. */
async function actorPermissions(executor: Executor, actor: Actor): Promise<PermissionEntry[]> {
  const [row] = await executor.select({ roleId: users.roleId }).from(users).where(eq(users.id, actor.userId));
  return row ? loadRolePermissions(executor, row.roleId) : [];
}

async function roleMatrix(executor: Executor, roleId: number): Promise<ModuleFlags[]> {
  return (await loadMatrices(executor, [roleId])).get(roleId) ?? [];
}

/** Flags on in `after` and off in `before` (the ones a write turns on). */
function turnedOn(before: readonly ModuleFlags[], after: readonly ModuleFlags[]): ModuleFlags[] {
  return after.map((row) => {
    const old = before.find((b) => b.module === row.module);
    return {
      module: row.module,
      view: row.view && !old?.view,
      create: row.create && !old?.create,
      edit: row.edit && !old?.edit,
      delete: row.delete && !old?.delete,
    };
  });
}

const sameMatrix = (a: readonly ModuleFlags[], b: readonly ModuleFlags[]) =>
  turnedOn(a, b).every((r) => !r.view && !r.create && !r.edit && !r.delete) &&
  turnedOn(b, a).every((r) => !r.view && !r.create && !r.edit && !r.delete);

/** A role's matrix goes from `before` (null: a new role) to `after`; 403 unless the actor may. */
export async function assertMayWriteMatrix(executor: Executor, actor: Actor, before: readonly ModuleFlags[] | null, after: readonly ModuleFlags[]): Promise<void> {
  if (before && sameMatrix(before, after)) return;
  const held = await actorPermissions(executor, actor);
  if (before && flagsBeyond(held, before).length > 0) throw new ForbiddenError(PRIVILEGE_MESSAGES.changeRole);
  const granted = flagsBeyond(held, before ? turnedOn(before, after) : after);
  if (granted.length > 0) throw new ForbiddenError(PRIVILEGE_MESSAGES.grant(granted));
}

/** Giving a user this role: 403 when the role holds a flag the actor lacks. */
export async function assertMayAssignRole(executor: Executor, actor: Actor, roleId: number): Promise<void> {
  const held = await actorPermissions(executor, actor);
  if (flagsBeyond(held, await roleMatrix(executor, roleId)).length > 0) throw new ForbiddenError(PRIVILEGE_MESSAGES.assignRole);
}

/** Changing, deleting or resetting the password of a user: 403 when their role holds a flag the actor lacks. */
export async function assertMayManageUser(executor: Executor, actor: Actor, userId: number): Promise<void> {
  const [target] = await executor.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!target) return;
  const held = await actorPermissions(executor, actor);
  if (flagsBeyond(held, await roleMatrix(executor, target.roleId)).length > 0) throw new ForbiddenError(PRIVILEGE_MESSAGES.manageUser);
}
