import { CATALOGS } from '@goc/contracts';
import {
  categories,
  companies,
  employees,
  errorStatuses,
  icons,
  materialCategories,
  materials,
  orderStatuses,
  registrationStatuses,
  stampStatuses,
  subcategories,
  supplierMaterialCategories,
  suppliers,
  units,
  works,
} from '../../db/schema';
import type { ResourceTables } from '../../lib/crud/tables';

/** Where each configuration catalogue lives (roles and users belong to their own modules). */
export const CATALOG_TABLES: readonly ResourceTables[] = [
  { declaration: CATALOGS.companies, table: companies },
  { declaration: CATALOGS.works, table: works },
  { declaration: CATALOGS.categories, table: categories },
  { declaration: CATALOGS.subcategories, table: subcategories },
  { declaration: CATALOGS.icons, table: icons },
  { declaration: CATALOGS.materialCategories, table: materialCategories },
  { declaration: CATALOGS.materials, table: materials },
  { declaration: CATALOGS.units, table: units },
  {
    declaration: CATALOGS.suppliers,
    table: suppliers,
    links: {
      materialCategoryIds: {
        table: supplierMaterialCategories,
        owner: supplierMaterialCategories.supplierId,
        target: supplierMaterialCategories.materialCategoryId,
      },
    },
  },
  { declaration: CATALOGS.employees, table: employees },
  { declaration: CATALOGS.registrationStatuses, table: registrationStatuses },
  { declaration: CATALOGS.orderStatuses, table: orderStatuses },
  { declaration: CATALOGS.stampStatuses, table: stampStatuses },
  { declaration: CATALOGS.errorStatuses, table: errorStatuses },
];
