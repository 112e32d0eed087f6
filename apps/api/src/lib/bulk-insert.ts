import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/*
 * Many rows in one statement with ONE parameter: the rows as a JSON array that PostgreSQL spreads
 * with jsonb_to_recordset. A multi-row VALUES of the same rows costs a bind parameter per cell — a
 * thousand audit rows are seven thousand parameters drizzle builds and the database parses one by
 * one, four times slower on PGlite than the one JSON text (bench/README.md, "Spreadsheet import").
 */

/** Rows per statement: a bounded JSON text, whatever the caller hands over. */
const ROWS_PER_STATEMENT = 1_000;

const isJson = (column: AnyPgColumn) => ['json', 'jsonb'].includes(column.getSQLType());

/** A value as the JSON record carries it: the column's driver form (money as text, a timestamp as ISO), JSON as itself. */
function jsonValue(column: AnyPgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return isJson(column) ? value : column.mapToDriverValue(value);
}

/**
 * `ROWS FROM (jsonb_to_recordset($1) AS (…)) WITH ORDINALITY AS <alias>(…, n)`: the given rows as a
 * relation of the columns' SQL names and types, numbered `n` in the order given.
 */
export function recordset(alias: string, columns: readonly AnyPgColumn[], rows: readonly (readonly unknown[])[]): SQL {
  const records = rows.map((values) => Object.fromEntries(columns.map((c, i) => [c.name, jsonValue(c, values[i])])));
  const definitions = columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`);
  const names = [...columns.map((c) => sql.identifier(c.name)), sql.identifier('n')];
  return sql`rows from (jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as (${sql.join(definitions, sql`, `)})) with ordinality as ${sql.identifier(alias)}(${sql.join(names, sql`, `)})`;
}

/** A column's SQL name in the rows being inserted (`r."material_id"`), for derived columns. */
export type RowColumn = (column: AnyPgColumn) => SQL;

/** Columns the insert computes from each row (drizzle property name → SQL over the row's columns). */
export type DerivedColumns = Readonly<Record<string, (row: RowColumn) => SQL>>;

const rowColumn: RowColumn = (column) => sql`r.${sql.identifier(column.name)}`;

export interface InsertRowsOptions {
  /** The column whose value comes back for each row. */
  returning?: AnyPgColumn;
  derived?: DerivedColumns;
}

/**
 * Inserts the rows (drizzle property names → values; a property left out takes the column's default)
 * and returns the `returning` column of each, in the order given.
 */
export async function insertRows(
  executor: Executor,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  { returning, derived = {} }: InsertRowsOptions = {},
): Promise<unknown[]> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const results = new Array<unknown>(rows.length);
  // Rows giving the same properties share a statement (a property left out must get its default, not null).
  const groups = new Map<string, number[]>();
  rows.forEach((row, index) => {
    const key = Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .sort()
      .join(',');
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  for (const [key, indexes] of groups) {
    const keys = key.split(',');
    const targets = keys.map((k) => {
      const column = columns[k];
      if (!column) throw new Error(`insertRows: ${k} is not a column`);
      return column;
    });
    const names = targets.map((c) => sql.identifier(c.name));
    const derivedTargets = Object.entries(derived).map(([k, expression]) => {
      const column = columns[k];
      if (!column) throw new Error(`insertRows: ${k} is not a column`);
      return { name: sql.identifier(column.name), value: expression(rowColumn) };
    });
    const into = sql.join([...names, ...derivedTargets.map((d) => d.name)], sql`, `);
    const selected = sql.join([...names.map((name) => sql`r.${name}`), ...derivedTargets.map((d) => d.value)], sql`, `);
    for (let start = 0; start < indexes.length; start += ROWS_PER_STATEMENT) {
      const part = indexes.slice(start, start + ROWS_PER_STATEMENT);
      const source = recordset(
        'r',
        targets,
        part.map((index) => keys.map((k) => rows[index]![k])),
      );
      const statement = sql`insert into ${table} (${into}) select ${selected} from ${source} order by r.n${returning ? sql` returning ${sql.identifier(returning.name)} as value` : sql``}`;
      // PostgreSQL inserts the rows of INSERT … SELECT … ORDER BY in that order and returns them so.
      const result = await executor.execute<{ value: unknown }>(statement);
      if (returning) result.rows.forEach((r, i) => (results[part[i]!] = r.value));
    }
  }
  return results;
}
