import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  notificationPreferencesSchema,
  type NotificationItem,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type NotificationType,
} from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema';
import type { NotificationBus, Delivered } from './bus';
import { enqueueMail, type MailComposer } from './mail';
import type { Draft } from '../../lib/notify';

type Row = typeof notifications.$inferSelect;

export const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

export interface DeliveryDeps {
  bus: NotificationBus;
  /** Null when e-mail is not configured. */
  mail: MailComposer | null;
}

/**
 * Stores the drafts once each (`dedupeKey(draft)` is unique: an event delivered twice, or two
 * processes running the weekly reminder, tell nobody twice), queues the e-mails their recipients
 * chose and announces them — all in one transaction. Returns what was new.
 */
export async function deliver(db: Db, deps: DeliveryDeps, drafts: readonly Draft[], dedupeKey: (draft: Draft) => string): Promise<Delivered[]> {
  if (drafts.length === 0) return [];
  const delivered = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(drafts.map((d) => ({ userId: d.userId, type: d.type, title: d.title, body: d.body, link: d.link, dedupeKey: dedupeKey(d) })))
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning();
    const fresh = rows.map((row) => ({ userId: row.userId, item: toItem(row) }));
    if (deps.mail && fresh.length > 0) await enqueueMail(tx, deps.mail, fresh);
    await deps.bus.announce(tx, fresh);
    return fresh;
  });
  deps.bus.committed(delivered);
  return delivered;
}

export async function listNotifications(db: Db, userId: number, query: { unread: boolean; page: number; pageSize: number }): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const unreadOnly = and(mine, isNull(notifications.readAt));
  const where = query.unread ? unreadOnly : mine;
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      // Unread first, newest first within each group.
      .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    db.select({ n: count() }).from(notifications).where(unreadOnly),
  ]);
  return { items: rows.map(toItem), total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

/** The user's notifications after `afterId`, oldest first (a stream resuming from Last-Event-ID). */
export async function notificationsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<NotificationItem[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(notifications.id)
    .limit(limit);
  return rows.map(toItem);
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, updatedAt: sql`now()`, version: sql`${notifications.version} + 1` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()`, updatedAt: sql`now()`, version: sql`${notifications.version} + 1` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function readPreferences(executor: Executor, userId: number): Promise<NotificationPreferences> {
  const rows = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.email]));
  return notificationPreferencesSchema.parse(Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { inApp: true, email: chosen.get(type) ?? false }])));
}

export async function writePreferences(db: Db, userId: number, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  const entries = Object.entries(input).filter((e): e is [NotificationType, { email: boolean }] => e[1] !== undefined);
  return db.transaction(async (tx) => {
    for (const [type, { email }] of entries) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, type, email })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { email, updatedAt: sql`now()`, version: sql`${notificationPreferences.version} + 1` },
        });
    }
    return readPreferences(tx, userId);
  });
}
