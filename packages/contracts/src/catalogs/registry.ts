import type { z } from 'zod';
import { categoriesCatalog } from './categories';
import { companiesCatalog } from './companies';
import type { AnyCatalog } from './define';
import { employeesCatalog } from './employees';
import { iconsCatalog } from './icons';
import type { CatalogKey } from './keys';
import { materialCategoriesCatalog } from './material-categories';
import { materialsCatalog } from './materials';
import { rolesCatalog } from './roles';
import { errorStatusesCatalog, orderStatusesCatalog, registrationStatusesCatalog, stampStatusesCatalog } from './statuses';
import { subcategoriesCatalog } from './subcategories';
import { suppliersCatalog } from './suppliers';
import { unitsCatalog } from './units';
import { usersCatalog } from './users';
import { worksCatalog } from './works';

/** Every catalogue declaration by key: the API registers one list/CRUD module per entry, the SPA one page. */
export const CATALOGS = {
  companies: companiesCatalog,
  works: worksCatalog,
  categories: categoriesCatalog,
  subcategories: subcategoriesCatalog,
  icons: iconsCatalog,
  materialCategories: materialCategoriesCatalog,
  materials: materialsCatalog,
  units: unitsCatalog,
  suppliers: suppliersCatalog,
  employees: employeesCatalog,
  registrationStatuses: registrationStatusesCatalog,
  orderStatuses: orderStatusesCatalog,
  stampStatuses: stampStatusesCatalog,
  errorStatuses: errorStatusesCatalog,
  roles: rolesCatalog,
  users: usersCatalog,
} as const satisfies { [K in CatalogKey]: AnyCatalog & { key: K } };

export type Catalogs = typeof CATALOGS;
export type CatalogOf<K extends CatalogKey> = Catalogs[K];
/** A row as the API returns it, e.g. CatalogEntity<'units'>. */
export type CatalogEntity<K extends CatalogKey> = z.output<Catalogs[K]['schemas']['entity']>;
/** POST body as the form holds it (before defaults / normalisation). */
export type CatalogCreateInput<K extends CatalogKey> = z.input<Catalogs[K]['schemas']['createInput']>;
/** POST body after parsing (what the API service receives). */
export type CatalogCreateData<K extends CatalogKey> = z.output<Catalogs[K]['schemas']['createInput']>;
export type CatalogUpdateInput<K extends CatalogKey> = z.input<Catalogs[K]['schemas']['updateInput']>;
export type CatalogUpdateData<K extends CatalogKey> = z.output<Catalogs[K]['schemas']['updateInput']>;

export function getCatalog<K extends CatalogKey>(key: K): Catalogs[K] {
  return CATALOGS[key];
}

/** Every declaration, in CATALOG_KEYS order, typed loosely for generic code (route registration, table-driven tests). */
export const CATALOG_LIST: readonly AnyCatalog[] = Object.values(CATALOGS);
