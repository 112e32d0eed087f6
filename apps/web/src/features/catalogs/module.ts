import { catalogsNavigation } from '@goc/contracts';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { defineWebModule, type Prefetch } from '../../lib/modules';

/** Every catalogue route shares one page, driven by the catalogue's declaration. */
const catalogPage = () => import('./catalog-page');

/**
 * Each catalogue route's list path, as its declaration in CATALOG_PAGES names it (a test holds them
 * equal): written here so the route's loader can ask for the rows before the declarations have loaded.
 */
export const CATALOG_LISTS = {
  categories: '/categories',
  materialCategories: '/material-categories',
  employees: '/employees',
  companies: '/companies',
  registrationStatuses: '/registration-statuses',
  orderStatuses: '/order-statuses',
  stampStatuses: '/stamp-statuses',
  errorStatuses: '/error-statuses',
  icons: '/icons',
  materials: '/materials',
  workCatalog: '/works',
  suppliers: '/suppliers',
  units: '/units',
  subcategories: '/subcategories',
} as const;

type CatalogRoute = keyof typeof CATALOG_LISTS;

const catalogPrefetch = (key: CatalogRoute): Prefetch =>
  listPrefetch({
    resource: CATALOG_LISTS[key],
    entity: async () => {
      const page = (await import('./catalog-pages')).CATALOG_PAGES[key];
      if (!page) throw new Error(`No hay una página de catálogo para ${key}`);
      return page.catalog.schemas.entity;
    },
  });

export default defineWebModule(
  catalogsNavigation,
  {
    categories: catalogPage,
    materialCategories: catalogPage,
    employees: catalogPage,
    companies: catalogPage,
    registrationStatuses: catalogPage,
    orderStatuses: catalogPage,
    stampStatuses: catalogPage,
    errorStatuses: catalogPage,
    icons: catalogPage,
    materials: catalogPage,
    workCatalog: catalogPage,
    suppliers: catalogPage,
    units: catalogPage,
    subcategories: catalogPage,
  },
  { prefetch: Object.fromEntries(Object.keys(CATALOG_LISTS).map((key) => [key, catalogPrefetch(key as CatalogRoute)])) },
);
