import type { Action, ModuleName } from './modules';

export interface RouteDef {
  /** React Router path pattern. */
  path: string;
  /** Page title (header) — the tab title is TITLE_PREFIX + title. */
  title: string;
  /** Permission needed to open the route (SPEC §2); none for home and login. */
  permission?: { module: ModuleName; action: Action };
  /** Outside the shell (only the login). */
  public?: boolean;
}

export const TITLE_PREFIX = 'GOC | ';
export const MOBILE_BREAKPOINT = 768;

const view = (module: ModuleName) => ({ module, action: 'view' as const });

/** SPEC §2, in its order. Catalogue routes name no action in the SPEC: opening them needs "view". */
export const ROUTES = {
  home: { path: '/', title: 'Inicio' },
  works: { path: '/negocios', title: 'Inicio', permission: view('works') },
  myProjects: { path: '/mis-proyectos', title: 'Mis Proyectos', permission: view('projects') },
  registryOffice: { path: '/registro/oficina', title: 'Oficinas', permission: view('registry_office') },
  registryOfficeCreate: {
    path: '/registro/oficina/create',
    title: 'Crear Oficina',
    permission: { module: 'registry_office', action: 'create' },
  },
  registryHistory: { path: '/registro/historico', title: 'Histórico de Registro', permission: view('registry_history') },
  registryCut: { path: '/registro/historico/:cutId', title: 'Detalle de Corte Semanal', permission: view('registry_history') },
  registryWorks: { path: '/registro/obras', title: 'Obras', permission: view('registry_works') },
  ordersHistory: { path: '/pedidos/historico', title: 'Histórico de Pedidos', permission: view('history') },
  myOrders: { path: '/pedidos/mis-pedidos', title: 'Mis Pedidos', permission: view('my_orders') },
  categories: { path: '/catalogos/categorias', title: 'Categorías', permission: view('config_categories') },
  materialCategories: {
    path: '/catalogos/categorias-materiales',
    title: 'Categorías de Materiales',
    permission: view('config_material_categories'),
  },
  employees: { path: '/catalogos/empleados', title: 'Empleados', permission: view('config_employees') },
  companies: { path: '/catalogos/empresas', title: 'Empresas', permission: view('config_companies') },
  registrationStatuses: { path: '/catalogos/status-alta', title: 'Estatus de Alta', permission: view('config_status_register') },
  orderStatuses: { path: '/catalogos/estatus-orden', title: 'Estatus de Orden', permission: view('config_order_status') },
  stampStatuses: { path: '/catalogos/status-timbre', title: 'Estatus de Timbre', permission: view('config_stamp_status') },
  errorStatuses: { path: '/catalogos/status-error', title: 'Estatus de Error', permission: view('config_error_status') },
  icons: { path: '/catalogos/iconos', title: 'Iconos', permission: view('config_icons') },
  materials: { path: '/catalogos/materiales', title: 'Materiales', permission: view('config_materials') },
  workCatalog: { path: '/catalogos/obras', title: 'Obras', permission: view('config_work') },
  permissions: { path: '/catalogos/permisos', title: 'Permisos', permission: view('config_permissions') },
  suppliers: { path: '/catalogos/proveedores', title: 'Proveedores', permission: view('config_suppliers') },
  units: { path: '/catalogos/unidades', title: 'Unidades', permission: view('config_units') },
  subcategories: { path: '/catalogos/subcategorias', title: 'Subcategorías', permission: view('config_subcategory') },
  users: { path: '/usuarios', title: 'Usuarios', permission: view('config_permissions') },
  notificationPreferences: { path: '/notificaciones/preferencias', title: 'Preferencias de Notificaciones' },
  // Added by the product (docs/spec.md §2): API keys and webhooks, module admin.
  integrations: { path: '/configuracion/integraciones', title: 'Integraciones', permission: view('admin') },
  login: { path: '/login', title: 'Iniciar Sesión', public: true },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ROUTES;
export const ROUTE_LIST: readonly (RouteDef & { key: RouteKey })[] = (Object.keys(ROUTES) as RouteKey[]).map((key) => ({
  key,
  ...ROUTES[key],
}));

/** Fills a route pattern's params: routePath('registryCut', { cutId: 3 }). */
export function routePath(key: RouteKey, params: Record<string, string | number> = {}): string {
  return ROUTES[key].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
