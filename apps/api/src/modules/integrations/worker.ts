import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhookSettings } from '../../config';
import { systemResolver } from './address-guard';
import { createDeliverer, DEFAULT_WEBHOOK_SETTINGS, deliveryQueue, type Deliverer } from './deliveries';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook delivery worker (the routes use it; tests drain it). */
    webhooks: { deliverer: Deliverer; settings: WebhookSettings };
  }
}

/**
 * The webhook deliveries at the app's root: the outbox subscriber that queues them and the worker
 * that sends them, started when the app is ready and stopped when it closes.
 */
async function webhookWorker(app: FastifyInstance): Promise<void> {
  const settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, resolve: systemResolver, now: Date.now, ...app.config.webhooks };
  const deliverer = createDeliverer(app.db, settings, app.log);
  app.events.subscribe(deliveryQueue(app.resources, settings, () => deliverer.nudge()));
  app.decorate('webhooks', { deliverer, settings });
  app.addHook('onReady', async () => deliverer.start());
  app.addHook('onClose', () => deliverer.stop());
}

export default fp(webhookWorker, { name: 'goc-webhooks', dependencies: ['goc-context', 'goc-events'] });
