import { inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { tableVersions } from '../../db/schema';

/** A `select count(*) … where …` of a list, not run yet. */
export interface CountQuery extends PromiseLike<unknown[]> {
  toSQL(): CountStatement;
}

/** Its SQL text and parameters: what its total is cached under. */
export interface CountStatement {
  sql: string;
  params: unknown[];
}

/** A statement's text and parameters as one key: what is cached about the list it reads is kept under it. */
export const statementKey = ({ sql, params }: CountStatement): string => `${sql}\u0000${JSON.stringify(params)}`;

/** Distinct filters remembered at once; the oldest go first. */
const MAX_TOTALS = 500;

interface Known {
  /** The write signature of the tables the count reads, when it was counted. */
  signature: number;
  total: number;
}

interface Tables {
  /** Every table of the schema, by name. */
  all: ReadonlySet<string>;
  /** The tables whose writes raise their counter in table_versions (statement triggers). */
  tracked: ReadonlySet<string>;
}

/** One set of totals per database (tests open several in one process). */
const totals = new WeakMap<Executor, Map<string, Known>>();
const schemas = new WeakMap<Executor, Promise<Tables>>();

/** The schema's tables and which of them raise a write counter; read once per database. */
function tablesOf(executor: Executor): Promise<Tables> {
  let known = schemas.get(executor);
  if (!known) {
    known = executor
      .execute<{ name: string; tracked: boolean }>(
        sql`select c.relname as name,
                   exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_bump_table_version') as tracked
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind = 'r'`,
      )
      .then(({ rows }) => ({ all: new Set(rows.map((r) => r.name)), tracked: new Set(rows.filter((r) => r.tracked).map((r) => r.name)) }));
    known.catch(() => schemas.delete(executor));
    schemas.set(executor, known);
  }
  return known;
}

/**
 * The tables a statement reads: every quoted identifier that names a table (the SQL builder quotes
 * them all). A column that happens to share a table's name only adds a table, which can make a total
 * be counted again, never be stale. Null when it reads a table whose writes are not counted.
 */
function readTables(statement: string, tables: Tables): string[] | null {
  const names = new Set<string>();
  for (const [, name] of statement.matchAll(/"([^"]+)"/g)) if (name && tables.all.has(name)) names.add(name);
  for (const name of names) if (!tables.tracked.has(name)) return null;
  return [...names];
}

/** The sum of the write counters of `names` (raised in every process that writes them). */
async function writeSignature(executor: Executor, names: string[]): Promise<number> {
  const [row] = await executor
    .select({ sum: sql<string>`coalesce(sum(${tableVersions.version}), 0)` })
    .from(tableVersions)
    .where(inArray(tableVersions.tableName, names));
  return Number(row?.sum ?? 0);
}

async function runCount(count: CountQuery): Promise<number> {
  const [row] = (await count) as { total?: number }[];
  return Number(row?.total ?? 0);
}

/**
 * The write signature of the tables a list's count statement reads (its own and those of its
 * references), in this process or any other; null when nothing about the list may be cached: inside
 * a transaction, which may see its own uncommitted writes, or when it reads a table whose writes are
 * not counted. Read before the list's statements, so what is kept under it is never older than it.
 */
export async function listSignature(executor: Executor, countStatement: CountStatement): Promise<number | null> {
  if (executor instanceof PgTransaction) return null;
  const names = readTables(countStatement.sql, await tablesOf(executor));
  if (!names || names.length === 0) return null;
  return writeSignature(executor, names);
}

/**
 * A list's total without re-counting on every page: cached per count statement (filters and
 * search), valid while the list's signature (listSignature) stays the same.
 */
export async function cachedTotal(executor: Executor, count: CountQuery, statement: CountStatement, signature: number | null): Promise<number> {
  if (signature === null) return runCount(count);
  let byQuery = totals.get(executor);
  if (!byQuery) {
    byQuery = new Map();
    totals.set(executor, byQuery);
  }
  const key = statementKey(statement);
  const known = byQuery.get(key);
  if (known && known.signature === signature) return known.total;
  const total = await runCount(count);
  // A total counted under an older signature than one already kept (a write landed meanwhile) is not kept.
  if (!known || known.signature < signature) {
    byQuery.delete(key);
    if (byQuery.size >= MAX_TOTALS) byQuery.delete(byQuery.keys().next().value as string);
    byQuery.set(key, { signature, total });
  }
  return total;
}
