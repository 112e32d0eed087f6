import { z } from 'zod';
import { MAX_ID } from './ids';

/*
 * Integrations (docs/integrations.md): API keys other systems sign in with, and webhooks that tell
 * them about committed domain events. Managed on Configuración → Integraciones (module admin).
 */

export const INTEGRATION_MESSAGES = {
  keyName: 'Escribe un nombre de 1 a 80 caracteres',
  keyRole: 'Elige el rol con el que actuará la clave',
  keyExpiry: 'La fecha de vencimiento debe ser una fecha y hora futura',
  keyNameTaken: 'Ya hay una clave activa con ese nombre',
  keyNotFound: 'La clave API no existe o ya fue revocada',
  roleNotFound: 'El rol elegido no existe',
  keyManagesNothing: 'Una clave API no puede administrar usuarios, roles, claves API ni webhooks, ni usar las rutas de sesión: eso lo hace una persona con su propia sesión',
  webhookUrl: 'Escribe una dirección https:// válida de hasta 2000 caracteres',
  webhookHttps: 'El webhook debe usar una dirección https://',
  webhookPrivate: 'La dirección del webhook apunta a una red privada, local o interna; usa una dirección pública',
  webhookUnresolved: 'No se pudo resolver el nombre del servidor del webhook',
  webhookCredentials: 'La dirección del webhook no puede llevar usuario ni contraseña',
  webhookEvents: 'Elige al menos un evento',
  webhookEventUnknown: (name: string) => `El evento ${name} no existe`,
  webhookDescription: 'La descripción admite hasta 200 caracteres',
  webhookNotFound: 'El webhook no existe',
  webhookInactive: 'El webhook está desactivado; actívalo para enviarle eventos',
  deliveryNotFound: 'El envío no existe',
  deliveryPending: 'El envío sigue pendiente; se reintentará solo',
  version: 'Falta la versión del registro',
  webhookChanged: 'Otra persona modificó el webhook; recarga para ver sus cambios',
} as const;

/** `goc_` + 43 base64url characters (32 random bytes): what a key looks like. */
export const API_KEY_PATTERN = /^goc_[A-Za-z0-9_-]{43,}$/;

const keyName = z.string({ error: INTEGRATION_MESSAGES.keyName }).trim().min(1, INTEGRATION_MESSAGES.keyName).max(80, INTEGRATION_MESSAGES.keyName);

export const apiKeyCreateSchema = z.strictObject({
  name: keyName,
  roleId: z.number({ error: INTEGRATION_MESSAGES.keyRole }).int(INTEGRATION_MESSAGES.keyRole).min(1, INTEGRATION_MESSAGES.keyRole).max(MAX_ID, INTEGRATION_MESSAGES.keyRole),
  /** ISO date-time; absent or null: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true, error: INTEGRATION_MESSAGES.keyExpiry }).nullish(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as listed: never its secret, only the prefix that identifies it. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`goc_AbCd1234`), to recognise it. */
  prefix: z.string(),
  roleId: z.number().int(),
  role: z.object({ id: z.number().int(), label: z.string() }),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of POST /api-keys: the only time `key` is shown. */
export const apiKeyCreatedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  roleId: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** An event a webhook can subscribe to: `<resource>.<action>` (orders.created, cuts.transitioned…). */
export const webhookEventSchema = z.object({ name: z.string(), label: z.string() });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const webhookEventListSchema = z.object({ items: z.array(webhookEventSchema) });

const webhookUrl = z.string({ error: INTEGRATION_MESSAGES.webhookUrl }).trim().max(2000, INTEGRATION_MESSAGES.webhookUrl).pipe(z.url({ error: INTEGRATION_MESSAGES.webhookUrl }));
const webhookEvents = z
  .array(z.string({ error: INTEGRATION_MESSAGES.webhookEvents }).max(100, INTEGRATION_MESSAGES.webhookEvents), { error: INTEGRATION_MESSAGES.webhookEvents })
  .min(1, INTEGRATION_MESSAGES.webhookEvents)
  .max(200, INTEGRATION_MESSAGES.webhookEvents);
const webhookDescription = z.string({ error: INTEGRATION_MESSAGES.webhookDescription }).trim().max(200, INTEGRATION_MESSAGES.webhookDescription);

export const webhookCreateSchema = z.strictObject({
  url: webhookUrl,
  events: webhookEvents,
  description: webhookDescription.nullish(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  version: z.number({ error: INTEGRATION_MESSAGES.version }).int(INTEGRATION_MESSAGES.version),
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  description: webhookDescription.nullish(),
  /** Reactivating a webhook deactivated after days of failures starts its count again. */
  active: z.boolean({ error: 'Debe ser sí o no' }).optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Since when every delivery fails (null: the last one succeeded). */
  failingSince: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks and POST /webhooks/:id/rotate-secret: the signing secret is shown this once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });

/** POST /webhooks/:id/rotate-secret: a new signing secret replaces the old one at once. */
export const webhookRotateSecretSchema = z.strictObject({
  version: z.number({ error: INTEGRATION_MESSAGES.version }).int(INTEGRATION_MESSAGES.version),
});
export type WebhookRotateSecret = z.infer<typeof webhookRotateSecretSchema>;
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'Pendiente',
  succeeded: 'Entregado',
  failed: 'Fallido',
};

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The GOC-Delivery header: the event's id (`test-<n>` for a test). */
  deliveryId: z.string(),
  event: z.string(),
  resource: z.string(),
  recordId: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });

/** GET /webhooks/:id/deliveries/:deliveryId: the delivery with the JSON body it sends (the list leaves it out). */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({ payload: z.record(z.string(), z.unknown()) });
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
