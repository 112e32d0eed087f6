import { defineNavigation, view } from './define';

/** The configuration catalogues; their menu order leaves room for Permisos (120) among them, as in the SPEC. */
export const catalogsNavigation = defineNavigation({
  name: 'catalogs',
  routes: {
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
    suppliers: { path: '/catalogos/proveedores', title: 'Proveedores', permission: view('config_suppliers') },
    units: { path: '/catalogos/unidades', title: 'Unidades', permission: view('config_units') },
    subcategories: { path: '/catalogos/subcategorias', title: 'Subcategorías', permission: view('config_subcategory') },
  },
  menu: [
    { group: 'configuracion', label: 'Categorías', icon: 'pi pi-tags', route: 'categories', order: 10 },
    { group: 'configuracion', label: 'Categoria Materiales', icon: 'pi pi-th-large', route: 'materialCategories', order: 20 },
    { group: 'configuracion', label: 'Empleados', icon: 'pi pi-users', route: 'employees', order: 30 },
    { group: 'configuracion', label: 'Empresas', icon: 'pi pi-building-columns', route: 'companies', order: 40 },
    { group: 'configuracion', label: 'Estatus Alta', icon: 'pi pi-user-plus', route: 'registrationStatuses', order: 50 },
    { group: 'configuracion', label: 'Estatus Orden', icon: 'pi pi-inbox', route: 'orderStatuses', order: 60 },
    { group: 'configuracion', label: 'Estatus Timbre', icon: 'pi pi-verified', route: 'stampStatuses', order: 70 },
    { group: 'configuracion', label: 'Estatus de Error', icon: 'pi pi-exclamation-triangle', route: 'errorStatuses', order: 80 },
    { group: 'configuracion', label: 'Iconos', icon: 'pi pi-star', route: 'icons', order: 90 },
    { group: 'configuracion', label: 'Materiales', icon: 'pi pi-box', route: 'materials', order: 100 },
    { group: 'configuracion', label: 'Obra', icon: 'pi pi-map-marker', route: 'workCatalog', order: 110 },
    { group: 'configuracion', label: 'Proveedores', icon: 'pi pi-truck', route: 'suppliers', order: 130 },
    { group: 'configuracion', label: 'Unidades', icon: 'pi pi-calculator', route: 'units', order: 140 },
    { group: 'configuracion', label: 'Subcategoria', icon: 'pi pi-sitemap', route: 'subcategories', order: 150 },
  ],
});
