import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogKey } from '@goc/contracts';
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
  roles,
  stampStatuses,
  subcategories,
  supplierMaterialCategories,
  suppliers,
  units,
  users,
  works,
} from '../../db/schema';

/**
 * Where each catalogue of contracts CATALOGS lives. Declared fields map to the table's columns of the
 * same name; this is what lets a reference join its target and a delete find who uses a row without
 * any per-catalogue SQL.
 */
export const CATALOG_TABLES: Readonly<Record<CatalogKey, PgTable>> = {
  companies,
  works,
  categories,
  subcategories,
  icons,
  materialCategories,
  materials,
  units,
  suppliers,
  employees,
  registrationStatuses,
  orderStatuses,
  stampStatuses,
  errorStatuses,
  roles,
  users,
};

/** A multi-reference field stored in a link table: one row per (owner, target). */
export interface LinkTable {
  table: PgTable;
  owner: AnyPgColumn;
  target: AnyPgColumn;
}

/** Link tables of the multiReference fields, by catalogue and field. */
export const CATALOG_LINKS: Readonly<Partial<Record<CatalogKey, Readonly<Record<string, LinkTable>>>>> = {
  suppliers: {
    materialCategoryIds: {
      table: supplierMaterialCategories,
      owner: supplierMaterialCategories.supplierId,
      target: supplierMaterialCategories.materialCategoryId,
    },
  },
};
