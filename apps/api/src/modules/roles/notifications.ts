import { eq } from 'drizzle-orm';
import { routePath } from '@goc/contracts';
import { roles, users } from '../../db/schema';
import type { DomainEvent } from '../../lib/events/types';
import type { Draft, NotificationRule, RuleContext } from '../../lib/notify';

/** A role's permission matrix changed: every active user holding it hears it. */
async function roleDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  if (event.type !== 'record.updated' || !Object.keys(event.changes ?? {}).some((k) => k.startsWith('permissions.'))) return [];
  const holders = await ctx.db.select({ id: users.id, active: users.active, role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.roleId, event.recordId));
  return holders
    .filter((h) => h.active && h.id !== event.actorId)
    .map((h) => ({
      userId: h.id,
      type: 'access_changed',
      title: 'Cambiaron los permisos de tu rol',
      body: `Los permisos del rol ${h.role} cambiaron; tu menú y lo que puedes hacer ya reflejan el cambio.`,
      link: routePath('home'),
    }));
}


/** The roles' notification rule (the roles manifest declares it). */
export const roleNotifications: NotificationRule = { resource: 'roles', drafts: roleDrafts };
