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

/**
 * The resources of one app, as its module list declares them: built by the composition root before any
 * service and carried by the app (`app.resourceTables`), so an app built with a throw-away module (a
 * test) is the only one that sees it — another app in the same process resolves, joins and checks
 * references against its own modules alone.
 */
export interface ResourceRegistry {
  table(key: string): PgTable;
  declaration(key: string): AnyResource;
  links(key: string): Readonly<Record<string, LinkTable>>;
  lines(key: string): Readonly<Record<string, LineTableRef>>;
  /** Every registered resource, for the search of who refers to a record. */
  all(): readonly ResourceTables[];
}

export function createResourceRegistry(entries: readonly ResourceTables[]): ResourceRegistry {
  const registered = new Map<string, ResourceTables>();
  for (const entry of entries) {
    const key = entry.declaration.key;
    const known = registered.get(key);
    if (known && known.table !== entry.table) throw new Error(`resource ${key} is declared with two tables`);
    registered.set(key, entry);
  }
  const entryOf = (key: string): ResourceTables => {
    const entry = registered.get(key);
    if (!entry) throw new Error(`resource ${key} has no table: no module of the app declares it`);
    return entry;
  };
  const all = [...registered.values()];
  return {
    table: (key) => entryOf(key).table,
    declaration: (key) => entryOf(key).declaration,
    links: (key) => registered.get(key)?.links ?? {},
    lines: (key) => registered.get(key)?.lines ?? {},
    all: () => all,
  };
}

/** The property name drizzle uses for a column of a table (inserts take property names, not SQL names). */
export function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}
