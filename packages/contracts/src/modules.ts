import { z } from 'zod';

/**
 * The 22 permission modules of SPEC §2, in menu order, with their Spanish names, plus the ones the
 * product added (Aprobación de pedidos, Administración). `actions` names the flags a module uses when
 * it is not all four: the Permisos matrix offers only those.
 */
export const MODULES = [
  { name: 'works', label: 'Obras (negocios)' },
  { name: 'projects', label: 'Proyectos' },
  { name: 'history', label: 'Histórico de pedidos' },
  { name: 'my_orders', label: 'Mis pedidos' },
  // Dirección: authorises orders at or above their company's approval limit and commits over budget (docs/orders.md).
  { name: 'orders_approval', label: 'Aprobación de pedidos', actions: ['view', 'edit'] },
  { name: 'stock', label: 'Almacén de obra' },
  { name: 'registry_history', label: 'Histórico de registro' },
  { name: 'registry_works', label: 'Altas y bajas en obras' },
  { name: 'registry_office', label: 'Altas y bajas en oficina' },
  { name: 'config_categories', label: 'Categorías' },
  { name: 'config_material_categories', label: 'Categorías de materiales' },
  { name: 'config_employees', label: 'Empleados' },
  { name: 'config_companies', label: 'Empresas' },
  { name: 'config_status_register', label: 'Estatus de alta' },
  { name: 'config_order_status', label: 'Estatus de orden' },
  { name: 'config_stamp_status', label: 'Estatus de timbre' },
  { name: 'config_error_status', label: 'Estatus de error' },
  { name: 'config_icons', label: 'Iconos' },
  { name: 'config_materials', label: 'Materiales' },
  { name: 'config_work', label: 'Obras (catálogo)' },
  { name: 'config_permissions', label: 'Permisos y usuarios' },
  { name: 'config_suppliers', label: 'Proveedores' },
  { name: 'config_units', label: 'Unidades' },
  { name: 'config_subcategory', label: 'Subcategorías' },
  { name: 'admin', label: 'Administración' },
] as const;

export type ModuleName = (typeof MODULES)[number]['name'];
export const MODULE_NAMES = MODULES.map((m) => m.name) as [ModuleName, ...ModuleName[]];
export const moduleNameSchema = z.enum(MODULE_NAMES);

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export const actionSchema = z.enum(ACTIONS);
/** A permission flag as the matrix and the history name it. */
export const ACTION_LABELS: Record<Action, string> = { view: 'Ver', create: 'Crear', edit: 'Editar', delete: 'Eliminar' };

/** The flags a module uses: its declared `actions`, or all four. */
export function moduleActions(name: string): readonly Action[] {
  const module = MODULES.find((m) => m.name === name);
  return module && 'actions' in module ? module.actions : ACTIONS;
}

export function moduleLabel(name: string): string {
  return MODULES.find((m) => m.name === name)?.label ?? name;
}
