import { sql } from 'drizzle-orm';
import {
  categoriesCatalog,
  companiesCatalog,
  employeesCatalog,
  errorStatusesCatalog,
  iconsCatalog,
  materialCategoriesCatalog,
  materialsCatalog,
  orderStatusesCatalog,
  registrationStatusesCatalog,
  stampStatusesCatalog,
  subcategoriesCatalog,
  suppliersCatalog,
  unitsCatalog,
  worksCatalog,
  type Action,
  type ModuleName,
  type PermissionRequirement,
} from '@goc/contracts';
import { works, workTotals } from '../../db/schema';
import type { CatalogBinding } from '../../lib/crud/types';
import { revokeEmployeeSessions } from '../../lib/sessions';

/*
 * The fifteen configuration catalogues. Fields, validation, labels, uniqueness, references, system
 * rows and the single default all come from the contracts declarations; what is left to say here is
 * who else may read each catalogue's /options: the modules whose forms (or list filters) pick from it.
 */

const grants = (module: ModuleName, ...actions: Action[]): PermissionRequirement[] => actions.map((action) => ({ module, action }));
/** A module whose create / edit forms have the picker. */
const forms = (...modules: ModuleName[]) => modules.flatMap((m) => grants(m, 'create', 'edit'));
/** A module whose pages filter by the catalogue (anyone who can open them). */
const filters = (...modules: ModuleName[]) => modules.flatMap((m) => grants(m, 'view'));

export const companiesBinding: CatalogBinding = {
  declaration: companiesCatalog,
  optionConsumers: [...forms('config_work', 'config_employees', 'registry_office', 'registry_works'), ...filters('works')],
};

/** A work's committed amount as the database keeps it (work_totals, migration 0019). */
const workCommitted = sql`coalesce((select ${workTotals.committed} from ${workTotals} where ${workTotals.workId} = ${works.id}), 0)`;

export const worksBinding: CatalogBinding = {
  declaration: worksCatalog,
  computed: { committed: workCommitted, available: sql`(${works.budget} - ${workCommitted})` },
  optionConsumers: [
    ...forms('config_employees', 'projects', 'my_orders', 'registry_works'),
    // Almacén de obra: its list filters by work, its forms pick works.
    ...filters('history', 'registry_works', 'registry_history', 'stock'),
  ],
};

export const categoriesBinding: CatalogBinding = {
  declaration: categoriesCatalog,
  optionConsumers: [...forms('config_work', 'config_subcategory'), ...filters('works')],
};

export const subcategoriesBinding: CatalogBinding = {
  declaration: subcategoriesCatalog,
  optionConsumers: forms('config_work'),
};

export const iconsBinding: CatalogBinding = {
  declaration: iconsCatalog,
  optionConsumers: forms('config_categories'),
};

export const materialCategoriesBinding: CatalogBinding = {
  declaration: materialCategoriesCatalog,
  optionConsumers: forms('config_materials', 'config_suppliers'),
};

export const materialsBinding: CatalogBinding = {
  declaration: materialsCatalog,
  optionConsumers: [...forms('my_orders', 'history'), ...filters('history', 'stock')],
};

export const unitsBinding: CatalogBinding = {
  declaration: unitsCatalog,
  optionConsumers: [...forms('config_materials'), ...filters('stock')],
};

export const suppliersBinding: CatalogBinding = {
  declaration: suppliersCatalog,
  optionConsumers: [...forms('my_orders', 'history'), ...filters('history')],
};

export const employeesBinding: CatalogBinding<typeof employeesCatalog> = {
  declaration: employeesCatalog,
  optionConsumers: forms('config_work', 'config_permissions', 'registry_office', 'registry_works'),
  hooks: {
    // Given a baja from the catalogue (the registry's bajas end them as they apply): ASVS 7.4.2.
    async afterUpdate({ tx }, before, after) {
      if (before.status === 'activo' && after.status === 'baja') await revokeEmployeeSessions(tx, after.id);
    },
  },
};

/** Movements of personnel carry the three registry statuses; their pages filter by them. */
const registryStatusConsumers = [
  ...forms('registry_office', 'registry_works', 'registry_history'),
  ...filters('registry_office', 'registry_works', 'registry_history'),
];

export const registrationStatusesBinding: CatalogBinding = { declaration: registrationStatusesCatalog, optionConsumers: registryStatusConsumers };
export const stampStatusesBinding: CatalogBinding = { declaration: stampStatusesCatalog, optionConsumers: registryStatusConsumers };
export const errorStatusesBinding: CatalogBinding = { declaration: errorStatusesCatalog, optionConsumers: registryStatusConsumers };
export const orderStatusesBinding: CatalogBinding = {
  declaration: orderStatusesCatalog,
  optionConsumers: filters('my_orders', 'history'),
};

export const CATALOG_BINDINGS: readonly CatalogBinding[] = [
  companiesBinding,
  worksBinding,
  categoriesBinding,
  subcategoriesBinding,
  iconsBinding,
  materialCategoriesBinding,
  materialsBinding,
  unitsBinding,
  suppliersBinding,
  employeesBinding,
  registrationStatusesBinding,
  orderStatusesBinding,
  stampStatusesBinding,
  errorStatusesBinding,
];
