import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { NotificationItem } from '@goc/contracts';
import type { MailConfig, NotificationSettings } from '../../config';
import type { Db, Executor } from '../../db/client';
import { mailQueue, notificationPreferences, users } from '../../db/schema';
import type { Delivered } from './bus';

/*
 * E-mail of notifications: queued in the notification's transaction (mail_queue), sent afterwards
 * by whichever process polls first. A failed send is retried with a doubling back-off; the action
 * that caused it never waits for the mail server nor fails with it.
 */

/** After this many failed attempts a mail stays in the queue with its last error, no longer retried. */
export const MAX_MAIL_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 3_600_000;
/** A claimed mail is retried by anyone after this long (its process may have died mid-send). */
const CLAIM_MS = 5 * 60_000;
const BATCH = 20;

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
  if (rows.length > 0) await tx.insert(mailQueue).values(rows);
}

/** Wait before attempt `attempts + 1`: base, 2×base, 4×base… up to an hour. */
export const backoffMs = (base: number, attempts: number) => Math.min(base * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

export interface MailSender {
  /** Sends what is due now (also after each delivery with e-mails, so nobody waits for the poll). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailSender(db: Db, config: MailConfig, settings: NotificationSettings, log: FastifyBaseLogger): MailSender {
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Takes due mails for this process: others skip them until sent, failed or the claim lapses. */
  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(isNull(mailQueue.sentAt), lte(mailQueue.nextAttemptAt, sql`now()`), lt(mailQueue.attempts, MAX_MAIL_ATTEMPTS)))
        .orderBy(mailQueue.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailQueue)
        .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval`, updatedAt: sql`now()`, version: sql`${mailQueue.version} + 1` })
        .where(inArray(mailQueue.id, due.map((d) => d.id)))
        .returning();
    });
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          await transport.sendMail({ from: config.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
          await db
            .update(mailQueue)
            .set({ sentAt: sql`now()`, lastError: null, updatedAt: sql`now()`, version: sql`${mailQueue.version} + 1` })
            .where(eq(mailQueue.id, mail.id));
        } catch (error) {
          const wait = backoffMs(settings.mailRetryBaseMs, mail.attempts);
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'no se pudo enviar un correo de notificación; se reintentará');
          await db
            .update(mailQueue)
            .set({ lastError: message.slice(0, 500), nextAttemptAt: sql`now() + ${`${wait} milliseconds`}::interval`, updatedAt: sql`now()`, version: sql`${mailQueue.version} + 1` })
            .where(eq(mailQueue.id, mail.id));
        }
      }
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDue()
      .catch((error: unknown) => log.warn({ err: error }, 'falló el envío de la cola de correo'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    kick,
    start() {
      timer = setInterval(kick, settings.mailPollMs);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
