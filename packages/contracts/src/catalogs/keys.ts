/**
 * Every catalogue declared in this folder, keyed like the SPA routes (camelCase). Kept apart from the
 * registry so declarations can name the catalogue a reference points to without an import cycle.
 */
export const CATALOG_KEYS = [
  'companies',
  'works',
  'categories',
  'subcategories',
  'icons',
  'materialCategories',
  'materials',
  'units',
  'suppliers',
  'employees',
  'registrationStatuses',
  'orderStatuses',
  'stampStatuses',
  'errorStatuses',
  'roles',
  'users',
] as const;
export type CatalogKey = (typeof CATALOG_KEYS)[number];
