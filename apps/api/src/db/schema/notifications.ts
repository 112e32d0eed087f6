import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@goc/contracts';
import { users } from './access';
import { auditColumns, idColumn } from './columns';

/*
 * Notifications (migration 0011, docs/notifications.md): one row per person told; the mail queue
 * carries the e-mails to send with their retries; stream tickets let an EventSource (which cannot
 * send a bearer) open the live stream once.
 */

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    // A person's notifications go with them.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** What makes a notification once-only: the event and the person, or the week and the person. */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} is null`),
  ],
);

/** A row per person and type that differs from the default (e-mail off). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    email: boolean('email').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.userId, t.type] })],
);

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: idColumn(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    ...auditColumns(),
  },
  (t) => [index('mail_queue_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`), index('mail_queue_notification_idx').on(t.notificationId)],
);

/** Single-use, short-lived: only the SHA-256 of the ticket is stored. */
export const notificationStreamTickets = pgTable(
  'notification_stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [index('notification_stream_tickets_user_idx').on(t.userId)],
);
