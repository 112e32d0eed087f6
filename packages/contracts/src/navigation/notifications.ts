import { defineNavigation } from './define';

/** Reached from the user menu, not the sidebar. */
export const notificationsNavigation = defineNavigation({
  name: 'notifications',
  routes: { notificationPreferences: { path: '/notificaciones/preferencias', title: 'Preferencias de Notificaciones' } },
});
