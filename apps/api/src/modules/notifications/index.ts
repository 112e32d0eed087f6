import { notificationListSchema, notificationPreferencesInputSchema, notificationPreferencesSchema, streamTicketSchema } from '@goc/contracts';
import { defineModule } from '../../lib/modules';
import notificationRoutes from './routes';
import { notificationsConfig } from './settings';

/** Each person's notifications, the live stream, preferences, and the domain-event subscriber behind them. */
export default defineModule({ name: 'notifications', routes: notificationRoutes,
  config: notificationsConfig,
  schemas: {
    NotificationList: notificationListSchema,
    NotificationPreferences: notificationPreferencesSchema,
    NotificationPreferencesUpdate: notificationPreferencesInputSchema,
    StreamTicket: streamTicketSchema,
  },
});
