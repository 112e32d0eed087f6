import { index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower } from './columns';

/** PrimeIcons classes offered to categories (config_icons). */
export const icons = pgTable(
  'icons',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    value: text('value').notNull(),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('icons_name_lower_uq').on(lower(t.name)),
    uniqueIndex('icons_value_lower_uq').on(lower(t.value)),
    index('icons_name_fold_idx').on(t.nameFolded, t.id),
  ],
);

/** Business lines of the group (config_categories); /negocios groups works by them. */
export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    description: text('description'),
    iconId: integer('icon_id').references(() => icons.id, { onDelete: 'restrict' }),
    color: text('color'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('categories_name_lower_uq').on(lower(t.name)),
    index('categories_icon_idx').on(t.iconId),
    index('categories_name_fold_idx').on(t.nameFolded, t.id),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    // Names are unique within their category ("Casa habitación" may exist under two lines).
    uniqueIndex('subcategories_category_name_lower_uq').on(t.categoryId, lower(t.name)),
    // Target of works' composite FK, which guarantees a work's subcategory belongs to its category.
    unique('subcategories_id_category_uq').on(t.id, t.categoryId),
    index('subcategories_category_idx').on(t.categoryId),
    index('subcategories_name_fold_idx').on(t.nameFolded, t.id),
  ],
);
