import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES, type AuditAction } from '@goc/contracts';
import type { Db, Tx } from '../../db/client';
import type { AuditChanges } from '../../db/schema';
import { diffChanges } from '../audit';
import { recordChange, type TimelineStep } from '../record-change';
import { ConflictError } from '../errors';
import type { ResourceContext } from './context';
import type { ResourceReads } from './read';
import type { Entity } from './source';
import { transitionWork, type TransitionInput } from './transitions';
import type { Actor, TransitionContext, WriteContext } from './types';

/*
 * The one way a stored record changes (PATCH, a declared workflow's transition, a module's status
 * change): version check, the row written with a compare-and-set, timeline row, audit entry and
 * domain event, in one transaction.
 */

/** A status change of a guarded update: the event is `record.transitioned` with these status codes. */
export interface StatusChange {
  from: string | null;
  to: string | null;
  /**
   * The entry of the record's timeline (a resource with a declared workflow, whose GET /:id shows
   * it): status catalogue ids and the comment, which the event also carries in its metadata.
   */
  timeline?: TimelineStep;
}

/** What a guarded update changes, decided inside its transaction from the row as it is. */
export interface GuardedChange {
  /** Column values to set (version and updatedAt are the primitive's). */
  values: Record<string, unknown>;
  /** Audit changes beyond the columns and lines (a role's matrix, received quantities). */
  changes?: AuditChanges;
  /** A status change (without it the event is `record.updated`). */
  status?: StatusChange;
  /** Work after the row is updated (lines, link tables), returning more audit changes. */
  after?(tx: Tx, id: number): Promise<AuditChanges | void>;
  /** Why the change happened, kept with the audit entry and the event (the movement that changed an employee). */
  metadata?: Record<string, unknown>;
}

/**
 * A status change a module declares beside its binding, outside a contracts workflow (closing a cut,
 * a movement's registration statuses): given the row read inside the guarded update and the route's
 * input, it checks and says what changes. `service.changeStatus` runs it.
 */
export type StatusAction<E, I> = (ctx: TransitionContext<E, I>) => Promise<GuardedChange & { status: StatusChange }>;

export function createGuardedUpdates(context: ResourceContext, reads: Pick<ResourceReads, 'get'>) {
  const { resource, binding, source, auditEntity, pickStored, transaction } = context;
  const { get } = reads;

  /**
   * Inside a transaction, the row is read within the actor's scope (404 outside it), its version
   * compared (409 when stale), `decide` says what changes, the row is written with a compare-and-set
   * on the version, and the timeline, audit and event rows are added.
   */
  async function guardedUpdate(
    db: Db | Tx,
    actor: Actor,
    id: number,
    version: number,
    decide: (ctx: WriteContext, before: Entity) => Promise<GuardedChange>,
    options: { action?: AuditAction; merged?: () => Readonly<Record<string, unknown>> } = {},
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
      const changes = { ...diffChanges(pickStored(before), pickStored(after)), ...change.changes, ...afterChanges };
      const { metadata } = change;
      await recordChange(
        tx,
        { userId: actor.userId, action: options.action ?? 'update', entity: auditEntity, entityId: id, changes, ip: actor.ip, ...(metadata ? { metadata } : {}) },
        { ...(metadata ? { metadata } : {}), ...eventKind(change.status) },
        change.status?.timeline,
      );
      return after;
    });
  }

  /** A guarded update's event: a transition (status codes, and a timeline entry's comment) or a plain update. */
  function eventKind(status: StatusChange | undefined) {
    if (!status) return { type: 'record.updated' as const };
    return {
      type: 'record.transitioned' as const,
      fromStatus: status.from,
      toStatus: status.to,
      ...(status.timeline ? { metadata: { comment: status.timeline.comment } } : {}),
    };
  }

  /** POST /:id/transitions: the declared workflow's action leading to `input.to`. */
  async function transition(db: Db, actor: Actor, id: number, input: TransitionInput): Promise<Entity> {
    if (!resource.workflow || !binding.workflow) throw context.notFound();
    const work = transitionWork(resource, binding.workflow, source);
    return guardedUpdate(db, actor, id, input.version, (ctx, before) => work(ctx, before, input), { action: 'transition' });
  }

  /** A module's status action (closing a cut) on the record, under the version its input carries. */
  async function changeStatus<I extends { version: number }>(db: Db | Tx, actor: Actor, id: number, action: StatusAction<Entity, I>, input: I): Promise<Entity> {
    return guardedUpdate(db, actor, id, input.version, (ctx, before) => action({ ...ctx, before, input }));
  }

  return { guardedUpdate, transition, changeStatus };
}

export type GuardedUpdates = ReturnType<typeof createGuardedUpdates>;
