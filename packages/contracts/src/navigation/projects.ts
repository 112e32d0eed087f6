import { PROJECT_WIDGETS } from '../projects/dashboard';
import { defineNavigation, view } from './define';

export const projectsNavigation = defineNavigation({
  name: 'projects',
  routes: { myProjects: { path: '/mis-proyectos', title: 'Mis Proyectos', permission: view('projects') } },
  menu: [{ label: 'Proyectos', icon: 'pi pi-briefcase', route: 'myProjects', order: 30 }],
  widgets: PROJECT_WIDGETS,
});
