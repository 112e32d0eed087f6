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
import { pageTable, prefetchTable } from '../lib/modules';

/**
 * The page of every route, from each feature's module: a new module with pages joins MODULES,
 * and a route of the contracts' navigation without a page is a type error.
 */
const MODULES = [dashboard, works, projects, registry, orders, stock, catalogs, roles, users, notifications, integrations, admin, auth] as const;

export const PAGES = pageTable(...MODULES);

/** The routes that start their data as they load (the feature modules' prefetch). */
export const PREFETCH = prefetchTable(MODULES);
