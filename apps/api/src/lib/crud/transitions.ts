import { and, asc, eq } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { allows, WORKFLOW_MESSAGES, type AnyResource, type TimelineEntry } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { employees, recordTimeline, users } from '../../db/schema';
import { ConflictError, ForbiddenError, ValidationError } from '../errors';
import { userDisplay, userDisplayColumns } from './people';
import type { GuardedChange, StatusChange } from './guarded-update';
import type { Entity, ResourceSource } from './source';
import { statusByCode, statusColumns } from './statuses';
import type { Input, WorkflowBinding, WriteContext } from './types';

/** POST /:id/transitions body after validation (contracts transitionInputSchema). */
export type TransitionInput = Input & { to: string; version: number; comment?: string | null };

/**
 * The work of one transition on a row read inside the guarded update: picks the declared action
 * leading to `to` that the actor may take from the current status (403 without its permission or
 * ownership, 409 naming the current status when no action starts there), requires the comment when
 * declared, runs the binding's hook for the target (which may correct the target, set columns and add
 * audit changes) and resolves the status row by its code.
 */
export function transitionWork(resource: AnyResource, workflow: WorkflowBinding, source: ResourceSource) {
  const declared = resource.workflow;
  if (!declared) throw new Error(`${resource.key}: transitions need a declared workflow`);
  const statusColumn = source.columns.get(declared.statusField);
  if (!statusColumn) throw new Error(`${resource.key}: status field ${declared.statusField} is not a column`);
  const ownerField = declared.ownerField ? resource.fields.find((f) => f.name === declared.ownerField) : undefined;

  return async (ctx: WriteContext, before: Entity, input: TransitionInput): Promise<GuardedChange & { status: StatusChange }> => {
    const current = before[declared.statusKey] as { id: number; code: string | null; name: string } | null;
    const leading = declared.actions.filter((a) => a.to === input.to);
    const permitted = leading.filter((a) => allows(ctx.actor, a.permission));
    if (permitted.length === 0) throw new ForbiddenError();
    const startsHere = (a: (typeof leading)[number]) => current?.code != null && a.from.includes(current.code);
    const fromHere = permitted.filter(startsHere);
    const isOwner = declared.ownerField === undefined || before[declared.ownerField] === ctx.actor.userId;
    const ownerOnlyRefusal = (a: (typeof leading)[number] | undefined) =>
      new ForbiddenError(a?.ownerOnlyMessage ?? WORKFLOW_MESSAGES.ownerOnly(ownerField?.label ?? 'responsable'));
    if (fromHere.length === 0) {
      // Only the owner's own action starts here (purchasing and another person's draft): say whose it is.
      const ownersOnly = leading.find((a) => startsHere(a) && a.ownerOnly && a.ownerOnlyMessage !== undefined && !isOwner);
      if (ownersOnly) throw ownerOnlyRefusal(ownersOnly);
      const target = await statusByCode(ctx.tx, workflow.statusTable, input.to);
      throw new ConflictError(WORKFLOW_MESSAGES.notFrom(current?.name ?? '—', target.name));
    }
    const action = fromHere.find((a) => !a.ownerOnly || isOwner);
    if (!action) throw ownerOnlyRefusal(fromHere.find((a) => a.ownerOnlyMessage !== undefined));
    const comment = input.comment ?? null;
    if (action.commentRequired && comment === null) throw new ValidationError({ comment: WORKFLOW_MESSAGES.commentRequired });

    const outcome = (await workflow.hooks?.[input.to]?.({ ...ctx, before, input })) ?? {};
    const reached = await statusByCode(ctx.tx, workflow.statusTable, outcome.to ?? input.to);
    const noted = [comment, outcome.comment].filter((text): text is string => typeof text === 'string' && text !== '').join(' — ');
    return {
      values: { ...outcome.values, [declared.statusField]: reached.id },
      ...(outcome.changes ? { changes: outcome.changes } : {}),
      status: {
        from: current?.code ?? null,
        to: reached.code,
        timeline: { fromStatusId: current?.id ?? null, toStatusId: reached.id, comment: noted === '' ? null : noted },
      },
    };
  };
}

/** The status changes of one record, oldest first, with the statuses as their catalogue shows them today. */
export async function loadTimeline(executor: Executor, entity: string, statusTable: PgTable, id: number): Promise<TimelineEntry[]> {
  const fromStatus = alias(statusTable, 'timeline_from');
  const toStatus = alias(statusTable, 'timeline_to');
  const from = statusColumns(fromStatus);
  const to = statusColumns(toStatus);
  const rows = await executor
    .select({
      id: recordTimeline.id,
      at: recordTimeline.at,
      comment: recordTimeline.comment,
      fromId: from.id,
      fromCode: from.code,
      fromName: from.name,
      fromColor: from.color,
      toId: to.id,
      toCode: to.code,
      toName: to.name,
      toColor: to.color,
      ...userDisplayColumns,
    })
    .from(recordTimeline)
    .innerJoin(toStatus, eq(to.id, recordTimeline.toStatusId))
    .leftJoin(fromStatus, eq(from.id, recordTimeline.fromStatusId))
    .leftJoin(users, eq(users.id, recordTimeline.userId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(and(eq(recordTimeline.entity, entity), eq(recordTimeline.entityId, id)))
    .orderBy(asc(recordTimeline.id));
  const status = (sid: unknown, code: unknown, name: unknown, color: unknown) => ({
    id: Number(sid),
    code: (code as string | null) ?? null,
    name: String(name),
    color: (color as string | null) ?? null,
  });
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at.toISOString(),
    from: r.fromId === null ? null : status(r.fromId, r.fromCode, r.fromName, r.fromColor),
    to: status(r.toId, r.toCode, r.toName, r.toColor),
    user: userDisplay(r),
    comment: r.comment,
  }));
}
