import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower } from './columns';

/** Colours a status may be shown with (the contracts' SEVERITIES). */
export const STATUS_COLORS = ['success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

/**
 * The four status catalogues share one shape. `code` marks the system rows workflows depend on
 * (renamable, not deletable); at most one row is the default, and the seed / services keep exactly one.
 */
const statusCatalogue = (table: string) =>
  pgTable(
    table,
    {
      id: idColumn(),
      name: text('name').notNull(),
      nameFolded: foldedColumn('name'),
      description: text('description'),
      color: text('color').$type<StatusColor>().notNull().default('secondary'),
      sortOrder: integer('sort_order').notNull().default(0),
      isDefault: boolean('is_default').notNull().default(false),
      code: text('code'),
      active: activeColumn(),
      ...auditColumns(),
    },
    (t) => [
      uniqueIndex(`${table}_name_lower_uq`).on(lower(t.name)),
      uniqueIndex(`${table}_code_lower_uq`).on(lower(t.code)),
      uniqueIndex(`${table}_single_default_uq`).on(t.isDefault).where(sql`${t.isDefault}`),
      index(`${table}_order_idx`).on(t.sortOrder, t.nameFolded, t.id),
      check(`${table}_color_ck`, sql`${t.color} in (${sql.raw(STATUS_COLORS.map((c) => `'${c}'`).join(', '))})`),
    ],
  );

export const registrationStatuses = statusCatalogue('registration_statuses');
export const orderStatuses = statusCatalogue('order_statuses');
export const stampStatuses = statusCatalogue('stamp_statuses');
export const errorStatuses = statusCatalogue('error_statuses');
