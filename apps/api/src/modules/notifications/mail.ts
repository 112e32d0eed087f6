import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationItem } from '@goc/contracts';
import type { MailConfig, NotificationSettings } from './settings';
import type { Db, Executor } from '../../db/client';
import { mailQueue, notificationPreferences, users } from '../../db/schema';
import { retryDelayMs } from '../../lib/jobs/backoff';
import { insertJobs } from '../../lib/jobs/store';
import type { QueueDefinition } from '../../lib/jobs/types';
import type { Delivered } from './bus';

/*
 * E-mail of notifications: queued in the notification's transaction (a mail_queue row and its
 * lib/jobs item), sent afterwards by whichever process takes the item. A failed send is retried
 * with a doubling back-off; the action that caused it never waits for the mail server nor fails
 * with it.
 */

/** After this many failed attempts a mail is no longer retried: its row keeps the last error, its job is dead. */
export const MAX_MAIL_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 3_600_000;

export interface MailComposer {
  publicUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Subject, plain text and simple HTML of a notification's e-mail, in Spanish, with the link. */
export function composeMail(composer: MailComposer, item: NotificationItem): { subject: string; text: string; html: string } {
  const url = `${composer.publicUrl}${item.link ?? '/'}`;
  const footer = 'Recibes este correo porque lo elegiste en tus preferencias de notificaciones de GOC.';
  const text = `${item.title}\n\n${item.body}\n\nÁbrelo en GOC: ${url}\n\n--\n${footer}\n`;
  const html = [
    '<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937">',
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(item.title)}</h2>`,
    `<p style="margin:0 0 16px">${escapeHtml(item.body)}</p>`,
    `<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="background:#2563eb;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">Abrir en GOC</a></p>`,
    `<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `GOC: ${item.title}`, text, html };
}

/** The e-mail address of each recipient who chose e-mail for the notification's type, by notification id. */
export async function emailRecipients(executor: Executor, delivered: readonly Delivered[]): Promise<Map<number, string>> {
  const ids = [...new Set(delivered.map((d) => d.userId))];
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ userId: users.id, email: users.email, type: notificationPreferences.type })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(and(inArray(notificationPreferences.userId, ids), eq(notificationPreferences.email, true), eq(users.active, true)));
  const wanted = new Set(rows.filter((r) => r.email).map((r) => `${r.userId}:${r.type}`));
  const address = new Map(rows.filter((r) => r.email).map((r) => [r.userId, r.email as string]));
  return new Map(delivered.filter((d) => wanted.has(`${d.userId}:${d.item.type}`)).map((d) => [d.item.id, address.get(d.userId) as string]));
}

/** Queues the e-mails of the new notifications whose recipients chose e-mail for their type. */
export async function enqueueMail(tx: Executor, composer: MailComposer, delivered: readonly Delivered[]): Promise<void> {
  const recipients = await emailRecipients(tx, delivered);
  const rows = delivered.flatMap(({ item }) => {
    const to = recipients.get(item.id);
    if (!to) return [];
    const { subject, text, html } = composeMail(composer, item);
    return [{ notificationId: item.id, toAddress: to, subject, textBody: text, htmlBody: html }];
  });
  if (rows.length === 0) return;
  const queued = await tx.insert(mailQueue).values(rows).returning({ id: mailQueue.id });
  await insertJobs(tx, MAIL_QUEUE, queued.map((row) => ({ payload: { mailId: row.id } })));
}

/** Wait before attempt `attempts + 1`: base, 2×base, 4×base… up to an hour. */
export const backoffMs = (base: number, attempts: number) => retryDelayMs({ baseMs: base, maxMs: MAX_BACKOFF_MS }, attempts);

/** The queue of notification e-mails (lib/jobs): one item per mail_queue row. */
export const MAIL_QUEUE = 'notifications.mail';

/**
 * The mail queue's definition, and its SMTP transport's close. Each attempt is written on the
 * mail_queue row (attempts, last error, when the next one is due) so the row tells what happened;
 * after MAX_MAIL_ATTEMPTS the item is dead (Tareas en segundo plano) and the row keeps its last error.
 */
export function mailQueueDefinition(config: MailConfig, settings: NotificationSettings): { definition: QueueDefinition<{ mailId: number }>; close(): void } {
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const record = (db: Db, id: number, set: { attempts: number; lastError: string | null; sentAt?: SQL; nextAttemptAt?: SQL }) =>
    db
      .update(mailQueue)
      .set({ ...set, updatedAt: sql`now()`, version: sql`${mailQueue.version} + 1` })
      .where(eq(mailQueue.id, id));
  return {
    definition: {
      name: MAIL_QUEUE,
      maxAttempts: MAX_MAIL_ATTEMPTS,
      // Beyond the transport's own timeouts (10 s to connect, 30 s of silence).
      timeoutMs: 60_000,
      backoff: { baseMs: settings.mailRetryBaseMs, maxMs: MAX_BACKOFF_MS },
      async handle({ mailId }, { db, attempt }) {
        const [mail] = await db.select().from(mailQueue).where(eq(mailQueue.id, mailId)).limit(1);
        // Sent already (an attempt whose outcome was not recorded), or gone with its notification's purge.
        if (!mail || mail.sentAt !== null) return;
        try {
          await transport.sendMail({ from: config.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await record(db, mailId, { attempts: attempt, lastError: message.slice(0, 500), nextAttemptAt: sql`now() + ${`${backoffMs(settings.mailRetryBaseMs, attempt)} milliseconds`}::interval` });
          throw error;
        }
        await record(db, mailId, { attempts: attempt, sentAt: sql`now()`, lastError: null });
      },
    },
    close: () => transport.close(),
  };
}
