import { z } from 'zod';
import { listQueryParams } from '../list-query';
import { NAVIGATION } from '../navigation/index';
import type { NotificationTypeDef } from '../navigation/define';

/*
 * Notifications (docs/notifications.md): what each person is told, in the app (bell, panel, live
 * stream) and by e-mail when they chose it. The API and the SPA share the types (each module declares
 * its own with their Spanish labels in its navigation), and the shapes of every answer.
 */

type Declared = (typeof NAVIGATION)[number];

/** Every type some module's navigation declares (`notifications`). */
export type NotificationType = Declared extends infer N ? (N extends { notifications?: infer D } ? keyof NonNullable<D> & string : never) : never;

/** How each type reads in the preferences table, gathered from the modules that send them. */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, NotificationTypeDef>> = (() => {
  const all: Record<string, NotificationTypeDef> = {};
  for (const module of NAVIGATION) {
    for (const [type, label] of Object.entries<NotificationTypeDef>(module.notifications ?? {})) {
      if (type in all) throw new Error(`notification type ${type} is declared twice`);
      all[type] = label;
    }
  }
  // The loop gathered exactly the types every module declares.
  return all as Record<NotificationType, NotificationTypeDef>;
})();

/** The types in the modules' order (the preferences table's rows). */
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPE_LABELS) as [NotificationType, ...NotificationType[]];

export const NOTIFICATION_MESSAGES = {
  notFound: 'La notificación no existe',
  ticket: 'El boleto de conexión no es válido o ya se usó; solicita uno nuevo',
  unread: 'unread debe ser 1 o 0',
  lastEventId: 'Last-Event-ID debe ser un número entero',
  email: 'Debe ser sí o no',
  type: 'Tipo de notificación desconocido',
  tooManyStreams: (max: number) => `Ya tienes ${max} conexiones de avisos en vivo abiertas (una por pestaña de GOC). Cierra alguna e inténtalo de nuevo.`,
} as const;

export const notificationItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** An SPA route: the record's list filtered to it, or its detail. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** Largest page of the panel and the list. */
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

export const notificationListQuerySchema = z.object({
  unread: z.enum(['1', '0'], { error: NOTIFICATION_MESSAGES.unread }).optional(),
  page: listQueryParams.page,
  pageSize: z.coerce
    .number({ error: `El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_MAX_PAGE_SIZE}` })
    .int(`El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .min(1, `El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, `El tamaño de página debe ser un número entero entre 1 y ${NOTIFICATIONS_MAX_PAGE_SIZE}`)
    .default(20),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** Unread first, newest first within each group; `unread` counts all the user's unread ones. */
export const notificationListSchema = z.object({
  items: z.array(notificationItemSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const streamTicketSchema = z.object({ ticket: z.string() });

/** The in-app channel is always on; e-mail is each person's choice per type. */
export const notificationChannelsSchema = z.object({
  inApp: z.literal(true),
  email: z.boolean(),
});
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<NotificationType, typeof notificationChannelsSchema>,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * What GET / PUT /notifications/preferences answer: the choices, and whether the server can send
 * e-mail at all (GOC_SMTP_URL set) — without it the e-mail choices are kept but nothing is sent.
 */
export const notificationPreferencesViewSchema = notificationPreferencesSchema.extend({ emailConfigured: z.boolean() });
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesViewSchema>;

/** PUT body: any subset of the types; the in-app channel cannot be turned off. */
export const notificationPreferencesInputSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, z.object({ inApp: z.literal(true).optional(), email: z.boolean({ error: NOTIFICATION_MESSAGES.email }) }).optional()]),
  ) as Record<NotificationType, z.ZodOptional<z.ZodObject<{ inApp: z.ZodOptional<z.ZodLiteral<true>>; email: z.ZodBoolean }>>>,
  { error: (issue) => (issue.code === 'unrecognized_keys' ? NOTIFICATION_MESSAGES.type : undefined) },
);
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;
