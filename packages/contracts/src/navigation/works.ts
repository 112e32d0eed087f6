import { WORK_WIDGETS } from '../works/dashboard';
import { defineNavigation, view } from './define';

export const worksNavigation = defineNavigation({
  name: 'works',
  routes: { works: { path: '/negocios', title: 'Inicio', permission: view('works') } },
  menu: [{ label: 'Obras', icon: 'pi pi-building', route: 'works', order: 20 }],
  widgets: WORK_WIDGETS,
});
