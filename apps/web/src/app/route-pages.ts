import admin from '../features/admin/module';
import auth from '../features/auth/module';
import catalogs from '../features/catalogs/module';
import dashboard from '../features/dashboard/module';
import integrations from '../features/integrations/module';
import notifications from '../features/notifications/module';
import orders from '../features/orders/module';
import projects from '../features/projects/module';
import registry from '../features/registry/module';
import roles from '../features/roles/module';
import stock from '../features/stock/module';
import users from '../features/users/module';
import works from '../features/works/module';
import { composeModules, pageTable, prefetchTable } from '../lib/modules';

/**
 * The page of every route, from each feature's module: a new module with pages joins MODULES,
 * and a route of the contracts' navigation without a page is a type error. The list's order is the
 * order in which the shared features meet the modules.
 */
const MODULES = [dashboard, works, projects, registry, orders, stock, catalogs, roles, users, notifications, integrations, admin, auth] as const;

export const PAGES = pageTable(...MODULES);

/**
 * What the shared features read of every module (Inicio's cards, what each notification type
 * refreshes): a notification type no module refreshes is a type error naming it.
 */
export const COMPOSED_MODULES = composeModules(...MODULES);

/** The routes that start their data as they load (the feature modules' prefetch). */
export const PREFETCH = prefetchTable(MODULES, COMPOSED_MODULES);
