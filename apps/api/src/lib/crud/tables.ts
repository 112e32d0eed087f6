import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceKey } from '@goc/contracts';
import { orderLines, orders, projectMembers, projects, registryCuts, registryMovements } from '../../db/schema';
import { CATALOG_LINKS, CATALOG_TABLES, type LinkTable } from './catalog-tables';

/*
 * Where every resource a reference can point at lives. Catalogues come from catalog-tables.ts; a
 * business module adds its table here when it lands, so references to it join, check and refuse
 * deletes like any catalogue's.
 */

/** Child tables of `lines` fields: one row per line, ordered by `position`, owned by `owner`. */
export interface LineTableRef {
  table: PgTable;
  owner: AnyPgColumn;
}

const BUSINESS_TABLES: Partial<Record<ResourceKey, PgTable>> = { orders, projects, registryMovements, registryCuts };

/** Line tables by resource and field, so deleting a material finds the order lines that use it. */
export const LINE_TABLES: Partial<Record<ResourceKey, Readonly<Record<string, LineTableRef>>>> = {
  orders: { lines: { table: orderLines, owner: orderLines.orderId } },
};

/** Link tables of multi-reference fields by resource and field. */
export const LINK_TABLES: Partial<Record<ResourceKey, Readonly<Record<string, LinkTable>>>> = {
  ...CATALOG_LINKS,
  projects: { memberIds: { table: projectMembers, owner: projectMembers.projectId, target: projectMembers.userId } },
};

export function resourceTable(key: ResourceKey): PgTable {
  const table = (CATALOG_TABLES as Partial<Record<ResourceKey, PgTable>>)[key] ?? BUSINESS_TABLES[key];
  if (!table) throw new Error(`resource ${key} has no table`);
  return table;
}

/** The property name drizzle uses for a column of a table (inserts take property names, not SQL names). */
export function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}
