import type { ComponentType } from 'react';
import type { RouteKey } from '@goc/contracts';

export type PageModule = { default: ComponentType };

/**
 * The page of every SPEC route, loaded on demand (one chunk per feature page). A later issue
 * replaces a page by pointing its route here to the new module; the record type makes a route
 * without a page a compile error. The catalogue routes share one page, driven by each catalogue's declaration.
 */
export const PAGES: Record<RouteKey, () => Promise<PageModule>> = {
  home: () => import('../features/dashboard/dashboard-page'),
  works: () => import('../features/works/works-page'),
  myProjects: () => import('../features/projects/my-projects-page'),
  registryOffice: () => import('../features/registry/office-movements-page'),
  registryOfficeCreate: () => import('../features/registry/office-movement-create-page'),
  registryHistory: () => import('../features/registry/weekly-cuts-page'),
  registryCut: () => import('../features/registry/weekly-cut-detail-page'),
  registryWorks: () => import('../features/registry/work-movements-page'),
  ordersHistory: () => import('../features/orders/orders-history-page'),
  myOrders: () => import('../features/orders/my-orders-page'),
  categories: () => import('../features/catalogs/catalog-page'),
  materialCategories: () => import('../features/catalogs/catalog-page'),
  employees: () => import('../features/catalogs/catalog-page'),
  companies: () => import('../features/catalogs/catalog-page'),
  registrationStatuses: () => import('../features/catalogs/catalog-page'),
  orderStatuses: () => import('../features/catalogs/catalog-page'),
  stampStatuses: () => import('../features/catalogs/catalog-page'),
  errorStatuses: () => import('../features/catalogs/catalog-page'),
  icons: () => import('../features/catalogs/catalog-page'),
  materials: () => import('../features/catalogs/catalog-page'),
  workCatalog: () => import('../features/catalogs/catalog-page'),
  permissions: () => import('../features/roles/roles-page'),
  suppliers: () => import('../features/catalogs/catalog-page'),
  units: () => import('../features/catalogs/catalog-page'),
  subcategories: () => import('../features/catalogs/catalog-page'),
  users: () => import('../features/users/users-page'),
  notificationPreferences: () => import('../features/notifications/preferences-page'),
  integrations: () => import('../features/integrations/integrations-page'),
  login: () => import('../features/auth/login-page'),
};
