import { defineNavigation, view } from './define';

export const rolesNavigation = defineNavigation({
  name: 'roles',
  routes: { permissions: { path: '/catalogos/permisos', title: 'Permisos', permission: view('config_permissions') } },
  menu: [{ group: 'configuracion', label: 'Permisos', icon: 'pi pi-lock', route: 'permissions', order: 120 }],
});
