import { adminNavigation } from './admin';
import { authNavigation } from './auth';
import { catalogsNavigation } from './catalogs';
import { dashboardNavigation } from './dashboard';
import { integrationsNavigation } from './integrations';
import { notificationsNavigation } from './notifications';
import { ordersNavigation } from './orders';
import { projectsNavigation } from './projects';
import { registryNavigation } from './registry';
import { rolesNavigation } from './roles';
import { stockNavigation } from './stock';
import { usersNavigation } from './users';
import { worksNavigation } from './works';

/**
 * Every module's pages and menu entries. The route table (ROUTES) and the sidebar (MENU) are built
 * from this list, and the SPA's page table must give every route of it a page: a new module with
 * pages is its file here plus one line.
 */
export const NAVIGATION = [
  dashboardNavigation,
  worksNavigation,
  projectsNavigation,
  registryNavigation,
  ordersNavigation,
  stockNavigation,
  catalogsNavigation,
  rolesNavigation,
  usersNavigation,
  notificationsNavigation,
  integrationsNavigation,
  adminNavigation,
  authNavigation,
] as const;

export {
  adminNavigation,
  authNavigation,
  catalogsNavigation,
  dashboardNavigation,
  integrationsNavigation,
  notificationsNavigation,
  ordersNavigation,
  projectsNavigation,
  registryNavigation,
  rolesNavigation,
  stockNavigation,
  usersNavigation,
  worksNavigation,
};
