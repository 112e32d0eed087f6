import { and, eq } from 'drizzle-orm';
import { businessDayStart, currentWeek, previousWeeks, routePath, type Instant } from '@goc/contracts';
import type { Db } from '../../db/client';
import { registryCuts } from '../../db/schema';
import { usersWithPermission } from '../../lib/permissions';
import type { Draft, NotificationReminder } from '../../lib/notify';

/*
 * Mondays from 10:00 Mexico City: when last week's cut is still open, HR (registry_history edit, who
 * may open every cut) is reminded to close it. Every process checks every minute; the notification's key (the cut and the
 * person) makes it once per cut and person whichever process gets there first, and a process that
 * starts later in the week still reminds.
 */

const REMINDER_HOUR = 10;

/** The instant this week's reminder becomes due: Monday 10:00 in Mexico City (no daylight saving). */
export function reminderDueAt(now: Instant): Date {
  const monday = businessDayStart(currentWeek(now).start);
  return new Date(monday.getTime() + REMINDER_HOUR * 3_600_000);
}

export const cutReminderKey = (cutId: number, userId: number) => `cut_open:${cutId}:${userId}`;

/** The reminders due at `now` (none before Monday 10:00 or when last week's cut is closed or absent). */
export async function cutReminderDrafts(db: Db, now: Instant): Promise<{ cutId: number; drafts: Draft[] }> {
  const instant = new Date(now);
  if (instant < reminderDueAt(instant)) return { cutId: 0, drafts: [] };
  const [lastWeek] = previousWeeks(1, currentWeek(instant).start);
  if (!lastWeek) return { cutId: 0, drafts: [] };
  const [cut] = await db
    .select({ id: registryCuts.id, label: registryCuts.label })
    .from(registryCuts)
    .where(and(eq(registryCuts.startDate, lastWeek.start), eq(registryCuts.status, 'abierto')))
    .limit(1);
  if (!cut) return { cutId: 0, drafts: [] };
  const drafts: Draft[] = [];
  for (const userId of await usersWithPermission(db, 'registry_history', 'edit')) {
    drafts.push({
      userId,
      type: 'cut_open',
      title: `El corte ${cut.label} sigue abierto`,
      body: `El corte semanal de la semana pasada (${cut.label}) sigue abierto; ciérralo para enviar sus movimientos.`,
      link: routePath('registryCut', { cutId: cut.id }),
    });
  }
  return { cutId: cut.id, drafts };
}

/** The registry's reminder (its manifest's `reminders`): once per open cut and person. */
export const openCutReminder: NotificationReminder = {
  name: 'registry.open-cut',
  async due(db, now) {
    const { cutId, drafts } = await cutReminderDrafts(db, now);
    return { drafts, key: (draft) => cutReminderKey(cutId, draft.userId) };
  },
};
