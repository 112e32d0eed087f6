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
import { cachedTotal } from './count-cache';
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

/** One page of a validated list query, and the number of matching rows (cached until the next write, see count-cache). */
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
  const rows =
    offset === 0
      ? source.from(executor, selection).where(where).orderBy(...orderByClause(keys)).limit(query.pageSize)
      : // A deeper page: the rows OFFSET skips are walked by ids alone (the planner drops the joins
        // nothing of the inner query reads), and only the page's rows get their columns and joins.
        source
          .from(executor, selection)
          .where(
            sql`${source.idExpr} in (${source
              .from(executor, { id: sql`${source.idExpr}` })
              .where(where)
              .orderBy(...orderByClause(keys))
              .limit(query.pageSize)
              .offset(offset)})`,
          )
          .orderBy(...orderByClause(keys));
  const count = source.from(executor, { total: sql<number>`count(*)::int` }).where(where);
  const [pageRows, total] = await Promise.all([rows, cachedTotal(executor, count)]);
  return { rows: pageRows as Record<string, unknown>[], total };
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
