import { defineNavigation, view } from './define';

export const usersNavigation = defineNavigation({
  name: 'users',
  routes: { users: { path: '/usuarios', title: 'Usuarios', permission: view('config_permissions') } },
  menu: [{ label: 'Usuarios', icon: 'pi pi-user', route: 'users', order: 70 }],
  notifications: {
    // Sent by the users module (a user's role changed) and the roles module (the role's permissions changed).
    access_changed: { label: 'Cambios en mi rol o permisos', description: 'Tu rol o sus permisos cambiaron' },
  },
});
