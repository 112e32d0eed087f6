import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource, AuditAction, HistoryEntry, ListResponse, OptionPage, OptionsQuery, TimelineEntry } from '@goc/contracts';
import type { Db, Executor, Tx } from '../../db/client';
import { resourceContext } from './context';
import { createGuardedUpdates, type GuardedChange, type StatusAction } from './guarded-update';
import { createReads, type ScopedListQuery } from './read';
import type { Entity, ResourceSource } from './source';
import type { ResourceRegistry } from './tables';
import type { TransitionInput } from './transitions';
import type { Actor, EntityOf, Input, ResourceBinding, WriteContext } from './types';
import { createWrites, type SavedRecord } from './write';
import type { BatchUpdate, SavedBatchRecord } from './batch';

export { readPermission, viewsCondition } from './scope';
export type { GuardedChange, StatusAction, StatusChange } from './guarded-update';
export type { ScopedListQuery } from './read';
export type { SavedRecord } from './write';

/**
 * The list / read / write operations of one resource, all derived from its declaration and binding,
 * typed by the declaration's entity schema: what a module reads back is `EntityOf<R>`, never a cast.
 * Methods, so a typed service fits where any resource's is expected (the registry of services).
 */
export interface ResourceService<R extends AnyResource = AnyResource> {
  resource: R;
  binding: ResourceBinding;
  source: ResourceSource;
  scopeOf(actor: Actor, view?: string): SQL | undefined;
  list(executor: Executor, actor: Actor, query: ScopedListQuery, within?: SQL): Promise<ListResponse<EntityOf<R>>>;
  exportBatches(executor: Executor, actor: Actor, query: Pick<ScopedListQuery, 'filters' | 'sort' | 'q' | 'scope'>, within?: SQL): AsyncGenerator<EntityOf<R>[]>;
  get(executor: Executor, actor: Actor | null, id: number): Promise<EntityOf<R>>;
  find(executor: Executor, actor: Actor | null, id: number): Promise<EntityOf<R> | null>;
  findMany(executor: Executor, actor: Actor | null, ids: readonly number[]): Promise<EntityOf<R>[]>;
  readable(executor: Executor, actor: Actor, id: number): Promise<EntityOf<R> | null>;
  options(executor: Executor, actor: Actor, query: OptionsQuery): Promise<OptionPage>;
  history(executor: Executor, actor: Actor, id: number): Promise<HistoryEntry[]>;
  timeline(executor: Executor, id: number): Promise<TimelineEntry[]>;
  create(db: Db | Tx, actor: Actor, input: Input): Promise<SavedRecord<EntityOf<R>>>;
  update(db: Db | Tx, actor: Actor, id: number, input: Input): Promise<SavedRecord<EntityOf<R>>>;
  createMany(tx: Tx, actor: Actor, inputs: readonly Input[]): Promise<SavedBatchRecord[]>;
  updateMany(tx: Tx, actor: Actor, updates: readonly BatchUpdate[]): Promise<SavedBatchRecord[]>;
  /**
   * The one way a stored record changes (guarded-update.ts): version check, `decide` from the row
   * as it is, compare-and-set, timeline, audit and event.
   */
  guardedUpdate(
    db: Db | Tx,
    actor: Actor,
    id: number,
    version: number,
    decide: (ctx: WriteContext, before: EntityOf<R>) => Promise<GuardedChange>,
    options?: { action?: AuditAction; merged?: () => Readonly<Record<string, unknown>> },
  ): Promise<EntityOf<R>>;
  /** The declared workflow's transition (POST /:id/transitions). */
  transition(db: Db, actor: Actor, id: number, input: TransitionInput): Promise<EntityOf<R>>;
  /** A module's status action (closing a cut), through the same guarded update. */
  changeStatus<I extends { version: number }>(db: Db | Tx, actor: Actor, id: number, action: StatusAction<EntityOf<R>, I>, input: I): Promise<EntityOf<R>>;
  remove(db: Db, actor: Actor, id: number): Promise<void>;
}

/**
 * Composes the resource's reads (read.ts), writes (write.ts) and guarded updates and transitions
 * (guarded-update.ts) over one context (context.ts).
 */
export function createResourceService<R extends AnyResource, T extends PgTable>(registry: ResourceRegistry, typed: ResourceBinding<R, T>): ResourceService<R> {
  // Inside the mechanism entities are plain records; hooks see them typed (types.ts).
  const binding = typed as unknown as ResourceBinding;
  const context = resourceContext(registry, binding);
  const reads = createReads(context);
  const guarded = createGuardedUpdates(context, reads);
  const writes = createWrites(context, reads, guarded);
  // The one place a plain record becomes the declaration's entity: source.ts builds every entity from
  // the declared fields, and the entity schema is what the routes answer it with.
  const typedEntity = (entity: Entity) => entity as EntityOf<R>;
  const typedEntities = (entities: Entity[]) => entities as EntityOf<R>[];
  const typedRecord = (saved: SavedRecord) => saved as SavedRecord<EntityOf<R>>;
  const maybe = (entity: Entity | null) => (entity === null ? null : typedEntity(entity));
  const plainDecide = (decide: (ctx: WriteContext, before: EntityOf<R>) => Promise<GuardedChange>) => (ctx: WriteContext, before: Entity) =>
    decide(ctx, typedEntity(before));

  return {
    resource: binding.declaration as R,
    binding,
    source: context.source,
    scopeOf: reads.scopeOf,
    list: async (executor, actor, query, within) => {
      const page = await reads.list(executor, actor, query, within);
      return { ...page, items: typedEntities(page.items) };
    },
    exportBatches: (executor, actor, query, within) => reads.exportBatches(executor, actor, query, within) as AsyncGenerator<EntityOf<R>[]>,
    get: async (executor, actor, id) => typedEntity(await reads.get(executor, actor, id)),
    find: async (executor, actor, id) => maybe(await reads.find(executor, actor, id)),
    findMany: async (executor, actor, ids) => typedEntities(await reads.findMany(executor, actor, ids)),
    readable: async (executor, actor, id) => maybe(await reads.readable(executor, actor, id)),
    options: reads.options,
    history: reads.history,
    timeline: reads.timeline,
    create: async (db, actor, input) => typedRecord(await writes.create(db, actor, input)),
    update: async (db, actor, id, input) => typedRecord(await writes.update(db, actor, id, input)),
    createMany: writes.createMany,
    updateMany: writes.updateMany,
    guardedUpdate: async (db, actor, id, version, decide, options) =>
      typedEntity(await guarded.guardedUpdate(db, actor, id, version, plainDecide(decide), options)),
    transition: async (db, actor, id, input) => typedEntity(await guarded.transition(db, actor, id, input)),
    changeStatus: async (db, actor, id, action, input) =>
      typedEntity(await guarded.changeStatus(db, actor, id, (ctx) => action({ ...ctx, before: typedEntity(ctx.before) }), input)),
    remove: writes.remove,
  };
}
