import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesViewSchema,
  streamTicketSchema,
} from '@goc/contracts';
import { idParamsSchema } from '../../lib/crud/routes';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { httpLimits } from '../../lib/http-limits';
import { errorResponses } from '../../lib/openapi';
import { every } from '../../lib/jobs/slots';
import { createSlots } from '../../lib/slots';
import { mailQueueDefinition } from './mail';
import { createNotifier } from './notifier';
import { notificationSettings } from './settings';
import { listNotifications, markAllRead, markRead, notificationsAfter, readPreferences, writePreferences } from './store';
import { issueTicket, redeemTicket } from './tickets';

const tags = ['Notificaciones'];
/** How many missed notifications a resumed stream replays at most (the panel shows fewer). */
const BACKLOG_LIMIT = 100;

const lastEventIdSchema = z.coerce.number({ error: NOTIFICATION_MESSAGES.lastEventId }).int(NOTIFICATION_MESSAGES.lastEventId).min(0, NOTIFICATION_MESSAGES.lastEventId);

const streamQuerySchema = z.object({
  ticket: z.string({ error: NOTIFICATION_MESSAGES.ticket }).min(1, NOTIFICATION_MESSAGES.ticket).max(200, NOTIFICATION_MESSAGES.ticket),
  /** Last-Event-ID for clients that reconnect with a new URL (a new ticket) rather than the header. */
  lastEventId: lastEventIdSchema.optional(),
});

/** /notifications: each person's notifications, the live stream, preferences; and the subscriber of domain events. */
export default async function notificationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const rules = app.modules.flatMap((m) => m.notifications ?? []);
  const reminders = app.modules.flatMap((m) => m.reminders ?? []);
  const notifier = createNotifier({ config: app.config, database: app.database, listeners: app.listeners, resources: app.resources, rules, reminders, log: app.log });
  app.events.subscribe(notifier.subscriber);
  // Whether the modules' reminders (the weekly cut's…) are due is checked once a minute, by whichever process takes the slot.
  app.jobs.schedule({
    name: 'notifications.reminder',
    next: every(notificationSettings(app.config).reminderCheckMs),
    maxAttempts: 3,
    timeoutMs: 60_000,
    backoff: { baseMs: 5_000, maxMs: 30_000 },
    concurrency: 1,
    handle: async () => void (await notifier.remind()),
  });
  if (app.config.mail) {
    const mail = mailQueueDefinition(app.config.mail, notificationSettings(app.config));
    app.jobs.define(mail.definition);
    app.addHook('onClose', async () => mail.close());
  }
  app.addHook('onReady', () => notifier.start());
  // Before the server stops accepting: open streams end so closing does not wait for them.
  app.addHook('preClose', () => notifier.hub.close());
  app.addHook('onClose', () => notifier.stop());
  // Without GOC_SMTP_URL no e-mail leaves the server: the preferences page says so.
  const emailConfigured = app.config.mail !== undefined;
  // Each open stream holds a connection and a file: one user keeps a bounded number (docs/security.md).
  const { streamsPerUser } = httpLimits(app.config);
  const streams = createSlots({ perUser: streamsPerUser });

  app.get('/notifications', {
    config: { authenticated: true },
    schema: {
      operationId: 'listNotifications',
      tags,
      summary: 'Mis notificaciones: primero las no leídas, las más recientes arriba',
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const { unread, page, pageSize } = request.query;
      return listNotifications(app.db, request.user.id, { unread: unread === '1', page, pageSize });
    },
  });

  app.post('/notifications/:id/read', {
    config: { authenticated: true },
    schema: { operationId: 'markNotificationRead', tags, summary: 'Marcar una notificación como leída', params: idParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 404) } },
    handler: async (request, reply) => {
      if (!(await markRead(app.db, request.user.id, request.params.id))) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      return reply.status(204).send(null);
    },
  });

  app.post('/notifications/read-all', {
    config: { authenticated: true },
    schema: { operationId: 'markAllNotificationsRead', tags, summary: 'Marcar todas mis notificaciones como leídas', response: { 204: z.null(), ...errorResponses(401) } },
    handler: async (request, reply) => {
      await markAllRead(app.db, request.user.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/notifications/preferences', {
    config: { authenticated: true },
    schema: { operationId: 'getNotificationPreferences', tags, summary: 'Mis preferencias: por tipo, en la aplicación (siempre) y por correo', response: { 200: notificationPreferencesViewSchema, ...errorResponses(401) } },
    handler: async (request) => ({ ...(await readPreferences(app.db, request.user.id)), emailConfigured }),
  });

  app.put('/notifications/preferences', {
    config: { authenticated: true },
    schema: {
      operationId: 'updateNotificationPreferences',
      tags,
      summary: 'Cambiar qué tipos recibo también por correo',
      body: notificationPreferencesInputSchema,
      response: { 200: notificationPreferencesViewSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ ...(await writePreferences(app.db, request.user.id, request.body)), emailConfigured }),
  });

  app.post('/notifications/stream-ticket', {
    config: { authenticated: true },
    schema: {
      operationId: 'createNotificationStreamTicket',
      tags,
      summary: 'Boleto de un solo uso, válido 60 s, para abrir el flujo en vivo (EventSource no envía el token)',
      response: { 200: streamTicketSchema, ...errorResponses(401) },
    },
    handler: async (request) => ({ ticket: await issueTicket(app.db, request.user.id, request.user.familyId) }),
  });

  // Public to the access plugin: EventSource sends no bearer, so the single-use ticket authenticates
  // (it carries the user and their login, checked again below and while the stream is open).
  app.get('/notifications/stream', {
    config: { public: true },
    schema: {
      operationId: 'streamNotifications',
      tags,
      summary: 'Notificaciones en vivo (Server-Sent Events: event notification, latido cada 25 s, Last-Event-ID reanuda)',
      querystring: streamQuerySchema,
      response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } }, ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      const session = await redeemTicket(app.db, request.query.ticket);
      if (!session) throw new UnauthorizedError(NOTIFICATION_MESSAGES.ticket);
      if (!(await app.liveSession(session.userId, session.familyId))) throw new UnauthorizedError();
      const header = request.headers['last-event-id'];
      const resumeFrom = header === undefined ? request.query.lastEventId : lastEventIdSchema.safeParse(header).data;
      const slot = streams.acquire(session.userId);
      if (!slot.ok) throw new TooManyRequestsError(NOTIFICATION_MESSAGES.tooManyStreams(streamsPerUser));
      reply.raw.once('close', slot.release);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on as it comes.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      response.write('retry: 5000\n\n');
      await notifier.hub.open(session.userId, session.familyId, response, async () =>
        resumeFrom === undefined ? [] : notificationsAfter(app.db, session.userId, resumeFrom, BACKLOG_LIMIT),
      );
    },
  });
}
