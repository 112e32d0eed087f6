import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { OPTIONS_UPDATED_SINCE_UNKNOWN, type OptionChanges, type OptionsQuery } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { ValidationError } from '../errors';
import type { ResourceSource } from './source';

/*
 * The incremental refresh of a picker's rows (GET /<resource>/options?updatedSince=, docs/offline.md):
 * every row whose `updated_at` is after the instant — offered or not any more — and every row deleted
 * since (the audit log's `delete` entries: kept for good, unlike the domain events, which are purged),
 * in one order by (instant, id), so a page ends on a keyset the next one starts after. Works for every
 * resource with options, from its declaration and table: no catalogue has code of its own here.
 */

/**
 * How far before the server's clock the next refresh starts. `updated_at` is the writing
 * transaction's start (`now()`), so a write still uncommitted while a page is read carries an
 * earlier instant; reading this margin again catches it (rows read twice are the same upsert).
 */
export const OPTION_CHANGES_MARGIN_SECONDS = 120;

/** An instant at millisecond precision, as the ISO text the client sends back (timestamptz holds microseconds). */
const isoMs = (column: SQL | AnyPgColumn) => sql<string>`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface Changed {
  id: number;
  at: string;
  offered: boolean;
}

/** Rows of a page after the keyset: (instant, id) > (updatedSince, afterId), or instant > updatedSince for the first page. */
function after(at: SQL | AnyPgColumn, id: SQL | AnyPgColumn, query: OptionsQuery): SQL {
  const since = sql`${(query.updatedSince as Date).toISOString()}::timestamptz`;
  const instant = sql`date_trunc('milliseconds', ${at})`;
  return query.afterId === undefined ? sql`${instant} > ${since}` : sql`(${instant}, ${id}) > (${since}, ${query.afterId})`;
}

const byKeyset = (a: Changed, b: Changed) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id);

export interface OptionChangesInput {
  source: ResourceSource;
  auditEntity: string;
  /** The actor's option scope and the query's parent: which rows the caller may see. */
  within: SQL | undefined;
  /** What a picker offers now (active, in the filter); undefined: every row in scope. */
  offered: SQL | undefined;
}

/**
 * One page of changes: the ids still offered (the caller reads their options), the ids removed
 * (deactivated, out of the filter, deleted), the next page's keyset and the next refresh's cursor.
 */
export async function optionChanges(
  executor: Executor,
  { source, auditEntity, within, offered }: OptionChangesInput,
  query: OptionsQuery,
): Promise<{ offeredIds: number[]; hasMore: boolean; changes: OptionChanges }> {
  const updatedAt = getTableColumns(source.table).updatedAt as AnyPgColumn | undefined;
  // Every table has updated_at (schema/columns.ts auditColumns); one without cannot say what changed.
  if (!updatedAt) throw new ValidationError({ updatedSince: OPTIONS_UPDATED_SINCE_UNKNOWN });
  const limit = query.limit;
  const rows = (await source.list
    .from(executor, { id: source.idColumn, at: isoMs(updatedAt), offered: offered ? sql<boolean>`coalesce(${offered}, false)` : sql<boolean>`true` })
    .where(and(within, after(updatedAt, source.idColumn, query)))
    .orderBy(sql`date_trunc('milliseconds', ${updatedAt})`, source.idColumn)
    .limit(limit + 1)) as { id: number; at: string; offered: boolean }[];
  const deleted = await executor
    .select({ id: sql<number>`${auditLog.entityId}`, at: isoMs(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.entity, auditEntity), eq(auditLog.action, 'delete'), after(auditLog.at, auditLog.entityId, query)))
    .orderBy(sql`date_trunc('milliseconds', ${auditLog.at})`, auditLog.entityId)
    .limit(limit + 1);
  const merged = [...rows.map((r) => ({ id: Number(r.id), at: r.at, offered: r.offered === true })), ...deleted.map((r) => ({ id: Number(r.id), at: r.at, offered: false }))]
    .sort(byKeyset)
    .slice(0, limit + 1);
  const page = merged.slice(0, limit);
  const hasMore = merged.length > limit;
  const last = page.at(-1);
  const clock = await executor.execute<{ cursor: string }>(
    sql`select ${isoMs(sql`now() - make_interval(secs => ${OPTION_CHANGES_MARGIN_SECONDS}::float8)`)} as cursor`,
  );
  const cursor = clock.rows[0]?.cursor;
  if (cursor === undefined) throw new Error('The database answered no clock');
  return {
    offeredIds: page.filter((c) => c.offered).map((c) => c.id),
    hasMore,
    changes: {
      removed: page.filter((c) => !c.offered).map((c) => c.id),
      next: hasMore && last ? { updatedSince: last.at, afterId: last.id } : null,
      cursor,
    },
  };
}
