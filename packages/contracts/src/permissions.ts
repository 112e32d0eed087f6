import { z } from 'zod';
import { ACTIONS, moduleLabel, type Action } from './modules';

/** One entry of GET /permissions (SPEC §3). */
export const permissionEntrySchema = z.object({
  module: z.object({ name: z.string() }),
  view: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;
export const permissionListSchema = z.array(permissionEntrySchema);

/**
 * SPEC §6: a module is accessible ("view") when any of its four flags is true;
 * create / edit / delete use their own flag; an unknown module means no permission.
 * Shared by the API guard and the SPA so both decide the same way.
 */
export function can(permissions: readonly PermissionEntry[] | null | undefined, module: string, action: Action): boolean {
  const entry = permissions?.find((p) => p.module.name === module);
  if (!entry) return false;
  if (action === 'view') return entry.view || entry.create || entry.edit || entry.delete;
  return entry[action];
}

/** A module's four flags as a role matrix stores them (module by name). */
export interface ModuleFlags {
  module: string;
  view: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
}

export interface Flag {
  module: string;
  action: Action;
}

/**
 * Nobody grants what they do not hold: the flags set in `wanted` that the editor's own permissions
 * (`held`) do not allow, by the same rule as `can`. Shared by the API, which refuses such writes, and
 * the Permisos screen, which disables them.
 */
export function flagsBeyond(held: readonly PermissionEntry[] | null | undefined, wanted: readonly ModuleFlags[]): Flag[] {
  return wanted.flatMap((row) => ACTIONS.filter((action) => row[action] && !can(held, row.module, action)).map((action) => ({ module: row.module, action })));
}

const ACTION_VERBS: Record<Action, string> = { view: 'ver', create: 'crear', edit: 'editar', delete: 'eliminar' };

/** 'Unidades (crear, editar); Permisos y usuarios (eliminar)'. */
export function describeFlags(flags: readonly Flag[]): string {
  const byModule = new Map<string, Action[]>();
  for (const { module, action } of flags) byModule.set(module, [...(byModule.get(module) ?? []), action]);
  return [...byModule].map(([module, actions]) => `${moduleLabel(module)} (${actions.map((a) => ACTION_VERBS[a]).join(', ')})`).join('; ');
}

export const PRIVILEGE_MESSAGES = {
  grant: (flags: readonly Flag[]) => `No puedes otorgar permisos que tu rol no tiene: ${describeFlags(flags)}`,
  changeRole: 'No puedes cambiar los permisos de un rol que tiene permisos que tu rol no tiene',
  assignRole: 'No puedes asignar un rol que tiene permisos que tu rol no tiene',
  manageUser: 'No puedes modificar a un usuario cuyo rol tiene permisos que tu rol no tiene',
} as const;
