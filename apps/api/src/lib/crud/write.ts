import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { systemRowMessage } from '@goc/contracts';
import type { Db, Tx } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import { diffChanges } from '../audit';
import { insertRows } from '../bulk-insert';
import { recordChange, type TimelineStep } from '../record-change';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorInfo } from '../db-errors';
import { AppError, ConflictError, ValidationError } from '../errors';
import { createBatchWrites } from './batch';
import { checkReferences, checkUnique, entityLabel, type WriteState } from './checks';
import type { ResourceContext } from './context';
import type { GuardedUpdates } from './guarded-update';
import { defaultDeleteMessage, defaultRequiredMessage, referencedFallbackMessage } from './messages';
import type { ResourceReads } from './read';
import { countUses, inUseRefusal, resourceReferrers } from './referrers';
import { nextInSequence } from './sequences';
import { lockSingleDefault } from './single-default';
import type { Entity } from './source';
import { columnKey } from './tables';
import type { Actor, Input } from './types';
import type { WriteWarnings } from '@goc/contracts';

/*
 * Create, update (a guarded update of the declared fields), delete and their batches (imports).
 * Entities are plain records here; service.ts types them.
 */

export interface SavedRecord<E = Entity> {
  entity: E;
  warnings: WriteWarnings;
}

export function createWrites(context: ResourceContext, reads: Pick<ResourceReads, 'get' | 'findMany'>, guarded: Pick<GuardedUpdates, 'guardedUpdate'>) {
  const { resource, binding, hooks, source, auditEntity, writableColumns, singleDefault, defaultColumn } = context;
  const { columnValues, pickStored, warningsFor, checkRules, checkGuard, transaction } = context;
  const { get } = reads;
  const referrers = [...resourceReferrers(source.registry, resource), ...(binding.referrers ?? [])];

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

  /**
   * Each lines field's table as its writes need it, worked out once. A field a line leaves out is null
   * when its column has no default, so lines that differ only in that share the lines' statement.
   */
  const lineWrites = source.lines.map((line) => {
    const { table, owner, position, derived } = line.binding;
    const columns = getTableColumns(table) as Record<string, AnyPgColumn | undefined>;
    const absent = Object.fromEntries(line.writable.filter((f) => columns[f.name]?.hasDefault === false).map((f) => [f.name, null]));
    return { line, table, owner, absent, ownerKey: columnKey(table, owner), positionKey: columnKey(table, position), options: derived ? { derived } : {} };
  });

  /** Child lines given in the input replace the stored ones, in the parent's transaction: all of them in one statement of one parameter (insertRows). */
  async function writeLines(tx: Tx, id: number, input: Input, replace: boolean): Promise<void> {
    for (const { line, table, owner, absent, ownerKey, positionKey, options } of lineWrites) {
      const rows = input[line.field.name];
      if (!Array.isArray(rows)) continue;
      if (replace) await tx.delete(table).where(eq(owner, id));
      if (rows.length === 0) continue;
      const values = (rows as Input[]).map((row, index) => ({ ...absent, ...columnValues(line.writable, row), [ownerKey]: id, [positionKey]: index }));
      await insertRows(tx, table, values, options);
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
      await recordChange(
        tx,
        { userId: actor.userId, action: 'update', entity: auditEntity, entityId: row.id, changes, ip: actor.ip },
        { type: 'record.updated' },
      );
    }
  }

  /** A workflow whose timeline starts with the creation: its entry (— → the first status). */
  const statusField = binding.workflow?.timelineFromCreation ? resource.workflow?.statusField : undefined;
  function firstStep(created: Entity): TimelineStep | undefined {
    const status = statusField === undefined ? null : created[statusField];
    return typeof status === 'number' ? { fromStatusId: null, toStatusId: status, comment: null } : undefined;
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
      await writeLines(tx, inserted.id, input, false);
      const created = await get(tx, null, inserted.id);
      const extraChanges = (await hooks.afterCreate?.(ctx, created, input)) ?? {};
      const changes = { ...diffChanges(null, pickStored(created)), ...extraChanges };
      await recordChange(
        tx,
        { userId: actor.userId, action: 'create', entity: auditEntity, entityId: inserted.id, changes, ip: actor.ip },
        { type: 'record.created' },
        firstStep(created),
      );
      return created;
    });
    return { entity, warnings: warningsFor(input, changed) };
  }

  async function update(db: Db | Tx, actor: Actor, id: number, input: Input): Promise<SavedRecord> {
    const { version, ...rest } = input as Input & { version: number };
    const patch: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const changed = new Set(Object.keys(patch));
    let merged: Record<string, unknown> = patch;
    const entity = await guarded.guardedUpdate(
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
            await writeLines(tx, id, patch, true);
            const after = await get(tx, null, id);
            return (await hooks.afterUpdate?.(ctx, before, after, patch)) ?? undefined;
          },
        };
      },
      { merged: () => merged },
    );
    return { entity, warnings: warningsFor(patch, changed) };
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
        await recordChange(
          tx,
          { userId: actor.userId, action: 'delete', entity: auditEntity, entityId: id, changes, ip: actor.ip },
          { type: 'record.deleted' },
        );
      });
    } catch (error) {
      // A reference from a table no declaration knows still answers in Spanish.
      if (!(error instanceof AppError) && pgErrorInfo(error)?.code === PG_FOREIGN_KEY_VIOLATION) {
        throw new ConflictError(referencedFallbackMessage(resource.nouns));
      }
      throw error;
    }
  }

  const { createMany, updateMany } = createBatchWrites({ ...context, findMany: reads.findMany, create, update });

  return { create, update, remove, createMany, updateMany };
}
