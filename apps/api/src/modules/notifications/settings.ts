import { z } from 'zod';
import type { AppConfig } from '../../config';
import { optionalText } from '../../lib/env';
import { defineConfig } from '../../lib/modules';

export interface NotificationSettings {
  /** Heartbeat comment on open streams (proxies close idle connections). */
  heartbeatMs: number;
  /** How often open streams check that their sessions are still live. */
  sessionCheckMs: number;
  /** First retry of a failed e-mail; each further retry waits twice as long, up to an hour. */
  mailRetryBaseMs: number;
  /** How often the modules' reminders (the weekly cut's) check whether they are due. */
  reminderCheckMs: number;
}

export interface MailConfig {
  /** smtp:// or smtps:// with credentials, as nodemailer takes it. */
  smtpUrl: string;
  /** The From header: 'GOC <avisos@empresa.mx>'. */
  from: string;
  /** Where the SPA is reached from outside, for the links in e-mails (no trailing slash). */
  publicUrl: string;
}

declare module '../../lib/modules' {
  interface ModuleSettings {
    /** Outgoing e-mail of notifications; absent when GOC_SMTP_URL is not set. */
    mail?: MailConfig | undefined;
    /** Timings of notifications (tests shorten them); defaults in DEFAULT_NOTIFICATION_SETTINGS. */
    notifications?: Partial<NotificationSettings> | undefined;
  }
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  // Below the 30–60 s idle timeouts of common proxies and load balancers.
  heartbeatMs: 25_000,
  sessionCheckMs: 10_000,
  mailRetryBaseMs: 30_000,
  reminderCheckMs: 60_000,
};

export const notificationSettings = (config: AppConfig): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...config.notifications });

/** GOC_SMTP_URL and GOC_MAIL_FROM: e-mail only with both and GOC_PUBLIC_URL (the e-mails carry the link). */
export const notificationsConfig = defineConfig({
  env: z.object({
    GOC_SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/.test(v), 'GOC_SMTP_URL debe ser una dirección smtp:// o smtps:// (smtp://usuario:clave@servidor:587)'),
    GOC_MAIL_FROM: optionalText.refine(
      (v) => v === undefined || /^([^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(v),
      'GOC_MAIL_FROM debe ser un correo electrónico (avisos@empresa.mx o «GOC <avisos@empresa.mx>»)',
    ),
  }),
  settings(e, { publicUrl }) {
    if (e.GOC_SMTP_URL === undefined) return { mail: undefined };
    const problems: string[] = [];
    if (e.GOC_MAIL_FROM === undefined) problems.push('GOC_MAIL_FROM: GOC_MAIL_FROM es obligatoria cuando se define GOC_SMTP_URL');
    if (publicUrl === undefined) problems.push('GOC_PUBLIC_URL: GOC_PUBLIC_URL es obligatoria cuando se define GOC_SMTP_URL (los correos llevan el enlace)');
    if (e.GOC_MAIL_FROM === undefined || publicUrl === undefined) return problems;
    return { mail: { smtpUrl: e.GOC_SMTP_URL, from: e.GOC_MAIL_FROM, publicUrl } };
  },
});
