import { sql, type SQL } from 'drizzle-orm';
import { boolean, integer, numeric, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Identity primary key shared by every table. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/**
 * created_at / updated_at / version of every table (docs/product.md "Domain model").
 * `version` backs optimistic concurrency: writers compare and increment it.
 */
export const auditColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  version: integer('version').notNull().default(1),
});

/** Catalogue rows are deactivated rather than deleted when others still use them. */
export const activeColumn = () => boolean('active').notNull().default(true);

/** Money in MXN: numeric(14,2), read as a string so no cent is lost to floating point. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Expression for case-insensitive unique indexes. */
export const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

/**
 * `<column>_folded`: goc_fold(column) stored by PostgreSQL. Lists filter and sort on the folded text;
 * reading it from the row instead of folding every candidate row at query time is what keeps them fast
 * (bench finding 1). lib/list finds it by that name and uses it wherever goc_fold(column) would be.
 */
export const foldedColumn = (columnName: string) =>
  text(`${columnName}_folded`).generatedAlwaysAs(sql`goc_fold(${sql.identifier(columnName)})`);
