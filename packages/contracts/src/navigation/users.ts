import { defineNavigation, view } from './define';

export const usersNavigation = defineNavigation({
  name: 'users',
  routes: { users: { path: '/usuarios', title: 'Usuarios', permission: view('config_permissions') } },
  menu: [{ label: 'Usuarios', icon: 'pi pi-user', route: 'users', order: 70 }],
});
