import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

/*
 * Rows of a status catalogue (order, registration, stamp, error statuses): every look-up of a status
 * by its code or id goes through here, so a renamed status reads its new name everywhere.
 */

export interface StatusColumns {
  id: AnyPgColumn;
  code: AnyPgColumn;
  name: AnyPgColumn;
  color: AnyPgColumn;
}

/** A status row as a workflow decides with it. */
export interface StatusRow {
  id: number;
  code: string | null;
  name: string;
}

export function statusColumns(table: PgTable): StatusColumns {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn | undefined>;
  const { id, code, name, color } = columns;
  if (!id || !code || !name || !color) throw new Error('a status table needs id, code, name and color');
  return { id, code, name, color };
}

async function statusWhere(executor: Executor, table: PgTable, column: keyof StatusColumns, value: string | number): Promise<StatusRow | null> {
  const columns = statusColumns(table);
  const [row] = await executor
    .select({ id: columns.id, code: columns.code, name: columns.name })
    .from(table)
    .where(eq(columns[column], value))
    .limit(1);
  return row ? { id: Number(row.id), code: row.code === null ? null : String(row.code), name: String(row.name) } : null;
}

/** The system status of this code. System statuses are seeded and never deleted (systemRows): a missing one is a broken database. */
export async function statusByCode(executor: Executor, table: PgTable, code: string): Promise<StatusRow & { code: string }> {
  const row = await statusWhere(executor, table, 'code', code);
  if (!row) throw new Error(`status ${code} is missing from its catalogue`);
  return { ...row, code };
}

/**
 * The id of the system status of this code as SQL the write's own statement evaluates (a record's
 * first status): no look-up of its own. A missing one is a broken database, refused by the column's
 * NOT NULL.
 */
export function statusIdByCode(table: PgTable, code: string): SQL {
  const columns = statusColumns(table);
  return sql`(select ${columns.id} from ${table} where ${columns.code} = ${code})`;
}

/** The status of this id, or null (a client's choice, to be refused in the caller's words). */
export function statusById(executor: Executor, table: PgTable, id: number): Promise<StatusRow | null> {
  return statusWhere(executor, table, 'id', id);
}

/** The code of a status reference as an entity carries it (`{ id, code, name, … }`), or null. */
export function statusCodeOf(value: unknown): string | null {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string' ? value.code : null;
}

/** Every coded status's id by code, for bulk writers (the demo data). */
export async function statusIdsByCode(executor: Executor, table: PgTable): Promise<ReadonlyMap<string, number>> {
  const columns = statusColumns(table);
  const rows = await executor.select({ id: columns.id, code: columns.code }).from(table);
  return new Map(rows.filter((r) => r.code !== null).map((r) => [String(r.code), Number(r.id)]));
}
