import admin from './modules/admin';
import attachments from './modules/attachments';
import auth from './modules/auth';
import catalogs from './modules/catalogs';
import dashboard from './modules/dashboard';
import health from './modules/health';
import integrations from './modules/integrations';
import notifications from './modules/notifications';
import orders from './modules/orders';
import permissions from './modules/permissions';
import projects from './modules/projects';
import registry from './modules/registry';
import roles from './modules/roles';
import stock from './modules/stock';
import users from './modules/users';
import works from './modules/works';
import { moduleList } from './lib/modules';

/**
 * The API's modules. A new module is its folder plus one line here; a module whose needs no module of
 * the list provides is a type error. Routes register in this order.
 */
export const APP_MODULES = moduleList(
  health,
  auth,
  permissions,
  catalogs,
  roles,
  users,
  orders,
  stock,
  registry,
  projects,
  works,
  dashboard,
  notifications,
  attachments,
  admin,
  integrations,
);
