import { eq } from 'drizzle-orm';
import { routePath } from '@goc/contracts';
import { users } from '../../db/schema';
import type { DomainEvent } from '../../lib/events/types';
import type { Draft, NotificationRule, RuleContext } from '../../lib/notify';

/** A webhook failing for days was deactivated (modules/integrations): its creator hears it. */
async function webhookDrafts(ctx: RuleContext, event: DomainEvent): Promise<Draft[]> {
  const createdById = Number(event.metadata?.createdById);
  if (event.type !== 'webhooks.deactivated' || !Number.isInteger(createdById)) return [];
  const [row] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, createdById)).limit(1);
  if (!row?.active) return [];
  return [
    {
      userId: createdById,
      type: 'webhook_disabled',
      title: 'Se desactivó un webhook',
      body: `Las entregas a ${String(event.metadata?.url ?? '')} fallaron durante 3 días y el webhook se desactivó; revisa el receptor y vuelve a activarlo en Integraciones.`,
      link: routePath('integrations'),
    },
  ];
}


/** The webhooks' notification rule (the integrations manifest declares it). */
export const webhookNotifications: NotificationRule = { resource: 'webhooks', drafts: webhookDrafts };
