import { and, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  checkCatalogRules,
  MESSAGES,
  notFoundMessage,
  systemRowMessage,
  type HistoryEntry,
  type ListQuery,
  type ListResponse,
  type Option,
  type WriteWarnings,
} from '@goc/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { auditLog, employees, users, type AuditChanges } from '../../db/schema';
import { diffChanges, recordAudit } from '../audit';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorInfo } from '../db-errors';
import { lockSingleDefault } from './single-default';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../errors';
import { orderByClause, sortKeys } from '../list/sort';
import { runList, streamList } from '../list/query';
import { checkReferences, checkUnique, duplicateFromConstraint, entityLabel, type WriteState } from './checks';
import { defaultDeleteMessage, defaultRequiredMessage, referencedFallbackMessage } from './messages';
import { catalogReferrers, countUses, inUseRefusal } from './referrers';
import { catalogSource, type Entity } from './source';
import type { Actor, CatalogBinding, Input } from './types';

/** The property name drizzle uses for a column of a table (inserts take property names, not SQL names). */
function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not in its table`);
  return entry[0];
}

export interface SavedRecord {
  entity: Entity;
  warnings: WriteWarnings;
}

/** The list / read / write operations of one catalogue, all derived from its declaration. */
export function createCatalogService(binding: CatalogBinding) {
  const { declaration: catalog, hooks = {} } = binding;
  const source = catalogSource(catalog);
  const referrers = [...catalogReferrers(catalog), ...(binding.referrers ?? [])];
  const auditEntity = catalog.key;
  const storedFields = catalog.fields.filter((f) => source.columns.has(f.name) || f.type === 'multiReference').map((f) => f.name);
  const writableColumns = catalog.fields.filter((f) => f.form !== 'readOnly' && source.columns.has(f.name));
  const singleDefault = catalog.singleDefault?.field;
  const defaultColumn = singleDefault ? source.columns.get(singleDefault) : undefined;

  async function complete(executor: Executor, entities: Entity[]): Promise<Entity[]> {
    await source.loadLinks(executor, entities);
    await hooks.decorate?.(executor, entities);
    return entities;
  }

  async function find(executor: Executor, id: number): Promise<Entity | null> {
    const [row] = await source.list.from(executor, source.selection).where(eq(source.idColumn, id)).limit(1);
    if (!row) return null;
    const [entity] = await complete(executor, [source.toEntity(row as Record<string, unknown>)]);
    return entity ?? null;
  }

  async function get(executor: Executor, id: number): Promise<Entity> {
    const entity = await find(executor, id);
    if (!entity) throw new NotFoundError(notFoundMessage(catalog.nouns));
    return entity;
  }

  async function list(executor: Executor, query: ListQuery): Promise<ListResponse<Entity>> {
    const { rows, total } = await runList(executor, source.list, query, source.selection);
    const items = await complete(executor, rows.map((r) => source.toEntity(r)));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /** Every matching entity in list order, in batches (exports). */
  async function* exportBatches(executor: Executor, query: Pick<ListQuery, 'filters' | 'sort' | 'q'>): AsyncGenerator<Entity[]> {
    for await (const rows of streamList(executor, source.list, query, source.selection)) {
      yield await complete(executor, rows.map((r) => source.toEntity(r)));
    }
  }

  /** Active rows as picker options, in the catalogue's default order. */
  async function options(executor: Executor): Promise<Option[]> {
    const { icon, color, parentId } = catalog.optionExtras;
    const extra: Record<string, AnyPgColumn> = {};
    if (icon) extra.icon = source.columns.get(icon) as AnyPgColumn;
    if (color) extra.color = source.columns.get(color) as AnyPgColumn;
    if (parentId) extra.parentId = source.columns.get(parentId) as AnyPgColumn;
    const keys = sortKeys(catalog.defaultSort, source.list.fields, source.idColumn);
    const rows = (await source.list
      .from(executor, { value: source.idColumn, label: source.label, ...extra })
      .where(source.activeColumn ? eq(source.activeColumn, true) : undefined)
      .orderBy(...orderByClause(keys))) as Record<string, unknown>[];
    return rows.map((r) => ({
      value: Number(r.value),
      label: typeof r.label === 'string' ? r.label : '',
      ...(typeof r.icon === 'string' ? { icon: r.icon } : {}),
      ...(typeof r.color === 'string' ? { color: r.color } : {}),
      ...(r.parentId !== null && r.parentId !== undefined ? { parentId: Number(r.parentId) } : {}),
    }));
  }

  /** Audit entries of one record, newest first, with who made them. */
  async function history(executor: Executor, id: number): Promise<HistoryEntry[]> {
    const rows = await executor
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        changes: auditLog.changes,
        userId: users.id,
        username: users.username,
        name: sql<string | null>`nullif(concat_ws(' ', ${employees.firstName}, ${employees.lastName}, ${employees.secondLastName}), '')`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .leftJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(auditLog.entity, auditEntity), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      user: r.userId === null || r.username === null ? null : { id: r.userId, username: r.username, name: r.name },
      changes: r.changes ?? {},
    }));
  }

  const pickStored = (entity: Readonly<Record<string, unknown>> | null) =>
    entity ? Object.fromEntries(storedFields.map((name) => [name, entity[name] ?? null])) : null;

  /** Column values of the writable fields present in `input`. */
  function columnValues(input: Input): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of writableColumns) {
      const value = input[field.name];
      if (value === undefined) continue;
      values[field.name] = field.type === 'money' && typeof value === 'number' ? value.toFixed(2) : value;
    }
    return values;
  }

  function warningsFor(values: Input, changed: ReadonlySet<string>): WriteWarnings {
    const warnings: WriteWarnings = {};
    for (const field of catalog.fields) {
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

  /** Runs a write's transaction, turning constraint races into the same answers the pre-checks give. */
  async function transaction<T>(db: Db, merged: () => Readonly<Record<string, unknown>>, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const info = pgErrorInfo(error);
      if (info?.code === PG_UNIQUE_VIOLATION) throw duplicateFromConstraint(catalog, info.constraint, merged());
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
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'update',
        entity: auditEntity,
        entityId: row.id,
        changes: { [singleDefault]: { old: true, new: false } },
        ip: actor.ip,
      });
    }
  }

  function checkRules(merged: Readonly<Record<string, unknown>>): void {
    const problems = checkCatalogRules(catalog.rules, merged);
    if (problems.length > 0) throw new ValidationError(Object.fromEntries(problems.map((p) => [p.path, p.message])));
  }

  async function create(db: Db, actor: Actor, input: Input): Promise<SavedRecord> {
    const extraValues = (await hooks.prepareCreate?.(input)) ?? {};
    const changed = new Set(Object.keys(input));
    const state: WriteState = { merged: input, changed, selfId: null, before: null };
    const entity = await transaction(db, () => input, async (tx) => {
      const ctx = { tx, actor };
      const labels = await checkReferences(tx, source, state);
      await checkUnique(tx, source, state, labels);
      await hooks.beforeCreate?.(ctx, input);
      const values = { ...columnValues(input), ...extraValues };
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
      if (!inserted) throw new Error(`${catalog.key}: insert returned no row`);
      await writeLinks(tx, inserted.id, input, false);
      const created = await get(tx, inserted.id);
      const extraChanges = (await hooks.afterCreate?.(ctx, created, input)) ?? {};
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'create',
        entity: auditEntity,
        entityId: inserted.id,
        changes: { ...diffChanges(null, pickStored(created)), ...extraChanges },
        ip: actor.ip,
      });
      return created;
    });
    return { entity, warnings: warningsFor(input, changed) };
  }

  async function update(db: Db, actor: Actor, id: number, input: Input): Promise<SavedRecord> {
    const { version, ...rest } = input as Input & { version: number };
    const patch: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const changed = new Set(Object.keys(patch));
    let merged: Record<string, unknown> = patch;
    const entity = await transaction(db, () => merged, async (tx) => {
      const ctx = { tx, actor };
      const before = await get(tx, id);
      if (before.version !== version) throw new ConflictError(MESSAGES.staleVersion);
      merged = { ...before, ...patch };
      checkRules(merged);
      const state: WriteState = { merged, changed, selfId: id, before };
      const labels = await checkReferences(tx, source, state);
      await checkUnique(tx, source, state, labels);
      if (singleDefault && defaultColumn && patch[singleDefault] !== undefined && patch[singleDefault] !== before[singleDefault]) {
        if (patch[singleDefault] === false) throw new ValidationError({ [singleDefault]: defaultRequiredMessage(catalog.nouns) });
        await clearDefault(tx, actor, id);
      }
      await hooks.beforeUpdate?.(ctx, before, patch);
      // Compare-and-set on the version: a concurrent writer that got in first makes this match nothing.
      const [updated] = (await tx
        .update(source.table)
        .set({
          ...columnValues(patch),
          updatedAt: sql`now()`,
          version: sql`${source.versionColumn} + 1`,
        } as never)
        .where(and(eq(source.idColumn, id), eq(source.versionColumn, version)))
        .returning({ id: source.idColumn })) as { id: number }[];
      if (!updated) throw new ConflictError(MESSAGES.staleVersion);
      await writeLinks(tx, id, patch, true);
      const after = await get(tx, id);
      const extraChanges = (await hooks.afterUpdate?.(ctx, before, after, patch)) ?? {};
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'update',
        entity: auditEntity,
        entityId: id,
        changes: { ...diffChanges(pickStored(before), pickStored(after)), ...extraChanges },
        ip: actor.ip,
      });
      return after;
    });
    return { entity, warnings: warningsFor(patch, changed) };
  }

  async function remove(db: Db, actor: Actor, id: number): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const ctx = { tx, actor };
        const before = await get(tx, id);
        const codeField = catalog.systemRows?.codeField;
        if (codeField && before[codeField] !== null && before[codeField] !== undefined) {
          throw new ConflictError(systemRowMessage(catalog.nouns, entityLabel(catalog, before)));
        }
        if (singleDefault && before[singleDefault] === true) throw new ConflictError(defaultDeleteMessage(catalog.nouns));
        await hooks.beforeDelete?.(ctx, before);
        const uses = await countUses(tx, referrers, id);
        if (uses.length > 0) throw new ConflictError(inUseRefusal(catalog, uses, source.activeColumn !== undefined));
        await tx.delete(source.table).where(eq(source.idColumn, id));
        await hooks.afterDelete?.(ctx, before);
        const changes: AuditChanges = diffChanges(pickStored(before), null);
        await recordAudit(tx, { userId: actor.userId, action: 'delete', entity: auditEntity, entityId: id, changes, ip: actor.ip });
      });
    } catch (error) {
      // A reference from a table no catalogue knows (a business module's row) still answers in Spanish.
      if (!(error instanceof AppError) && pgErrorInfo(error)?.code === PG_FOREIGN_KEY_VIOLATION) {
        throw new ConflictError(referencedFallbackMessage(catalog.nouns));
      }
      throw error;
    }
  }

  return { catalog, source, list, exportBatches, get, find, options, history, create, update, remove };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
