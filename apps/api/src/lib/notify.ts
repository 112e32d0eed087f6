import { eq } from 'drizzle-orm';
import type { NotificationType } from '@goc/contracts';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { ResourceService } from './crud/service';
import type { ReadonlyResourceServices } from './crud/services';
import type { Entity } from './crud/source';
import type { Actor } from './crud/types';
import type { DomainEvent } from './events/types';
import { loadRolePermissions } from './permissions';

/*
 * Notification rules as modules declare them (their manifest's `notifications`): each turns a
 * committed domain event of the module's resources into the notifications of the people it concerns.
 * The notifications module runs every declared rule; it names no module. Never the actor; never about
 * a record the person may not open (`visibleTo`); never to an inactive user.
 */

/** One notification for one person, before it is stored. */
export interface Draft {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
}

export interface RuleContext {
  db: Db;
  /** Resource services by key (app.resources). */
  resources: ReadonlyResourceServices;
}

/** A module's rule: the events of `resource` it reads, and the notifications one causes (none: []). */
export interface NotificationRule {
  /** The resource key whose events the rule reads. */
  resource: string;
  drafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]>;
}

/** How a reference of an entity reads: a status by its name, any other reference by its label. */
export const labelOf = (value: unknown): string => {
  if (typeof value !== 'object' || value === null) return '';
  if ('name' in value && typeof value.name === 'string') return value.name;
  return 'label' in value && typeof value.label === 'string' ? value.label : '';
};

/** The person as an actor with their role's permissions now; null when inactive or gone. */
export async function actorFor(db: Db, userId: number): Promise<Actor | null> {
  const [row] = await db.select({ roleId: users.roleId, active: users.active }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.active) return null;
  return { userId, ip: '', permissions: await loadRolePermissions(db, row.roleId) };
}

/**
 * The candidates who may open the record (as its GET /:id would let them), without the actor, each
 * with the record as they see it.
 */
export async function visibleTo(ctx: RuleContext, service: ResourceService, recordId: number, candidates: readonly number[], actorId: number | null) {
  const seen: { userId: number; record: Entity }[] = [];
  for (const userId of new Set(candidates)) {
    if (userId === actorId) continue;
    const actor = await actorFor(ctx.db, userId);
    const record = actor ? await service.readable(ctx.db, actor, recordId) : null;
    if (record) seen.push({ userId, record });
  }
  return seen;
}

export const isStatusChange = (event: DomainEvent): event is DomainEvent & { toStatus: string } => event.type === 'record.transitioned' && typeof event.toStatus === 'string';

/**
 * A module's reminder (its manifest's `reminders`): the notifications due at `now`, each with a key
 * that makes it once per person whichever process or minute gets there first. The notifications
 * module checks every declared reminder once a minute, in one process at a time.
 */
export interface NotificationReminder {
  name: string;
  due(db: Db, now: Date): Promise<{ drafts: Draft[]; key: (draft: Draft) => string }>;
}

/** The notifications an event causes under the declared rules (none for events nobody is told about). */
export async function draftsFor(rules: readonly NotificationRule[], ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (const rule of rules) if (rule.resource === event.resource) drafts.push(...(await rule.drafts(ctx, event)));
  return drafts;
}
