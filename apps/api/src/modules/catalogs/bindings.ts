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
  type ModuleName,
  type PermissionRequirement,
} from '@goc/contracts';
import { works, workTotals } from '../../db/schema';
import type { CatalogBinding } from '../../lib/crud/types';
import { revokeEmployeeSessions } from '../../lib/sessions';

/*
 * The fifteen configuration catalogues. Fields, validation, labels, uniqueness, references, system
 * rows and the single default all come from the contracts declarations; what is left to say here is
 * which other catalogues' pages read each catalogue's /options (their forms pick from it). Other
 * modules' forms and filters say so in their own manifests (`options`, lib/option-readers.ts).
 */

/** Catalogue pages whose create / edit forms have the picker. */
const forms = (...modules: ModuleName[]): PermissionRequirement[] =>
  modules.flatMap((module) => [
    { module, action: 'create' as const },
    { module, action: 'edit' as const },
  ]);

export const companiesBinding: CatalogBinding = {
  declaration: companiesCatalog,
  optionConsumers: forms('config_work', 'config_employees'),
};

/** A work's committed amount as the database keeps it (work_totals, migration 0019). */
const workCommitted = sql`coalesce((select ${workTotals.committed} from ${workTotals} where ${workTotals.workId} = ${works.id}), 0)`;

export const worksBinding: CatalogBinding = {
  declaration: worksCatalog,
  computed: { committed: workCommitted, available: sql`(${works.budget} - ${workCommitted})` },
  optionConsumers: forms('config_employees'),
};

export const categoriesBinding: CatalogBinding = {
  declaration: categoriesCatalog,
  optionConsumers: forms('config_work', 'config_subcategory'),
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

export const materialsBinding: CatalogBinding = { declaration: materialsCatalog };

export const unitsBinding: CatalogBinding = {
  declaration: unitsCatalog,
  optionConsumers: forms('config_materials'),
};

export const suppliersBinding: CatalogBinding = { declaration: suppliersCatalog };

export const employeesBinding: CatalogBinding<typeof employeesCatalog> = {
  declaration: employeesCatalog,
  optionConsumers: forms('config_work'),
  hooks: {
    // Given a baja from the catalogue (the registry's bajas end them as they apply): ASVS 7.4.2.
    async afterUpdate({ tx }, before, after) {
      if (before.status === 'activo' && after.status === 'baja') await revokeEmployeeSessions(tx, after.id);
    },
  },
};

export const registrationStatusesBinding: CatalogBinding = { declaration: registrationStatusesCatalog };
export const stampStatusesBinding: CatalogBinding = { declaration: stampStatusesCatalog };
export const errorStatusesBinding: CatalogBinding = { declaration: errorStatusesCatalog };
export const orderStatusesBinding: CatalogBinding = { declaration: orderStatusesCatalog };

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
