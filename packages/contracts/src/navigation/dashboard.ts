import { defineNavigation } from './define';

export const dashboardNavigation = defineNavigation({
  name: 'dashboard',
  routes: { home: { path: '/', title: 'Inicio' } },
  menu: [{ label: 'Dashboard', icon: 'pi pi-home', route: 'home', order: 10 }],
});
