import { z } from 'zod';
import { MODULE_NAMES, moduleNameSchema } from '../modules';
import { defineCatalog } from './define';
import { f } from '../resources/fields';

export const ROLE_MESSAGES = {
  unknownModule: 'Módulo de permisos desconocido',
  repeatedModule: 'Un módulo aparece más de una vez en los permisos',
  flag: 'Cada permiso debe ser sí o no',
} as const;

const flag = z.boolean({ error: ROLE_MESSAGES.flag }).default(false);

/** One row of a role's permission matrix, module by name (issue 3: POST /roles {…, permissions}). */
export const rolePermissionInputSchema = z.object({
  module: z.enum(MODULE_NAMES, { error: ROLE_MESSAGES.unknownModule }),
  view: flag,
  create: flag,
  edit: flag,
  delete: flag,
});
export type RolePermissionInput = z.infer<typeof rolePermissionInputSchema>;

/** Modules left out of the list get no permission at all. */
const permissionsInput = z
  .array(rolePermissionInputSchema, { error: 'Los permisos deben ser una lista' })
  .max(MODULE_NAMES.length, ROLE_MESSAGES.repeatedModule)
  .refine((rows) => new Set(rows.map((r) => r.module)).size === rows.length, ROLE_MESSAGES.repeatedModule);

/** In an entity the matrix always has the 24 modules, in MODULES order. */
export const rolePermissionSchema = z.object({
  module: moduleNameSchema,
  view: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

/** Permisos: roles and their permission matrix (24 modules × view / create / edit / delete). */
export const rolesCatalog = defineCatalog({
  key: 'roles',
  resource: '/roles',
  module: 'config_permissions',
  route: 'permissions',
  nouns: { singular: 'rol', plural: 'roles', article: 'el' },
  fields: {
    name: f.text({ label: 'Nombre', required: true, maxLength: 100, unique: true }),
    description: f.textarea({ label: 'Descripción', maxLength: 500, list: { shownByDefault: true } }),
    // Its users sign in with a second factor and enrol before anything else (docs/security.md).
    requiresMfa: f.boolean({ label: 'Requiere verificación en dos pasos', default: false }),
  },
  label: { fields: ['name'] },
  import: false,
  defaultSort: 'name',
  extra: {
    entity: { permissions: z.array(rolePermissionSchema) },
    create: { permissions: permissionsInput.default([]) },
    update: { permissions: permissionsInput.optional() },
  },
});

/** The full matrix for a role from any subset of rows: missing modules get all four flags false. */
export function completePermissions(rows: readonly RolePermissionInput[]): RolePermission[] {
  return MODULE_NAMES.map((module) => {
    const row = rows.find((r) => r.module === module);
    return { module, view: row?.view ?? false, create: row?.create ?? false, edit: row?.edit ?? false, delete: row?.delete ?? false };
  });
}
