import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  INTEGRATION_MESSAGES,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEventListSchema,
  webhookListSchema,
  webhookRotateSecretSchema,
  webhookSchema,
  webhookUpdateSchema,
  type WebhookEvent,
} from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys';
import { attempt, dueDelivery, listDeliveries, requeue } from './deliveries';
import { webhookEventCatalog } from './event-names';
import { createWebhook, deleteWebhook, findDelivery, getWebhook, listWebhooks, queueTest, rotateSecret, toDelivery, toDeliveryDetail, updateWebhook } from './webhooks';

const keyTags = ['Claves API'];
const hookTags = ['Webhooks'];
const admin = (action: 'view' | 'create' | 'edit' | 'delete') => ({ permission: { module: 'admin' as const, action } });

const deliveryParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  deliveryId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** /api-keys and /webhooks (module admin, docs/integrations.md; never to an API key: lib/api-keys keyMayNotReach); the deliveries run in ./worker. */
export default async function integrationRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { settings } = app.webhooks;

  // The resources register before this module; the catalogue is built on first use.
  let catalog: WebhookEvent[] | null = null;
  const events = () => (catalog ??= webhookEventCatalog(app.resources, app.modules));
  const known = () => new Set(events().map((e) => e.name));

  // Answers with a secret shown once take no Idempotency-Key: it would be kept with the answer.
  app.post('/api-keys', {
    config: { ...admin('create'), idempotency: false },
    schema: {
      operationId: 'createApiKey',
      tags: keyTags,
      summary: 'Crear una clave API: la clave se muestra solo en esta respuesta',
      body: apiKeyCreateSchema,
      response: { 201: apiKeyCreatedSchema, ...errorResponses(400, 401, 403, 409, 422) },
    },
    handler: async (request, reply) => reply.code(201).send(await createApiKey(app.db, await actorOf(request), request.body)),
  });

  app.get('/api-keys', {
    config: admin('view'),
    schema: { operationId: 'listApiKeys', tags: keyTags, summary: 'Claves API vigentes, sin su secreto, con su último uso', response: { 200: apiKeyListSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ items: await listApiKeys(app.db) }),
  });

  app.delete('/api-keys/:id', {
    config: admin('delete'),
    schema: { operationId: 'revokeApiKey', tags: keyTags, summary: 'Revocar una clave API (deja de funcionar en la siguiente solicitud)', params: idParamsSchema, response: { 204: z.null(), ...errorResponses(401, 403, 404) } },
    handler: async (request, reply) => {
      await revokeApiKey(app.db, await actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/webhooks/events', {
    config: admin('view'),
    schema: { operationId: 'listWebhookEvents', tags: hookTags, summary: 'Eventos a los que puede suscribirse un webhook', response: { 200: webhookEventListSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ items: events() }),
  });

  app.get('/webhooks', {
    config: admin('view'),
    schema: { operationId: 'listWebhooks', tags: hookTags, summary: 'Webhooks', response: { 200: webhookListSchema, ...errorResponses(401, 403) } },
    handler: async () => ({ items: await listWebhooks(app.db) }),
  });

  app.post('/webhooks', {
    config: { ...admin('create'), idempotency: false },
    schema: {
      operationId: 'createWebhook',
      tags: hookTags,
      summary: 'Crear un webhook: el secreto de firma se muestra solo en esta respuesta',
      body: webhookCreateSchema,
      response: { 201: webhookCreatedSchema, ...errorResponses(400, 401, 403, 422) },
    },
    handler: async (request, reply) => reply.code(201).send(await createWebhook(app.db, await actorOf(request), request.body, known(), settings)),
  });

  app.get('/webhooks/:id', {
    config: admin('view'),
    schema: { operationId: 'getWebhook', tags: hookTags, summary: 'Un webhook', params: idParamsSchema, response: { 200: webhookSchema, ...errorResponses(401, 403, 404) } },
    handler: async (request) => getWebhook(app.db, request.params.id),
  });

  app.patch('/webhooks/:id', {
    config: admin('edit'),
    schema: {
      operationId: 'updateWebhook',
      tags: hookTags,
      summary: 'Modificar un webhook (dirección, eventos, descripción, activo)',
      params: idParamsSchema,
      body: webhookUpdateSchema,
      response: { 200: webhookSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
    },
    handler: async (request) => updateWebhook(app.db, await actorOf(request), request.params.id, request.body, known(), settings),
  });

  app.post('/webhooks/:id/rotate-secret', {
    config: { ...admin('edit'), idempotency: false },
    schema: {
      operationId: 'rotateWebhookSecret',
      tags: hookTags,
      summary: 'Cambiar el secreto de firma: el anterior deja de valer de inmediato y el nuevo se muestra solo en esta respuesta',
      params: idParamsSchema,
      body: webhookRotateSecretSchema,
      response: { 200: webhookCreatedSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => rotateSecret(app.db, await actorOf(request), request.params.id, request.body.version),
  });

  app.delete('/webhooks/:id', {
    config: admin('delete'),
    schema: { operationId: 'deleteWebhook', tags: hookTags, summary: 'Eliminar un webhook y su registro de envíos', params: idParamsSchema, response: { 204: z.null(), ...errorResponses(401, 403, 404) } },
    handler: async (request, reply) => {
      await deleteWebhook(app.db, await actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/webhooks/:id/deliveries', {
    config: admin('view'),
    schema: {
      operationId: 'listWebhookDeliveries',
      tags: hookTags,
      summary: 'Los últimos 100 envíos del webhook, el más reciente primero',
      params: idParamsSchema,
      response: { 200: webhookDeliveryListSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      await getWebhook(app.db, request.params.id);
      return { items: (await listDeliveries(app.db, request.params.id)).map(toDelivery) };
    },
  });

  app.get('/webhooks/:id/deliveries/:deliveryId', {
    config: admin('view'),
    schema: {
      operationId: 'getWebhookDelivery',
      tags: hookTags,
      summary: 'Un envío con el cuerpo JSON que se envía al receptor',
      params: deliveryParamsSchema,
      response: { 200: webhookDeliveryDetailSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const row = await findDelivery(app.db, request.params.id, request.params.deliveryId);
      if (!row) throw new NotFoundError(INTEGRATION_MESSAGES.deliveryNotFound);
      return toDeliveryDetail(row);
    },
  });

  app.post('/webhooks/:id/deliveries/:deliveryId/redeliver', {
    config: admin('edit'),
    schema: {
      operationId: 'redeliverWebhookDelivery',
      tags: hookTags,
      summary: 'Reenviar un envío entregado o fallido (mismo GOC-Delivery)',
      params: deliveryParamsSchema,
      response: { 202: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { id, deliveryId } = request.params;
      const existing = await findDelivery(app.db, id, deliveryId);
      if (!existing) throw new NotFoundError(INTEGRATION_MESSAGES.deliveryNotFound);
      const row = await requeue(app.db, id, deliveryId, settings.now());
      if (!row) throw new ConflictError(INTEGRATION_MESSAGES.deliveryPending);
      return reply.code(202).send(toDelivery(row));
    },
  });

  app.post('/webhooks/:id/test', {
    config: admin('edit'),
    schema: {
      operationId: 'testWebhook',
      tags: hookTags,
      summary: 'Enviar ahora un evento de prueba y esperar la respuesta del receptor',
      params: idParamsSchema,
      response: { 200: webhookDeliverySchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => {
      const deliveryId = await queueTest(app.db, request.params.id, settings.now());
      // Sent here, once, and answered: no queue item, so no other process sends it.
      const due = await dueDelivery(app.db, deliveryId);
      if (due) await attempt(app.db, due, settings, true);
      return toDelivery((await findDelivery(app.db, request.params.id, deliveryId))!);
    },
  });
}
