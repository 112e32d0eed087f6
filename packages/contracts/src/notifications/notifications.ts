import { z } from 'zod';
import { listQueryParams } from '../list-query';

/*
 * Notifications (docs/notifications.md): what each person is told, in the app (bell, panel, live
 * stream) and by e-mail when they chose it. The API and the SPA share the types, their Spanish labels
 * and the shapes of every answer.
 */

export const NOTIFICATION_TYPES = ['order_sent', 'order_status', 'approval_requested', 'order_decided', 'movement_status', 'movement_late', 'cut_open', 'access_changed', 'webhook_disabled', 'stock_transfer', 'stock_count'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How each type reads in the preferences table. */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, { label: string; description: string }>> = {
  order_sent: { label: 'Pedidos enviados a compras', description: 'Un pedido espera autorización' },
  order_status: { label: 'Estatus de mis pedidos', description: 'Autorizado, rechazado, comprado, entregado o cancelado' },
  approval_requested: { label: 'Solicitudes de aprobación', description: 'Compras pide a Dirección autorizar un pedido sobre el límite o el presupuesto' },
  order_decided: { label: 'Pedidos autorizados o rechazados', description: 'Un pedido enviado fue autorizado (sigue comprarlo) o rechazado' },
  movement_status: { label: 'Estatus de mis movimientos', description: 'Un movimiento que capturaste cambió de estatus' },
  movement_late: { label: 'Movimientos fuera de plazo', description: 'Se capturó un movimiento después de su fecha límite' },
  cut_open: { label: 'Corte semanal sin cerrar', description: 'Los lunes a las 10:00, si el corte de la semana pasada sigue abierto' },
  access_changed: { label: 'Cambios en mi rol o permisos', description: 'Tu rol o sus permisos cambiaron' },
  webhook_disabled: { label: 'Webhooks desactivados', description: 'Un webhook que creaste falló durante 3 días y se desactivó' },
  stock_transfer: { label: 'Traspasos de almacén', description: 'Un traspaso de o hacia una obra de la que eres residente espera recibirse' },
  stock_count: { label: 'Conteos de inventario', description: 'Un conteo de inventario físico espera aprobación' },
};

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
