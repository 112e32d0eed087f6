import { ROUTES, type RouteKey } from './routes';

export interface MenuLeaf {
  kind: 'item';
  label: string;
  icon: string;
  route: RouteKey;
}
export interface MenuGroup {
  kind: 'group';
  /** Stable id, used for the open/closed state kept in sessionStorage. */
  id: string;
  label: string;
  icon: string;
  children: MenuLeaf[];
}
export type MenuEntry = MenuLeaf | MenuGroup;

const item = (label: string, icon: string, route: RouteKey): MenuLeaf => ({ kind: 'item', label, icon, route });

/** The sidebar of SPEC §2, in its order and with its labels. */
export const MENU: readonly MenuEntry[] = [
  item('Dashboard', 'pi pi-home', 'home'),
  item('Obras', 'pi pi-building', 'works'),
  item('Proyectos', 'pi pi-briefcase', 'myProjects'),
  {
    kind: 'group',
    id: 'pedidos',
    label: 'Pedidos',
    icon: 'pi pi-shopping-cart',
    children: [item('Histórico', 'pi pi-history', 'ordersHistory'), item('Mis pedidos', 'pi pi-list', 'myOrders')],
  },
  {
    kind: 'group',
    id: 'altas-bajas',
    label: 'Altas y Bajas',
    icon: 'pi pi-id-card',
    children: [
      item('Histórico', 'pi pi-history', 'registryHistory'),
      item('Obras', 'pi pi-building', 'registryWorks'),
      item('Oficina', 'pi pi-briefcase', 'registryOffice'),
    ],
  },
  {
    kind: 'group',
    id: 'configuracion',
    label: 'Configuración',
    icon: 'pi pi-cog',
    children: [
      item('Categorías', 'pi pi-tags', 'categories'),
      item('Categoria Materiales', 'pi pi-th-large', 'materialCategories'),
      item('Empleados', 'pi pi-users', 'employees'),
      item('Empresas', 'pi pi-building-columns', 'companies'),
      item('Estatus Alta', 'pi pi-user-plus', 'registrationStatuses'),
      item('Estatus Orden', 'pi pi-inbox', 'orderStatuses'),
      item('Estatus Timbre', 'pi pi-verified', 'stampStatuses'),
      item('Estatus de Error', 'pi pi-exclamation-triangle', 'errorStatuses'),
      item('Iconos', 'pi pi-star', 'icons'),
      item('Materiales', 'pi pi-box', 'materials'),
      item('Obra', 'pi pi-map-marker', 'workCatalog'),
      item('Permisos', 'pi pi-lock', 'permissions'),
      item('Proveedores', 'pi pi-truck', 'suppliers'),
      item('Unidades', 'pi pi-calculator', 'units'),
      item('Subcategoria', 'pi pi-sitemap', 'subcategories'),
      // Added by the product after the SPEC's items (docs/spec.md §2); shown to the admin module only.
      item('Integraciones', 'pi pi-share-alt', 'integrations'),
    ],
  },
  item('Usuarios', 'pi pi-user', 'users'),
];

/** Menu filtered by an access check: items without permission hidden, groups only with an allowed child. */
export function visibleMenu(allowed: (route: RouteKey) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'item') {
      if (allowed(entry.route)) out.push(entry);
    } else {
      const children = entry.children.filter((c) => allowed(c.route));
      if (children.length > 0) out.push({ ...entry, children });
    }
  }
  return out;
}

export function menuRoutePath(leaf: MenuLeaf): string {
  return ROUTES[leaf.route].path;
}
