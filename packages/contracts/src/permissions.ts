import { z } from 'zod';
import type { Action } from './modules';

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
