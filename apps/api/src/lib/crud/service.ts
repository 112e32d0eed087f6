import { and, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgTransaction, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  allowedViews,
  allows,
  checkCatalogRules,
  MESSAGES,
  notFoundMessage,
  OPTION_FILTER_UNKNOWN,
  optionFilterValueMessage,
  systemRowMessage,
  type AnyResource,
  type HistoryEntry,
  type ListQuery,
  type ListResponse,
  type OptionPage,
  type OptionsQuery,
  type PermissionRequirement,
  type WriteWarnings,
} from '@goc/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { auditLog, employees, recordTimeline, users, type AuditChanges } from '../../db/schema';
import { diffChanges, recordAudit } from '../audit';
import { writeEvent } from '../events/outbox';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorInfo } from '../db-errors';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { textMatch } from '../list/filters';
import { assertValidListQuery, runList, streamList } from '../list/query';
import { lockSingleDefault } from './single-default';
import { orderByClause, sortKeys } from '../list/sort';
import { checkReferences, checkUnique, duplicateFromConstraint, entityLabel, type WriteState } from './checks';
import { defaultDeleteMessage, defaultRequiredMessage, referencedFallbackMessage } from './messages';
import { countUses, inUseRefusal, resourceReferrers } from './referrers';
import { historyLabels } from './history-labels';
import { userDisplay, userDisplayColumns } from './people';
import { nextInSequence } from './sequences';
import { resourceSource, type Entity } from './source';
import { columnKey } from './tables';
import { createBatchWrites } from './batch';
import { loadTimeline, transitionWork, type TransitionInput } from './transitions';
import type { Actor, Input, ResourceBinding, ResourceHooks, WriteContext } from './types';

export interface SavedRecord {
  entity: Entity;
  warnings: WriteWarnings;
}

/** The list query of a resource with views: which one is asked for. */
export type ScopedListQuery = ListQuery & { scope?: string };

/** What a guarded update changes, decided inside its transaction from the row as it is. */
export interface GuardedChange {
  /** Column values to set (version and updatedAt are the primitive's). */
  values: Record<string, unknown>;
  /** Audit changes beyond the columns and lines (a role's matrix, received quantities). */
  changes?: AuditChanges;
  /** A status change to add to the record's timeline (the event is then `record.transitioned`). */
  timeline?: { fromStatusId: number | null; toStatusId: number; comment: string | null };
  /**
   * A status change of a resource without a declared workflow (a cut closing), by status code: the
   * event is `record.transitioned` with these codes instead of `record.updated`.
   */
  transition?: { from: string | null; to: string | null };
  /** Work after the row is updated (lines, link tables), returning more audit changes. */
  after?(tx: Tx, id: number): Promise<AuditChanges | void>;
}

/** Any flag on a module of the resource's views (or on its module when it has none) opens its reads. */
export function readPermission(resource: AnyResource, binding: ResourceBinding): PermissionRequirement[] {
  const modules = resource.views ? Object.values(resource.views).map((v) => v.module) : [resource.module];
  return [...[...new Set(modules)].map((module): PermissionRequirement => ({ module, action: 'view' })), ...(binding.readers ?? [])];
}

/** The rows of the named views for an actor, or undefined when one of them shows every row. */
export function viewsCondition(views: ResourceBinding['views'], names: readonly string[], actor: Actor): SQL | undefined {
  const conditions = names.map((name) => views?.[name]?.(actor));
  if (conditions.some((c) => c === undefined)) return undefined;
  return or(...(conditions as SQL[]));
}

/** The list / read / write operations of one resource, all derived from its declaration and binding. */
export function createResourceService<R extends AnyResource>(typed: ResourceBinding<R>) {
  // Inside the mechanism entities are plain records; hooks see them typed (types.ts).
  const binding = typed as unknown as ResourceBinding;
  const resource = binding.declaration;
  const hooks: ResourceHooks = binding.hooks ?? {};
  const source = resourceSource(binding);
  const referrers = [...resourceReferrers(resource), ...(binding.referrers ?? [])];
  const auditEntity = resource.key;
  const storedFields = resource.fields
    .filter((f) => source.columns.has(f.name) || f.type === 'multiReference' || f.type === 'lines')
    .map((f) => f.name);
  const writableColumns = resource.fields.filter((f) => f.form !== 'readOnly' && source.columns.has(f.name));
  const singleDefault = resource.singleDefault?.field;
  const defaultColumn = singleDefault ? source.columns.get(singleDefault) : undefined;
  const notFound = () => new NotFoundError(notFoundMessage(resource.nouns));

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
   * The unscoped read by id outside a transaction, the statement every form opens with: built once per
   * database and prepared under a name, so neither drizzle nor PostgreSQL parse and plan it again.
   */
  const preparedFind = new WeakMap<Executor, { execute(values: { id: number }): Promise<unknown[]> }>();
  function rowById(executor: Executor, id: number, scope: SQL | undefined) {
    if (scope !== undefined || executor instanceof PgTransaction) {
      return source.list.from(executor, source.selection).where(and(eq(source.idColumn, id), scope)).limit(1);
    }
    let prepared = preparedFind.get(executor);
    if (!prepared) {
      const query = source.list.from(executor, source.selection).where(eq(source.idColumn, sql.placeholder('id'))).limit(1);
      prepared = query.prepare(`goc_find_${resource.key}`);
      preparedFind.set(executor, prepared);
    }
    return prepared.execute({ id });
  }

  /** One record within the actor's scope (null actor: the mechanism's own reads), or null. */
  async function find(executor: Executor, actor: Actor | null, id: number): Promise<Entity | null> {
    const scope = actor ? scopeOf(actor) : undefined;
    const [row] = await rowById(executor, id, scope);
    if (!row) return null;
    const [entity] = await complete(executor, [source.toEntity(row as Record<string, unknown>)]);
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

  /**
   * Picker options, within the actor's option scope: with `ids`, exactly those rows (active or not:
   * the values a form holds); otherwise a bounded page of active rows whose label contains every word
   * of `q` (and, with `filter`, whose declared filter field is one of its values), each word matched
   * on the stored folded column of each label part (their trigram indexes), in the resource's default order.
   */
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

  async function options(executor: Executor, actor: Actor, query: OptionsQuery): Promise<OptionPage> {
    const { icon, color, parentId, detail } = resource.optionExtras;
    const extra: Record<string, SQLWrapper> = {};
    if (icon) extra.icon = source.columns.get(icon) as AnyPgColumn;
    if (color) extra.color = source.columns.get(color) as AnyPgColumn;
    if (parentId) extra.parentId = source.columns.get(parentId) as AnyPgColumn;
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
      })),
      hasMore: rows.length > limit,
    };
  }

  /** Audit entries of one record within the actor's scope, newest first, with who made them and the labels of what they reference. */
  async function history(executor: Executor, actor: Actor, id: number): Promise<HistoryEntry[]> {
    if (resource.views && !(await find(executor, actor, id))) throw notFound();
    const rows = await executor
      .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, changes: auditLog.changes, ...userDisplayColumns })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(auditLog.entity, auditEntity), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
    const labels = await historyLabels(executor, resource, rows.map((r) => r.changes ?? {}));
    return rows.map((r, index) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      user: userDisplay(r),
      changes: r.changes ?? {},
      labels: labels[index] ?? {},
    }));
  }

  /** A line as the audit trail keeps it: its stored values, without ids or display values. */
  const storedLine = (fields: readonly string[]) => (line: Entity) => Object.fromEntries(fields.map((name) => [name, line[name] ?? null]));
  const lineStoredFields = new Map(source.lines.map((l) => [l.field.name, [...l.shape.columns.keys()]]));

  const pickStored = (entity: Readonly<Record<string, unknown>> | null) =>
    entity
      ? Object.fromEntries(
          storedFields.map((name) => {
            const value = entity[name] ?? null;
            const lineFields = lineStoredFields.get(name);
            return [name, lineFields && Array.isArray(value) ? value.map(storedLine(lineFields)) : value];
          }),
        )
      : null;

  /** Column values of the writable fields present in `input`. */
  function columnValues(fields: readonly { name: string; type: string }[], input: Input): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      const value = input[field.name];
      if (value === undefined) continue;
      values[field.name] = field.type === 'money' && typeof value === 'number' ? value.toFixed(2) : value;
    }
    return values;
  }

  function warningsFor(values: Input, changed: ReadonlySet<string>): WriteWarnings {
    const warnings: WriteWarnings = {};
    for (const field of resource.fields) {
      const value = values[field.name];
      if (!field.warning || !changed.has(field.name) || typeof value !== 'string') continue;
      const warning = field.warning(value);
      if (warning) warnings[field.name] = warning;
    }
    return warnings;
  }

  async function writeLinks(tx: Tx, id: number, input: Input, replace: boolean): Promise<void> {
    for (const join of source.links) {
      const ids = input[join.field.name];
      if (!Array.isArray(ids)) continue;
      if (replace) await tx.delete(join.link.table).where(eq(join.link.owner, id));
      if (ids.length === 0) continue;
      const owner = columnKey(join.link.table, join.link.owner);
      const target = columnKey(join.link.table, join.link.target);
      await tx.insert(join.link.table).values(ids.map((targetId) => ({ [owner]: id, [target]: targetId })) as never);
    }
  }

  /** Child lines given in the input replace the stored ones, in the parent's transaction. */
  async function writeLines(ctx: WriteContext, id: number, input: Input, replace: boolean): Promise<void> {
    for (const line of source.lines) {
      const rows = input[line.field.name];
      if (!Array.isArray(rows)) continue;
      const { table, owner, position } = line.binding;
      if (replace) await ctx.tx.delete(table).where(eq(owner, id));
      if (rows.length === 0) continue;
      const extra = (await line.binding.values?.(ctx, rows as Input[])) ?? [];
      const ownerKey = columnKey(table, owner);
      const positionKey = columnKey(table, position);
      const values = (rows as Input[]).map((row, index) => ({
        ...columnValues(line.writable, row),
        ...extra[index],
        [ownerKey]: id,
        [positionKey]: index,
      }));
      await ctx.tx.insert(table).values(values as never);
    }
  }

  /**
   * Runs a write's transaction, turning constraint races into the same answers the pre-checks give.
   * Given an open transaction (an import writing many records at once) the write joins it: its
   * refusal is the caller's to roll back, with everything else the caller wrote.
   */
  async function transaction<T>(db: Db | Tx, merged: () => Readonly<Record<string, unknown>>, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await (db instanceof PgTransaction ? work(db as Tx) : db.transaction(work));
    } catch (error) {
      if (error instanceof AppError) throw error;
      const info = pgErrorInfo(error);
      if (info?.code === PG_UNIQUE_VIOLATION) throw duplicateFromConstraint(resource, info.constraint, merged());
      throw error;
    }
  }

  /**
   * Exactly one default: the row that becomes it takes the flag from the others, in the same
   * transaction, as a real update of theirs (new version, audited).
   */
  async function clearDefault(tx: Tx, actor: Actor, exceptId: number | null): Promise<void> {
    if (!singleDefault || !defaultColumn) return;
    await lockSingleDefault(tx, source.table);
    const cleared = (await tx
      .update(source.table)
      .set({ [singleDefault]: false, updatedAt: sql`now()`, version: sql`${source.versionColumn} + 1` } as never)
      .where(and(eq(defaultColumn, true), exceptId === null ? undefined : ne(source.idColumn, exceptId)))
      .returning({ id: source.idColumn })) as { id: number }[];
    for (const row of cleared) {
      const changes = { [singleDefault]: { old: true, new: false } };
      await recordAudit(tx, { userId: actor.userId, action: 'update', entity: auditEntity, entityId: row.id, changes, ip: actor.ip });
      await writeEvent(tx, { type: 'record.updated', resource: auditEntity, recordId: row.id, actorId: actor.userId, changes });
    }
  }

  function checkRules(merged: Readonly<Record<string, unknown>>): void {
    const problems = checkCatalogRules(resource.rules, merged);
    if (problems.length > 0) throw new ValidationError(Object.fromEntries(problems.map((p) => [p.path, p.message])));
  }

  /** A per-row refusal of the declaration (an order is edited only while borrador, by its requester) → 409 with its reason. */
  function checkGuard(kind: 'edit' | 'delete', row: Entity, actor: Actor): void {
    const reason = resource.guards[kind]?.(row, actor);
    if (reason) throw new ConflictError(reason);
  }

  async function create(db: Db | Tx, actor: Actor, input: Input): Promise<SavedRecord> {
    const extraValues = (await hooks.prepareCreate?.(input)) ?? {};
    const changed = new Set(Object.keys(input));
    const state: WriteState = { merged: input, changed, selfId: null, before: null };
    const entity = await transaction(db, () => input, async (tx) => {
      const ctx = { tx, actor };
      const labels = await checkReferences(tx, source, state);
      await checkUnique(tx, source, state, labels);
      const hookValues = (await hooks.beforeCreate?.(ctx, input)) ?? {};
      const values: Record<string, unknown> = { ...columnValues(writableColumns, input), ...extraValues, ...hookValues };
      for (const [field, sequence] of Object.entries(binding.sequences ?? {})) {
        values[field] = sequence.format(await nextInSequence(tx, sequence.counter));
      }
      if (singleDefault && defaultColumn) {
        if (input[singleDefault] === true) {
          await clearDefault(tx, actor, null);
        } else {
          // Exactly one default: the first row of an empty catalogue becomes it.
          await lockSingleDefault(tx, source.table);
          const [current] = await tx.select({ id: source.idColumn }).from(source.table).where(eq(defaultColumn, true)).limit(1);
          if (!current) values[singleDefault] = true;
        }
      }
      const [inserted] = (await tx.insert(source.table).values(values as never).returning({ id: source.idColumn })) as { id: number }[];
      if (!inserted) throw new Error(`${resource.key}: insert returned no row`);
      await writeLinks(tx, inserted.id, input, false);
      await writeLines(ctx, inserted.id, input, false);
      const created = await get(tx, null, inserted.id);
      const extraChanges = (await hooks.afterCreate?.(ctx, created, input)) ?? {};
      const changes = { ...diffChanges(null, pickStored(created)), ...extraChanges };
      await recordAudit(tx, { userId: actor.userId, action: 'create', entity: auditEntity, entityId: inserted.id, changes, ip: actor.ip });
      await writeEvent(tx, { type: 'record.created', resource: auditEntity, recordId: inserted.id, actorId: actor.userId, changes });
      return created;
    });
    return { entity, warnings: warningsFor(input, changed) };
  }

  /**
   * The one way a stored record changes: inside a transaction, the row is read within the actor's
   * scope (404 outside it), its version compared (409 when stale), `decide` says what changes, the row
   * is written with a compare-and-set on the version, and the timeline and audit rows are added.
   */
  async function guardedUpdate(
    db: Db | Tx,
    actor: Actor,
    id: number,
    version: number,
    decide: (ctx: WriteContext, before: Entity) => Promise<GuardedChange>,
    options: { action?: string; merged?: () => Readonly<Record<string, unknown>> } = {},
  ): Promise<Entity> {
    return transaction(db, options.merged ?? (() => ({})), async (tx) => {
      const ctx = { tx, actor };
      const before = await get(tx, actor, id);
      if (before.version !== version) throw new ConflictError(MESSAGES.staleVersion);
      const change = await decide(ctx, before);
      const [updated] = (await tx
        .update(source.table)
        .set({ ...change.values, updatedAt: sql`now()`, version: sql`${source.versionColumn} + 1` } as never)
        .where(and(eq(source.idColumn, id), eq(source.versionColumn, version)))
        .returning({ id: source.idColumn })) as { id: number }[];
      if (!updated) throw new ConflictError(MESSAGES.staleVersion);
      const afterChanges = (await change.after?.(tx, id)) ?? {};
      const after = await get(tx, null, id);
      if (change.timeline) await recordTimelineEntry(tx, actor, id, change.timeline);
      const changes = { ...diffChanges(pickStored(before), pickStored(after)), ...change.changes, ...afterChanges };
      await recordAudit(tx, { userId: actor.userId, action: options.action ?? 'update', entity: auditEntity, entityId: id, changes, ip: actor.ip });
      await writeEvent(tx, { resource: auditEntity, recordId: id, actorId: actor.userId, changes, ...eventKind(change, before, after) });
      return after;
    });
  }

  /** A guarded update's event: a transition (with status codes and comment) or a plain update. */
  function eventKind(change: GuardedChange, before: Entity, after: Entity) {
    if (change.transition) return { type: 'record.transitioned' as const, fromStatus: change.transition.from, toStatus: change.transition.to };
    if (!change.timeline) return { type: 'record.updated' as const };
    const statusKey = resource.workflow?.statusKey;
    const code = (entity: Entity) => (statusKey ? ((entity[statusKey] as { code?: string | null } | null)?.code ?? null) : null);
    return {
      type: 'record.transitioned' as const,
      fromStatus: code(before),
      toStatus: code(after),
      metadata: { comment: change.timeline.comment },
    };
  }

  async function recordTimelineEntry(tx: Tx, actor: Actor, id: number, entry: NonNullable<GuardedChange['timeline']>): Promise<void> {
    await tx.insert(recordTimeline).values({ entity: auditEntity, entityId: id, userId: actor.userId, ...entry });
  }

  async function update(db: Db | Tx, actor: Actor, id: number, input: Input): Promise<SavedRecord> {
    const { version, ...rest } = input as Input & { version: number };
    const patch: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const changed = new Set(Object.keys(patch));
    let merged: Record<string, unknown> = patch;
    const entity = await guardedUpdate(
      db,
      actor,
      id,
      version,
      async (ctx, before) => {
        checkGuard('edit', before, actor);
        merged = { ...before, ...patch };
        checkRules(merged);
        const state: WriteState = { merged, changed, selfId: id, before };
        const labels = await checkReferences(ctx.tx, source, state);
        await checkUnique(ctx.tx, source, state, labels);
        if (singleDefault && defaultColumn && patch[singleDefault] !== undefined && patch[singleDefault] !== before[singleDefault]) {
          if (patch[singleDefault] === false) throw new ValidationError({ [singleDefault]: defaultRequiredMessage(resource.nouns) });
          await clearDefault(ctx.tx, actor, id);
        }
        const hookValues = (await hooks.beforeUpdate?.(ctx, before, patch)) ?? {};
        return {
          values: { ...columnValues(writableColumns, patch), ...hookValues },
          after: async (tx) => {
            await writeLinks(tx, id, patch, true);
            await writeLines(ctx, id, patch, true);
            const after = await get(tx, null, id);
            return (await hooks.afterUpdate?.(ctx, before, after, patch)) ?? undefined;
          },
        };
      },
      { merged: () => merged },
    );
    return { entity, warnings: warningsFor(patch, changed) };
  }

  async function transition(db: Db, actor: Actor, id: number, input: TransitionInput): Promise<Entity> {
    if (!resource.workflow || !binding.workflow) throw notFound();
    const work = transitionWork(resource, binding.workflow, source);
    return guardedUpdate(db, actor, id, input.version, (ctx, before) => work(ctx, before, input), { action: 'transition' });
  }

  /** The status changes of a record, oldest first (GET /:id adds them as `timeline`). */
  async function timeline(executor: Executor, id: number) {
    if (!binding.workflow) return [];
    return loadTimeline(executor, auditEntity, binding.workflow.statusTable, id);
  }

  async function remove(db: Db, actor: Actor, id: number): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const ctx = { tx, actor };
        const before = await get(tx, actor, id);
        checkGuard('delete', before, actor);
        const codeField = resource.systemRows?.codeField;
        if (codeField && before[codeField] !== null && before[codeField] !== undefined) {
          throw new ConflictError(systemRowMessage(resource.nouns, entityLabel(resource, before)));
        }
        if (singleDefault && before[singleDefault] === true) throw new ConflictError(defaultDeleteMessage(resource.nouns));
        await hooks.beforeDelete?.(ctx, before);
        const uses = await countUses(tx, referrers, id);
        if (uses.length > 0) throw new ConflictError(inUseRefusal(resource, uses, source.activeColumn !== undefined));
        for (const line of source.lines) await tx.delete(line.binding.table).where(eq(line.binding.owner, id));
        await tx.delete(source.table).where(eq(source.idColumn, id));
        await hooks.afterDelete?.(ctx, before);
        const changes: AuditChanges = diffChanges(pickStored(before), null);
        await recordAudit(tx, { userId: actor.userId, action: 'delete', entity: auditEntity, entityId: id, changes, ip: actor.ip });
        await writeEvent(tx, { type: 'record.deleted', resource: auditEntity, recordId: id, actorId: actor.userId, changes });
      });
    } catch (error) {
      // A reference from a table no declaration knows still answers in Spanish.
      if (!(error instanceof AppError) && pgErrorInfo(error)?.code === PG_FOREIGN_KEY_VIOLATION) {
        throw new ConflictError(referencedFallbackMessage(resource.nouns));
      }
      throw error;
    }
  }

  const { createMany, updateMany } = createBatchWrites({
    binding,
    source,
    writableColumns,
    auditEntity,
    columnValues,
    pickStored,
    warningsFor,
    findMany,
    checkGuard,
    checkRules,
    notFound,
    create,
    update,
  });

  return {
    resource,
    binding,
    source,
    scopeOf,
    list,
    exportBatches,
    get,
    find,
    findMany,
    readable,
    options,
    history,
    timeline,
    create,
    update,
    createMany,
    updateMany,
    guardedUpdate,
    transition,
    remove,
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;
