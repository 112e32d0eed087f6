import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import {
  listQueryIssuesToFields,
  validateListQuery,
  type ListFieldSpec,
  type ListQuery,
  type SortEntry,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { ValidationError } from '../errors';
import { cachedTotal, listSignature, statementKey } from './count-cache';
import { knownPageStart, rememberPageStarts, type PageStart } from './page-starts';
import type { ListField } from './fields';
import { filtersCondition, searchCondition } from './filters';
import { keysetAfter, keysetSelection, keysetValues, orderByClause, sortKeys, type SortKey } from './sort';

/** A listable resource: its fields, its allowlist, and how to select from it with the joins its fields use. */
export interface ListSource {
  fields: ReadonlyMap<string, ListField>;
  /** The allowlist the query is validated against (a catalogue's `listFields`). */
  specs: readonly ListFieldSpec[];
  idExpr: SQLWrapper;
  /** Used when the request has no `sort`. */
  defaultSort: readonly SortEntry[];
  /** `select <selection> from <resource> <joins>`, ready for where / order / limit. */
  from(executor: Executor, selection: SelectedFields): PgSelect;
  /** Rows the caller may see at all (a view's scope), ANDed with every query. */
  scope?: SQL | undefined;
}

/** Unknown fields, modes that do not apply, values of the wrong type → 400 with Spanish messages, never ignored. */
export function assertValidListQuery(query: Pick<ListQuery, 'filters' | 'sort'>, specs: readonly ListFieldSpec[]): void {
  const issues = validateListQuery(query, specs);
  if (issues.length > 0) throw new ValidationError(listQueryIssuesToFields(issues), issues[0]?.message);
}

/** scope AND filters AND q. */
export function listCondition(source: ListSource, query: Pick<ListQuery, 'filters' | 'q'>): SQL | undefined {
  return and(source.scope, filtersCondition(query.filters, source.fields), searchCondition(query.q, [...source.fields.values()]));
}

function keysFor(source: ListSource, sort: readonly SortEntry[]): SortKey[] {
  return sortKeys(sort.length > 0 ? sort : source.defaultSort, source.fields, source.idExpr);
}

export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/** The sort-key columns selected beside a page's rows (keysetSelection), taken off before the rows go out. */
function withoutKeys(row: Record<string, unknown>, keys: readonly SortKey[]): Record<string, unknown> {
  for (let i = 0; i < keys.length; i += 1) delete row[`__k${i}`];
  return row;
}

/**
 * One page of a validated list query, and the number of matching rows (cached until the next write,
 * see count-cache). A page whose start is known (page-starts: the same page or the one after it was
 * served since the list's tables were last written) is a seek from that start. Any other deeper page
 * walks the rows OFFSET skips by ids alone (the planner drops the joins nothing of the inner query
 * reads), one row early so that the row before the page tells where it starts, and only the page's
 * rows get their columns and joins.
 */
export async function runList(
  executor: Executor,
  source: ListSource,
  query: ListQuery,
  selection: SelectedFields,
): Promise<ListPage<Record<string, unknown>>> {
  assertValidListQuery(query, source.specs);
  const where = listCondition(source, query);
  const keys = keysFor(source, query.sort);
  const offset = (query.page - 1) * query.pageSize;
  const count = source.from(executor, { total: sql<number>`count(*)::int` }).where(where);
  const countStatement = count.toSQL();
  const signature = await listSignature(executor, countStatement);
  // The list is its count's statement (tables, joins, filters, view) in its order: no second statement built per request.
  const cache = signature === null ? null : { signature, key: `${statementKey(countStatement)}\u0000${JSON.stringify(query.sort)}` };
  const start = offset > 0 && cache ? knownPageStart(executor, cache.key, cache.signature, offset) : undefined;
  const withKeys = { ...selection, ...keysetSelection(keys) };

  const readPage = async (): Promise<{ rows: Record<string, unknown>[]; before?: Record<string, unknown> }> => {
    if (offset === 0 || start) {
      const rows = await source
        .from(executor, withKeys)
        .where(and(where, start && keysetAfter(keys, start)))
        .orderBy(...orderByClause(keys))
        .limit(query.pageSize);
      return { rows: rows as Record<string, unknown>[] };
    }
    const [before, ...rows] = (await source
      .from(executor, withKeys)
      .where(
        sql`${source.idExpr} in (${source
          .from(executor, { id: sql`${source.idExpr}` })
          .where(where)
          .orderBy(...orderByClause(keys))
          .limit(query.pageSize + 1)
          .offset(offset - 1)})`,
      )
      .orderBy(...orderByClause(keys))) as Record<string, unknown>[];
    return { rows, before };
  };
  const [{ rows, before }, total] = await Promise.all([readPage(), cachedTotal(executor, count, countStatement, signature)]);

  if (cache) {
    const found = new Map<number, PageStart>();
    if (before) found.set(offset, keysetValues(keys, before));
    const last = rows[rows.length - 1];
    if (last && rows.length === query.pageSize) found.set(offset + query.pageSize, keysetValues(keys, last));
    rememberPageStarts(executor, cache.key, cache.signature, found);
  }
  return { rows: rows.map((row) => withoutKeys(row, keys)), total };
}

export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every row matching the query, in its order, in batches (keyset pagination). Each batch is its own
 * short query, so other requests interleave and memory stays bounded whatever the row count.
 */
export async function* streamList(
  executor: Executor,
  source: ListSource,
  query: Pick<ListQuery, 'filters' | 'sort' | 'q'>,
  selection: SelectedFields,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Record<string, unknown>[]> {
  assertValidListQuery(query, source.specs);
  const where = listCondition(source, query);
  const keys = keysFor(source, query.sort);
  const withKeys = { ...selection, ...keysetSelection(keys) };
  let after: SQL | undefined;
  for (;;) {
    const batch = (await source
      .from(executor, withKeys)
      .where(and(where, after))
      .orderBy(...orderByClause(keys))
      .limit(batchSize)) as Record<string, unknown>[];
    if (batch.length > 0) yield batch;
    const last = batch[batch.length - 1];
    if (batch.length < batchSize || !last) return;
    after = keysetAfter(keys, keysetValues(keys, last));
  }
}
