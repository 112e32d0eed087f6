import { index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower, money } from './columns';

export const materialCategories = pgTable(
  'material_categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    description: text('description'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('material_categories_name_lower_uq').on(lower(t.name)), index('material_categories_name_fold_idx').on(t.nameFolded, t.id)],
);

export const units = pgTable(
  'units',
  {
    id: idColumn(),
    abbreviation: text('abbreviation').notNull(),
    abbreviationFolded: foldedColumn('abbreviation'),
    name: text('name').notNull(),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('units_abbreviation_lower_uq').on(lower(t.abbreviation)),
    uniqueIndex('units_name_lower_uq').on(lower(t.name)),
    index('units_abbreviation_fold_idx').on(t.abbreviationFolded, t.id),
  ],
);

export const materials = pgTable(
  'materials',
  {
    id: idColumn(),
    code: text('code').notNull(),
    codeFolded: foldedColumn('code'),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    description: text('description'),
    materialCategoryId: integer('material_category_id')
      .notNull()
      .references(() => materialCategories.id, { onDelete: 'restrict' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    referencePrice: money('reference_price'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('materials_code_lower_uq').on(lower(t.code)),
    uniqueIndex('materials_name_lower_uq').on(lower(t.name)),
    index('materials_material_category_idx').on(t.materialCategoryId),
    index('materials_unit_idx').on(t.unitId),
    index('materials_name_fold_idx').on(t.nameFolded, t.id),
    index('materials_code_fold_idx').on(t.codeFolded, t.id),
  ],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    rfc: text('rfc').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('suppliers_name_lower_uq').on(lower(t.name)),
    uniqueIndex('suppliers_rfc_lower_uq').on(lower(t.rfc)),
    index('suppliers_name_fold_idx').on(t.nameFolded, t.id),
  ],
);

/** Material categories a supplier sells (many-to-many). */
export const supplierMaterialCategories = pgTable(
  'supplier_material_categories',
  {
    id: idColumn(),
    // The links belong to the supplier and go with it; a category in use cannot be deleted.
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    materialCategoryId: integer('material_category_id')
      .notNull()
      .references(() => materialCategories.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    unique('supplier_material_categories_uq').on(t.supplierId, t.materialCategoryId),
    index('supplier_material_categories_category_idx').on(t.materialCategoryId),
  ],
);
