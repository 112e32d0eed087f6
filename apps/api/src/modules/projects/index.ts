import { projectsResource } from '@goc/contracts';
import { editableAttachable } from '../../lib/attachable';
import { projects } from '../../db/schema';
import { defineModule } from '../../lib/modules';
import { picksFrom } from '../../lib/option-readers';
import { PROJECT_LINKS } from './binding';
import { PROJECTS_WIDGET } from './dashboard';
import { projectQueries, type ProjectQueries } from './queries';
import projectRoutes from './routes';

declare module '../../lib/modules' {
  interface ModuleServices {
    /** Whose projects are whose (the dashboard's "my projects"). */
    projects: ProjectQueries;
  }
}

/** Proyectos: projects with their members and budget figures (the orders' sums). */
export default defineModule({
  name: 'projects',
  resources: [{ declaration: projectsResource, table: projects, links: PROJECT_LINKS }],
  needs: ['orders'],
  provides: { projects: () => projectQueries },
  routes: projectRoutes,
  widgets: [PROJECTS_WIDGET],
  attachables: [editableAttachable('projects', projectsResource.key)],
  // A project's form picks its work, its manager and members.
  options: [picksFrom('projects', 'works', 'users')],
});
