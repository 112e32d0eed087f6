import { defineNavigation, view } from './define';

/** Added by the product after Integraciones (docs/spec.md §2): the database backups and the background work, module admin. */
export const adminNavigation = defineNavigation({
  name: 'admin',
  routes: {
    backups: { path: '/configuracion/respaldos', title: 'Respaldos', permission: view('admin') },
    jobs: { path: '/configuracion/tareas', title: 'Tareas en segundo plano', permission: view('admin') },
  },
  menu: [
    { group: 'configuracion', label: 'Respaldos', icon: 'pi pi-database', route: 'backups', order: 170 },
    { group: 'configuracion', label: 'Tareas en segundo plano', icon: 'pi pi-sync', route: 'jobs', order: 175 },
  ],
});
