import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource } from '@goc/contracts';

/** A multi-reference field stored in a link table: one row per (owner, target). */
export interface LinkTable {
  table: PgTable;
  owner: AnyPgColumn;
  target: AnyPgColumn;
}

/** Child tables of `lines` fields: one row per line, owned by `owner`. */
export interface LineTableRef {
  table: PgTable;
  owner: AnyPgColumn;
}

/**
 * Where a resource lives, as its module's manifest declares it: what lets a reference to it join its
 * table, a write check it, and a delete of a row find who uses it, without any per-resource SQL.
 */
export interface ResourceTables {
  declaration: AnyResource;
  table: PgTable;
  /** Link tables of its multi-reference fields, by field. */
  links?: Readonly<Record<string, LinkTable>>;
  /** Tables of its `lines` fields, by field. */
  lines?: Readonly<Record<string, LineTableRef>>;
}

/*
 * Filled by the composition root from the module list before any service is built. Process-wide
 * because the declarations are: a key always names the same table, so a second app built in the same
 * process (the tests) registers the same entries again and a clash is a programming error.
 */
const registered = new Map<string, ResourceTables>();

export function registerResourceTables(entries: readonly ResourceTables[]): void {
  for (const entry of entries) {
    const key = entry.declaration.key;
    const known = registered.get(key);
    if (known && known.table !== entry.table) throw new Error(`resource ${key} is declared with two tables`);
    registered.set(key, entry);
  }
}

function entryOf(key: string): ResourceTables {
  const entry = registered.get(key);
  if (!entry) throw new Error(`resource ${key} has no table: no module of the app declares it`);
  return entry;
}

export function resourceTable(key: string): PgTable {
  return entryOf(key).table;
}

export function resourceDeclaration(key: string): AnyResource {
  return entryOf(key).declaration;
}

export function linkTables(key: string): Readonly<Record<string, LinkTable>> {
  return registered.get(key)?.links ?? {};
}

export function lineTables(key: string): Readonly<Record<string, LineTableRef>> {
  return registered.get(key)?.lines ?? {};
}

/** Every registered resource, for the search of who refers to a record. */
export function registeredResources(): readonly ResourceTables[] {
  return [...registered.values()];
}

/** The property name drizzle uses for a column of a table (inserts take property names, not SQL names). */
export function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}
