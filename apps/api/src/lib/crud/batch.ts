import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES, type WriteWarnings } from '@goc/contracts';
import type { Tx } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import { diffChanges, recordAudits } from '../audit';
import { insertRows, recordset } from '../bulk-insert';
import { PG_UNIQUE_VIOLATION, pgErrorInfo } from '../db-errors';
import { AppError, ConflictError } from '../errors';
import { writeEvents } from '../events/outbox';
import type { ResourceContext } from './context';
import { checkReferencesOfBatch, checkUniqueOfBatch, duplicateFromConstraint, type WriteState } from './checks';
import type { Entity } from './source';
import { columnKey } from './tables';
import type { Actor, Input } from './types';

/*
 * Many records written at once (an import): the same checks, refusals, audit entries and domain
 * events as one create / update per record in order, with the database work done per batch — one
 * reference query per target table, one unique query per unique field, multi-row inserts and
 * updates, one re-read, the audit and outbox rows in multi-row inserts. A resource whose writes
 * need per-record work the batch does not do (hooks, sequences, lines, a single default, references
 * to its own rows) is written record by record through the service instead.
 */

/** A batch refused because of one of its records: `index` in the batch, `error` what a single write would have answered. */
export class BatchRefusal extends Error {
  constructor(
    readonly index: number,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

export interface SavedBatchRecord {
  entity: Entity;
  warnings: WriteWarnings;
}

/** One record of an update batch: its id and the update input (with the version it was read at). */
export interface BatchUpdate {
  id: number;
  input: Input;
}

/** What the batch borrows from the resource's service (context.ts, read.ts, write.ts). */
export interface BatchWriteParts
  extends Pick<ResourceContext, 'binding' | 'source' | 'writableColumns' | 'auditEntity' | 'columnValues' | 'pickStored' | 'warningsFor' | 'checkGuard' | 'checkRules' | 'notFound'> {
  findMany(executor: Tx, actor: Actor | null, ids: readonly number[]): Promise<Entity[]>;
  create(tx: Tx, actor: Actor, input: Input): Promise<SavedBatchRecord>;
  update(tx: Tx, actor: Actor, id: number, input: Input): Promise<SavedBatchRecord>;
}

/** Records per UPDATE statement (the rows travel as one JSON parameter). */
const ROWS_PER_UPDATE = 1_000;

const slices = <T>(items: readonly T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export function createBatchWrites(parts: BatchWriteParts) {
  const { binding, source, writableColumns, auditEntity } = parts;
  const resource = source.resource;
  const updatedAtColumn = getTableColumns(source.table).updatedAt as AnyPgColumn;

  /** Per-record work the batch does not do: such resources are written one record at a time. */
  const oneByOne =
    Object.keys(binding.hooks ?? {}).length > 0 ||
    Object.keys(binding.sequences ?? {}).length > 0 ||
    binding.workflow?.timelineFromCreation === true ||
    source.lines.length > 0 ||
    resource.singleDefault !== undefined ||
    resource.fields.some((f) => f.reference?.target === resource.key);

  /** The single writes in order, a refusal naming its record. */
  async function singly<T, R>(items: readonly T[], write: (item: T) => Promise<R>): Promise<R[]> {
    const saved: R[] = [];
    for (const [index, item] of items.entries()) {
      try {
        saved.push(await write(item));
      } catch (error) {
        if (error instanceof AppError) throw new BatchRefusal(index, error);
        throw error;
      }
    }
    return saved;
  }

  /**
   * A unique index refusing a statement (a writer outside the batch took a value after the checks):
   * the 409 a single write answers, for the record whose value the database names.
   */
  function uniqueRace(error: unknown, merged: readonly Readonly<Record<string, unknown>>[]): unknown {
    const info = pgErrorInfo(error);
    if (info?.code !== PG_UNIQUE_VIOLATION) return error;
    const named = info.detail?.match(/=\((.*)\) already exists/)?.[1]?.toLowerCase();
    const index = Math.max(
      0,
      merged.findIndex((record) => resource.unique.some((u) => named !== undefined && String(record[u.field] ?? '').toLowerCase() === named)),
    );
    return new BatchRefusal(index, duplicateFromConstraint(resource, info.constraint, merged[index] ?? {}));
  }

  /** The first refused record of the batch, in order: the one a run of single writes stops at. */
  async function refuseFirst(
    tx: Tx,
    states: readonly WriteState[],
    earlier: readonly (AppError | null)[] = [],
  ): Promise<void> {
    const references = await checkReferencesOfBatch(tx, source, states);
    const labels = references.map((r) => ('labels' in r ? r.labels : new Map<string, string>()));
    const unique = await checkUniqueOfBatch(tx, source, states, labels);
    for (const [index, reference] of references.entries()) {
      const error = earlier[index] ?? ('error' in reference ? reference.error : null) ?? unique[index];
      if (error) throw new BatchRefusal(index, error);
    }
  }

  /** Link rows (multi-references) of the given records, a multi-row insert per field. */
  async function writeLinks(tx: Tx, records: readonly { id: number; input: Input }[], replace: boolean): Promise<void> {
    for (const join of source.links) {
      const given = records.filter((r) => Array.isArray(r.input[join.field.name]));
      if (replace && given.length > 0) await tx.delete(join.link.table).where(inArray(join.link.owner, given.map((r) => r.id)));
      const owner = columnKey(join.link.table, join.link.owner);
      const target = columnKey(join.link.table, join.link.target);
      const rows = given.flatMap((r) => (r.input[join.field.name] as number[]).map((targetId) => ({ [owner]: r.id, [target]: targetId })));
      await insertRows(tx, join.link.table, rows);
    }
  }

  /** The records as they are now, in the order of `ids`. */
  async function reread(tx: Tx, ids: readonly number[]): Promise<Entity[]> {
    const byId = new Map((await parts.findMany(tx, null, ids)).map((e) => [Number(e.id), e]));
    return ids.map((id) => {
      const entity = byId.get(id);
      if (!entity) throw new Error(`${resource.key} ${id}: written but not found`);
      return entity;
    });
  }

  async function trail(tx: Tx, actor: Actor, action: 'create' | 'update', ids: readonly number[], changes: readonly AuditChanges[]): Promise<void> {
    await recordAudits(
      tx,
      ids.map((id, i) => ({ userId: actor.userId, action, entity: auditEntity, entityId: id, changes: changes[i] ?? {}, ip: actor.ip })),
    );
    await writeEvents(
      tx,
      ids.map((id, i) => ({ type: action === 'create' ? 'record.created' : 'record.updated', resource: auditEntity, recordId: id, actorId: actor.userId, changes: changes[i] ?? {} })),
    );
  }

  /** Creates every record as `service.create` would, in order, inside the caller's transaction. */
  async function createMany(tx: Tx, actor: Actor, inputs: readonly Input[]): Promise<SavedBatchRecord[]> {
    if (inputs.length === 0) return [];
    if (oneByOne) return singly(inputs, (input) => parts.create(tx, actor, input));
    const states: WriteState[] = inputs.map((input) => ({ merged: input, changed: new Set(Object.keys(input)), selfId: null, before: null }));
    await refuseFirst(tx, states);

    let ids: number[];
    try {
      ids = (await insertRows(tx, source.table, inputs.map((input) => parts.columnValues(writableColumns, input)), { returning: source.idColumn })).map(Number);
    } catch (error) {
      throw uniqueRace(error, inputs);
    }
    await writeLinks(
      tx,
      ids.map((id, i) => ({ id, input: inputs[i]! })),
      false,
    );
    const created = await reread(tx, ids);
    await trail(tx, actor, 'create', ids, created.map((entity) => diffChanges(null, parts.pickStored(entity))));
    return created.map((entity, i) => ({ entity, warnings: parts.warningsFor(inputs[i]!, states[i]!.changed) }));
  }

  /**
   * Does a record of the batch take a unique value another one gives up? The unique index checks each
   * row as one statement updates it, so those updates must run one at a time, in order.
   */
  function passesUniqueValues(states: readonly WriteState[]): boolean {
    return resource.unique.some((constraint) => {
      const key = (record: Readonly<Record<string, unknown>>) => String(record[constraint.field] ?? '').toLowerCase();
      const given = new Map(states.filter((s) => s.before && key(s.before) !== key(s.merged)).map((s) => [key(s.before!), s.selfId]));
      return states.some((s) => given.has(key(s.merged)) && given.get(key(s.merged)) !== s.selfId);
    });
  }

  /**
   * UPDATE … FROM the rows as a JSON recordset, each row compared and set on its version: one
   * statement per set of written columns, or per record, in order, when `inOrder`. Returns the ids updated.
   */
  async function updateRows(tx: Tx, rows: readonly { id: number; version: number; values: Record<string, unknown> }[], inOrder: boolean): Promise<Set<number>> {
    const columnsOf = (row: (typeof rows)[number]) => Object.keys(row.values).sort().join(',');
    const groups = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) groups.set(columnsOf(row), [...(groups.get(columnsOf(row)) ?? []), row]);
    const statements = inOrder ? rows.map((row) => [columnsOf(row), [row]] as const) : [...groups];
    const updated = new Set<number>();
    for (const [key, group] of statements) {
      const names = key === '' ? [] : key.split(',');
      const columns = [source.idColumn, source.versionColumn, ...names.map((name) => source.columns.get(name) as AnyPgColumn)];
      const set = [
        ...columns.slice(2).map((c) => sql`${sql.identifier(c.name)} = r.${sql.identifier(c.name)}`),
        sql`${sql.identifier(updatedAtColumn.name)} = now()`,
        sql`${sql.identifier(source.versionColumn.name)} = ${source.versionColumn} + 1`,
      ];
      const id = sql`r.${sql.identifier(source.idColumn.name)}`;
      const version = sql`r.${sql.identifier(source.versionColumn.name)}`;
      for (const part of slices(group, ROWS_PER_UPDATE)) {
        const from = recordset('r', columns, part.map((row) => [row.id, row.version, ...names.map((name) => row.values[name])]));
        const result = await tx.execute<{ id: number }>(
          sql`update ${source.table} set ${sql.join(set, sql`, `)} from ${from} where ${source.idColumn} = ${id} and ${source.versionColumn} = ${version} returning ${source.idColumn} as id`,
        );
        for (const r of result.rows) updated.add(Number(r.id));
      }
    }
    return updated;
  }

  /** Updates every record as `service.update` would, in order, inside the caller's transaction. */
  async function updateMany(tx: Tx, actor: Actor, items: readonly BatchUpdate[]): Promise<SavedBatchRecord[]> {
    if (items.length === 0) return [];
    if (oneByOne) return singly(items, (item) => parts.update(tx, actor, item.id, item.input));
    // A record twice in the batch: the second update must see the first, so it starts the next batch.
    const seen = new Set<number>();
    const repeat = items.findIndex((item) => seen.size === seen.add(item.id).size);
    if (repeat > 0) {
      const head = await updateMany(tx, actor, items.slice(0, repeat));
      try {
        return [...head, ...(await updateMany(tx, actor, items.slice(repeat)))];
      } catch (error) {
        throw error instanceof BatchRefusal ? new BatchRefusal(repeat + error.index, error.error) : error;
      }
    }

    const patches = items.map(({ input }) => {
      const { version, ...rest } = input as Input & { version: number };
      return { version, patch: Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
    });
    let found: Entity[];
    try {
      found = await parts.findMany(tx, actor, items.map((item) => item.id));
    } catch (error) {
      if (error instanceof AppError) throw new BatchRefusal(0, error);
      throw error;
    }
    const befores = new Map(found.map((e) => [Number(e.id), e]));
    const earlier: (AppError | null)[] = [];
    const states: WriteState[] = items.map((item, i) => {
      const before = befores.get(item.id) ?? null;
      const { version, patch } = patches[i]!;
      const merged = { ...before, ...patch };
      const state = { merged, changed: new Set(Object.keys(patch)), selfId: item.id, before };
      try {
        if (!before) throw parts.notFound();
        if (before.version !== version) throw new ConflictError(MESSAGES.staleVersion);
        parts.checkGuard('edit', before, actor);
        parts.checkRules(merged);
        earlier.push(null);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        earlier.push(error);
      }
      return state;
    });
    await refuseFirst(tx, states, earlier);

    const ids = items.map((item) => item.id);
    let updated: Set<number>;
    try {
      updated = await updateRows(
        tx,
        items.map((item, i) => ({ id: item.id, version: patches[i]!.version, values: parts.columnValues(writableColumns, patches[i]!.patch) })),
        passesUniqueValues(states),
      );
    } catch (error) {
      throw uniqueRace(error, states.map((s) => s.merged));
    }
    const stale = ids.findIndex((id) => !updated.has(id));
    if (stale >= 0) throw new BatchRefusal(stale, new ConflictError(MESSAGES.staleVersion));
    await writeLinks(
      tx,
      items.map((item, i) => ({ id: item.id, input: patches[i]!.patch })),
      true,
    );
    const afters = await reread(tx, ids);
    await trail(tx, actor, 'update', ids, afters.map((after, i) => diffChanges(parts.pickStored(befores.get(ids[i]!) ?? null), parts.pickStored(after))));
    return afters.map((entity, i) => ({ entity, warnings: parts.warningsFor(patches[i]!.patch, states[i]!.changed) }));
  }

  return { createMany, updateMany };
}
