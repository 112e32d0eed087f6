import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  optionPageSchema,
  webhookCreatedSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEventListSchema,
  webhookListSchema,
  webhookSchema,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type Option,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEvent,
  type WebhookUpdate,
} from '@goc/contracts';
import { api } from '../../lib/api/client';
import { queryKeys } from '../../lib/api/query-keys';

export const integrationKeys = {
  keys: ['integrations', 'api-keys'] as const,
  roles: ['integrations', 'roles'] as const,
  webhooks: queryKeys.webhooks,
  events: ['integrations', 'webhook-events'] as const,
  deliveries: (id: number) => ['integrations', 'webhooks', id, 'deliveries'] as const,
  delivery: (id: number, deliveryId: number) => ['integrations', 'webhooks', id, 'deliveries', deliveryId] as const,
};

export async function fetchApiKeys(): Promise<ApiKey[]> {
  const { data } = await api.get('/api-keys');
  return apiKeyListSchema.parse(data).items;
}

export async function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  const { data } = await api.post('/api-keys', input);
  return apiKeyCreatedSchema.parse(data);
}

export async function revokeApiKey(id: number): Promise<void> {
  await api.delete(`/api-keys/${id}`);
}

/** The roles a key may act with (the picker of the key form). */
export async function fetchRoles(): Promise<Option[]> {
  const { data } = await api.get('/roles/options', { params: { limit: '200' } });
  return optionPageSchema.parse(data).items;
}

export async function fetchWebhooks(): Promise<Webhook[]> {
  const { data } = await api.get('/webhooks');
  return webhookListSchema.parse(data).items;
}

export async function fetchWebhookEvents(): Promise<WebhookEvent[]> {
  const { data } = await api.get('/webhooks/events');
  return webhookEventListSchema.parse(data).items;
}

export async function createWebhook(input: WebhookCreate): Promise<WebhookCreated> {
  const { data } = await api.post('/webhooks', input);
  return webhookCreatedSchema.parse(data);
}

export async function updateWebhook(id: number, input: WebhookUpdate): Promise<Webhook> {
  const { data } = await api.patch(`/webhooks/${id}`, input);
  return webhookSchema.parse(data);
}

export async function deleteWebhook(id: number): Promise<void> {
  await api.delete(`/webhooks/${id}`);
}

export async function fetchDeliveries(id: number): Promise<WebhookDelivery[]> {
  const { data } = await api.get(`/webhooks/${id}/deliveries`);
  return webhookDeliveryListSchema.parse(data).items;
}

/** One delivery with the JSON body it sends (the log leaves the bodies out). */
export async function fetchDelivery(id: number, deliveryId: number): Promise<WebhookDeliveryDetail> {
  const { data } = await api.get(`/webhooks/${id}/deliveries/${deliveryId}`);
  return webhookDeliveryDetailSchema.parse(data);
}

/** A new signing secret; the answer is the only time it is shown. */
export async function rotateSecret(webhook: Pick<Webhook, 'id' | 'version'>): Promise<WebhookCreated> {
  const { data } = await api.post(`/webhooks/${webhook.id}/rotate-secret`, { version: webhook.version });
  return webhookCreatedSchema.parse(data);
}

export async function redeliver(id: number, deliveryId: number): Promise<WebhookDelivery> {
  const { data } = await api.post(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`);
  return webhookDeliverySchema.parse(data);
}

export async function sendTest(id: number): Promise<WebhookDelivery> {
  const { data } = await api.post(`/webhooks/${id}/test`);
  return webhookDeliverySchema.parse(data);
}
