import { z } from 'zod';

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
