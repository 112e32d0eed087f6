import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhookSettings } from './settings';
import { systemResolver } from './address-guard';
import { DEFAULT_WEBHOOK_SETTINGS, deliveryQueue, deliveryQueueDefinition } from './deliveries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook settings in force (the routes sign and send tests with them). */
    webhooks: { settings: WebhookSettings };
  }
}

/**
 * The webhook deliveries at the app's root: the outbox subscriber that writes and queues them, and
 * the lib/jobs queue that sends them.
 */
async function webhookWorker(app: FastifyInstance): Promise<void> {
  const settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, resolve: systemResolver, now: Date.now, ...app.config.webhooks };
  app.events.subscribe(deliveryQueue(app.resources, settings));
  app.jobs.define(deliveryQueueDefinition(settings));
  app.decorate('webhooks', { settings });
}

export default fp(webhookWorker, { name: 'goc-webhooks', dependencies: ['goc-context', 'goc-events'] });
