import { defineNavigation, view } from './define';

/** Added by the product after Integraciones (docs/spec.md §2): the database backups, module admin. */
export const adminNavigation = defineNavigation({
  name: 'admin',
  routes: { backups: { path: '/configuracion/respaldos', title: 'Respaldos', permission: view('admin') } },
  menu: [{ group: 'configuracion', label: 'Respaldos', icon: 'pi pi-database', route: 'backups', order: 170 }],
});
