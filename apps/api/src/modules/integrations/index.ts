import { defineModule } from '../../lib/modules';
import { webhookNotifications } from './notifications';
import integrationRoutes from './routes';
import webhookWorker from './worker';

/** API keys and webhooks; the worker that sends the webhooks lives at the app's root. */
export default defineModule({ name: 'integrations', routes: integrationRoutes,
  root: webhookWorker,
  notifications: [webhookNotifications],
});
