import { defineModule } from '../../lib/modules';
import notificationRoutes from './routes';

/** Each person's notifications, the live stream, preferences, and the domain-event subscriber behind them. */
export default defineModule({ name: 'notifications', routes: notificationRoutes });
