import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { tableVersions } from '../../db/schema';

/** A `select count(*) … where …` of a list, not run yet. */
export interface CountQuery extends PromiseLike<unknown[]> {
  toSQL(): { sql: string; params: unknown[] };
}

/** Distinct filters remembered at once; the oldest go first. */
const MAX_TOTALS = 500;

interface Totals {
  /** The write signature the totals are exact for. */
  signature: number;
  byQuery: Map<string, number>;
}

/** One set of totals per database (tests open several in one process). */
const cache = new WeakMap<Executor, Totals>();

/**
 * The sum of the per-table write counters (table_versions, raised by statement triggers in every
 * process that writes): any committed write to any tracked table changes it.
 */
async function writeSignature(executor: Executor): Promise<number> {
  const [row] = await executor.select({ sum: sql<string>`coalesce(sum(${tableVersions.version}), 0)` }).from(tableVersions);
  return Number(row?.sum ?? 0);
}

async function runCount(count: CountQuery): Promise<number> {
  const [row] = (await count) as { total?: number }[];
  return Number(row?.total ?? 0);
}

/**
 * A list's total without re-counting on every page: cached per count statement (filters and
 * search), valid while no table has been written since — in this process or any other. The
 * signature is read before counting, so a total is never older than the signature it is kept
 * under. Inside a transaction, which may see its own uncommitted writes, it always counts.
 */
export async function cachedTotal(executor: Executor, count: CountQuery): Promise<number> {
  if (executor instanceof PgTransaction) return runCount(count);
  const signature = await writeSignature(executor);
  let totals = cache.get(executor);
  if (!totals || totals.signature < signature) {
    totals = { signature, byQuery: new Map() };
    cache.set(executor, totals);
  }
  const statement = count.toSQL();
  const key = `${statement.sql}\u0000${JSON.stringify(statement.params)}`;
  const known = totals.signature === signature ? totals.byQuery.get(key) : undefined;
  if (known !== undefined) return known;
  const total = await runCount(count);
  // A request that read an older signature (a write landed meanwhile) keeps its total to itself.
  if (totals.signature === signature) {
    if (totals.byQuery.size >= MAX_TOTALS) totals.byQuery.delete(totals.byQuery.keys().next().value as string);
    totals.byQuery.set(key, total);
  }
  return total;
}
