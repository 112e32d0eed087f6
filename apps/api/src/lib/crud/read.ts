import { and, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  allowedViews,
  allows,
  OPTION_FILTER_UNKNOWN,
  optionFilterValueMessage,
  type HistoryEntry,
  type ListQuery,
  type ListResponse,
  type OptionPage,
  type OptionsQuery,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { auditLog, employees, recordTimeline, users } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../errors';
import { textMatch } from '../list/filters';
import { assertValidListQuery, runList, streamList } from '../list/query';
import { orderByClause, sortKeys } from '../list/sort';
import type { ResourceContext } from './context';
import { optionChanges } from './option-changes';
import { historyLabels } from './history-labels';
import { userDisplay, userDisplayColumns } from './people';
import { readPermission, viewsCondition } from './scope';
import type { Entity } from './source';
import { loadTimeline } from './transitions';
import type { Actor } from './types';

/*
 * The reads of a resource: scope, get and find (by the prepared by-id statement), lists, exports,
 * pickers, history and timeline. Entities are plain records here; service.ts types them.
 */

/** The list query of a resource with views: which one is asked for. */
export type ScopedListQuery = ListQuery & { scope?: string };

export function createReads(context: ResourceContext) {
  const { resource, binding, hooks, source, auditEntity, notFound } = context;

  /**
   * Rows the actor may reach: the requested view's (403 when the actor may not open it), or for a
   * single record the union of every view the actor may open. Undefined: no restriction.
   */
  function scopeOf(actor: Actor, view?: string): SQL | undefined {
    if (!resource.views) return undefined;
    const names = view === undefined ? allowedViews(resource, actor) : [view];
    const usable = names.filter((name) => {
      const declared = resource.views?.[name];
      return declared !== undefined && allows(actor, { module: declared.module, action: declared.action ?? 'view' });
    });
    if (usable.length === 0) throw new ForbiddenError();
    return viewsCondition(binding.views, usable, actor);
  }

  /**
   * Rows a picker offers: those of every view the actor may open; a consumer who opens none (an
   * order form picking a project) gets the first, default view's rows — never more than a reader.
   */
  function optionScope(actor: Actor): SQL | undefined {
    if (!resource.views || !binding.views) return undefined;
    const opened = allowedViews(resource, actor);
    return viewsCondition(binding.views, opened.length > 0 ? opened : Object.keys(resource.views).slice(0, 1), actor);
  }

  async function complete(executor: Executor, entities: Entity[]): Promise<Entity[]> {
    await source.complete(executor, entities);
    await hooks.decorate?.(executor, entities);
    return entities;
  }

  /**
   * The unscoped read by id, the statement every form opens with and every write reads its record back
   * by: built once and run under a name, so neither drizzle nor PostgreSQL build or plan it again.
   */
  const findById = keptSelect(`goc_find_${resource.key}`, (executor) =>
    source.list.from(executor, source.recordSelection).where(eq(source.idColumn, sql.placeholder('id'))).limit(1),
  );
  function rowById(executor: Executor, id: number, scope: SQL | undefined) {
    if (scope !== undefined) return source.list.from(executor, source.recordSelection).where(and(eq(source.idColumn, id), scope)).limit(1);
    return findById(executor, { id });
  }

  /** One record within the actor's scope (null actor: the mechanism's own reads), or null. */
  async function find(executor: Executor, actor: Actor | null, id: number): Promise<Entity | null> {
    const scope = actor ? scopeOf(actor) : undefined;
    const [row] = await rowById(executor, id, scope);
    if (!row) return null;
    const [entity] = await complete(executor, [source.recordEntity(row as Record<string, unknown>)]);
    return entity ?? null;
  }

  /** The records of these ids within the actor's scope (missing ones are left out), in no particular order. */
  async function findMany(executor: Executor, actor: Actor | null, ids: readonly number[]): Promise<Entity[]> {
    if (ids.length === 0) return [];
    const scope = actor ? scopeOf(actor) : undefined;
    const rows = await source.list.from(executor, source.selection).where(and(inArray(source.idColumn, [...ids]), scope));
    return complete(executor, rows.map((r) => source.toEntity(r as Record<string, unknown>)));
  }

  /**
   * The record when the actor may open it as GET /:id would (the read permission, then the views'
   * scope), or null: what decides whether someone may be told about it (notifications).
   */
  async function readable(executor: Executor, actor: Actor, id: number): Promise<Entity | null> {
    if (!readPermission(resource, binding).some((requirement) => allows(actor, requirement))) return null;
    try {
      return await find(executor, actor, id);
    } catch (error) {
      if (error instanceof ForbiddenError) return null;
      throw error;
    }
  }

  async function get(executor: Executor, actor: Actor | null, id: number): Promise<Entity> {
    const entity = await find(executor, actor, id);
    if (!entity) throw notFound();
    return entity;
  }

  /** The view's rows, narrowed further by `within` (a module's sub-list: the movements of one cut). */
  const scopedSource = (actor: Actor, view: string | undefined, within: SQL | undefined) => ({ ...source.list, scope: and(scopeOf(actor, view), within) });

  async function list(executor: Executor, actor: Actor, query: ScopedListQuery, within?: SQL): Promise<ListResponse<Entity>> {
    const scoped = scopedSource(actor, query.scope, within);
    const { rows, total } = await runList(executor, scoped, query, source.selection);
    const items = await complete(executor, rows.map((r) => source.toEntity(r)));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Every matching entity in list order, in batches (exports). The view and the query are checked
   * now, before the caller sends its first byte; the rows are read as the batches are consumed.
   */
  function exportBatches(
    executor: Executor,
    actor: Actor,
    query: Pick<ScopedListQuery, 'filters' | 'sort' | 'q' | 'scope'>,
    within?: SQL,
  ): AsyncGenerator<Entity[]> {
    const scoped = scopedSource(actor, query.scope, within);
    assertValidListQuery(query, scoped.specs);
    return (async function* () {
      for await (const rows of streamList(executor, scoped, query, source.selection)) {
        yield await complete(executor, rows.map((r) => source.toEntity(r)));
      }
    })();
  }

  /** `filter`: rows whose declared filter field holds one of the values (400 for an undeclared filter or value). */
  function optionFilter(values: readonly string[] | undefined): SQL | undefined {
    if (!values) return undefined;
    const name = resource.optionExtras.filter;
    const field = name ? resource.fields.find((f) => f.name === name) : undefined;
    const column = name ? source.columns.get(name) : undefined;
    if (!field || !column) throw new ValidationError({ filter: OPTION_FILTER_UNKNOWN });
    const unknown = values.find((v) => !field.options?.some((o) => o.value === v));
    if (unknown !== undefined) throw new ValidationError({ filter: optionFilterValueMessage(unknown) });
    return inArray(column, [...values]);
  }

  /**
   * Picker options, within the actor's option scope: with `ids`, exactly those rows (active or not:
   * the values a form holds); otherwise a bounded page of active rows whose label contains every word
   * of `q` (and, with `filter`, whose declared filter field is one of its values), each word matched
   * on the stored folded column of each label part (their trigram indexes), in the resource's default order.
   */
  async function options(executor: Executor, actor: Actor, query: OptionsQuery): Promise<OptionPage> {
    if (query.updatedSince !== undefined) return optionChangesPage(executor, actor, query);
    const { icon, color, parentId, detail, amount } = resource.optionExtras;
    const extra: Record<string, SQLWrapper> = {};
    if (icon) extra.icon = source.columns.get(icon) as AnyPgColumn;
    if (amount) extra.amount = source.columns.get(amount) as AnyPgColumn;
    if (color) extra.color = source.columns.get(color) as AnyPgColumn;
    if (parentId) extra.parentId = source.columns.get(parentId) as AnyPgColumn;
    if (resource.systemRows) extra.code = source.columns.get(resource.systemRows.codeField) as AnyPgColumn;
    const detailField = detail ? source.list.fields.get(detail) : undefined;
    // A reference detail reads the joined row's label (a material's unit), any other field its value.
    if (detailField) extra.detail = detailField.kind === 'reference' ? detailField.labelExpr : 'expr' in detailField ? detailField.expr : sql`null`;
    const words = (query.q ?? '').split(/\s+/).filter((w) => w !== '');
    const parentColumn = parentId ? source.columns.get(parentId) : undefined;
    const where = query.ids
      ? and(inArray(source.idColumn, query.ids), optionScope(actor))
      : and(
          optionScope(actor),
          source.activeColumn ? eq(source.activeColumn, true) : undefined,
          // A word never spans the label's separator: it is in one part or another, and each part has its index.
          ...words.map((word) => or(...source.labelFoldedParts.map((part) => textMatch(part, 'contains', word)))),
          query.parentId !== undefined && parentColumn ? eq(parentColumn, query.parentId) : undefined,
          optionFilter(query.filter),
        );
    const limit = query.ids ? query.ids.length : query.limit;
    const keys = sortKeys(resource.defaultSort, source.list.fields, source.idColumn);
    const rows = (await source.list
      .from(executor, { value: source.idColumn, label: source.label, ...extra })
      .where(where)
      .orderBy(...orderByClause(keys))
      .limit(limit + 1)) as Record<string, unknown>[];
    return {
      items: rows.slice(0, limit).map((r) => ({
        value: Number(r.value),
        label: typeof r.label === 'string' ? r.label : '',
        ...(typeof r.icon === 'string' ? { icon: r.icon } : {}),
        ...(typeof r.color === 'string' ? { color: r.color } : {}),
        ...(r.parentId !== null && r.parentId !== undefined ? { parentId: Number(r.parentId) } : {}),
        ...(r.detail !== null && r.detail !== undefined ? { detail: String(r.detail) } : {}),
        // numeric arrives as a string
        ...(r.amount !== null && r.amount !== undefined ? { amount: Number(r.amount) } : {}),
        ...(typeof r.code === 'string' ? { code: r.code } : {}),
      })),
      hasMore: rows.length > limit,
    };
  }

  /**
   * The incremental refresh (`updatedSince`): the rows changed since, within the option scope (and
   * parent); those a picker still offers (active, in the filter) come as options, the others as
   * `changes.removed`.
   */
  async function optionChangesPage(executor: Executor, actor: Actor, query: OptionsQuery): Promise<OptionPage> {
    const parentColumn = resource.optionExtras.parentId ? source.columns.get(resource.optionExtras.parentId) : undefined;
    const within = and(optionScope(actor), query.parentId !== undefined && parentColumn ? eq(parentColumn, query.parentId) : undefined);
    const offered = and(source.activeColumn ? eq(source.activeColumn, true) : undefined, optionFilter(query.filter));
    const { offeredIds, hasMore, changes } = await optionChanges(executor, { source, auditEntity, within, offered }, query);
    const { items } = offeredIds.length > 0 ? await options(executor, actor, { ids: offeredIds, limit: offeredIds.length }) : { items: [] };
    return { items, hasMore, changes };
  }

  /**
   * The comment of the status change an audit entry made: its timeline row, written by the same
   * statement (record-change.ts), so at the same transaction time — older rows included.
   */
  const timelineComment = sql<string | null>`(select ${recordTimeline.comment} from ${recordTimeline}
    where ${recordTimeline.entity} = ${auditLog.entity} and ${recordTimeline.entityId} = ${auditLog.entityId} and ${recordTimeline.at} = ${auditLog.at}
    order by ${recordTimeline.id} limit 1)`;

  /**
   * Audit entries of one record within the actor's scope, newest first, with who made them, the
   * labels of what they reference and the comment of a status change.
   */
  async function history(executor: Executor, actor: Actor, id: number): Promise<HistoryEntry[]> {
    if (resource.views && !(await find(executor, actor, id))) throw notFound();
    const rows = await executor
      .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, changes: auditLog.changes, comment: timelineComment, ...userDisplayColumns })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(auditLog.entity, auditEntity), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
    const labels = await historyLabels(executor, source.registry, resource, rows.map((r) => r.changes ?? {}));
    return rows.map((r, index) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      user: userDisplay(r),
      changes: r.changes ?? {},
      labels: labels[index] ?? {},
      comment: r.comment,
    }));
  }

  /** The status changes of a record, oldest first (GET /:id adds them as `timeline`). */
  async function timeline(executor: Executor, id: number) {
    if (!binding.workflow) return [];
    return loadTimeline(executor, auditEntity, binding.workflow.statusTable, id);
  }

  return { scopeOf, find, findMany, readable, get, list, exportBatches, options, history, timeline };
}

export type ResourceReads = ReturnType<typeof createReads>;
