import { eq } from 'drizzle-orm';
import { routePath } from '@goc/contracts';
import { roles, users } from '../../db/schema';
import type { DomainEvent } from '../../lib/events/types';
import type { Draft, NotificationRule, RuleContext } from '../../lib/notify';

/** A user's own role changed: they hear it (the record is about them, whatever they may open). */
async function userDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  if (event.type !== 'record.updated' || event.changes?.roleId === undefined || event.recordId === event.actorId) return [];
  const [row] = await ctx.db
    .select({ active: users.active, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, event.recordId))
    .limit(1);
  if (!row?.active) return [];
  return [
    {
      userId: event.recordId,
      type: 'access_changed',
      title: 'Tu rol cambió',
      body: `Ahora tienes el rol ${row.role}; tu menú y lo que puedes hacer ya reflejan el cambio.`,
      link: routePath('home'),
    },
  ];
}


/** The users' notification rule (the users manifest declares it). */
export const userNotifications: NotificationRule = { resource: 'users', drafts: userDrafts };
