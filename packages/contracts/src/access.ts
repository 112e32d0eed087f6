import type { Action } from './modules';
import type { PermissionEntry } from './permissions';

/**
 * SPEC §6: a module is accessible ("view") when any of its four flags is true;
 * create / edit / delete use their own flag; an unknown module means no permission.
 * Shared by the API guard and the SPA so both decide the same way. Kept apart from the permission
 * schemas: the SPA's first screen decides access without loading zod.
 */
export function can(permissions: readonly PermissionEntry[] | null | undefined, module: string, action: Action): boolean {
  const entry = permissions?.find((p) => p.module.name === module);
  if (!entry) return false;
  if (action === 'view') return entry.view || entry.create || entry.edit || entry.delete;
  return entry[action];
}
