import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeySchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEventListSchema,
  webhookEventSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import { webhookNotifications } from './notifications';
import integrationRoutes from './routes';
import { integrationsConfig } from './settings';
import webhookWorker from './worker';

/** API keys and webhooks; the worker that sends the webhooks lives at the app's root. */
export default defineModule({ name: 'integrations', routes: integrationRoutes,
  root: webhookWorker,
  notifications: [webhookNotifications],
  config: integrationsConfig,
  // An API key's form picks the role it acts with.
  options: [{ resources: ['roles'], grants: [{ module: 'admin', action: 'create' }] }],
  schemas: {
    ApiKey: apiKeySchema,
    ApiKeyCreate: apiKeyCreateSchema,
    ApiKeyCreated: apiKeyCreatedSchema,
    ApiKeyList: apiKeyListSchema,
    Webhook: webhookSchema,
    WebhookCreate: webhookCreateSchema,
    WebhookCreated: webhookCreatedSchema,
    WebhookUpdate: webhookUpdateSchema,
    WebhookList: webhookListSchema,
    WebhookEvent: webhookEventSchema,
    WebhookEventList: webhookEventListSchema,
    WebhookDelivery: webhookDeliverySchema,
    WebhookDeliveryList: webhookDeliveryListSchema,
  },
});
