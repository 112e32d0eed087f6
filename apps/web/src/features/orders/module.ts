import { ordersNavigation } from '@goc/contracts';
import { defineWebModule } from '../../lib/modules';

export default defineWebModule(ordersNavigation, {
  ordersHistory: () => import('./orders-history-page'),
  myOrders: () => import('./my-orders-page'),
});
