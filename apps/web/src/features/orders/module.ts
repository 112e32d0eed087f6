import { ordersNavigation } from '@goc/contracts';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { defineWebModule } from '../../lib/modules';

/** The orders' list path and the entity its rows are parsed with, as the orders page declares them (a test holds them equal). */
export const ORDERS_LIST = '/orders';
const orderEntity = async () => (await import('./orders-page')).VIEW_RESOURCES.mine.schemas.entity;

export default defineWebModule(
  ordersNavigation,
  {
    ordersHistory: () => import('./orders-history-page'),
    myOrders: () => import('./my-orders-page'),
  },
  {
    ordersHistory: listPrefetch({ resource: ORDERS_LIST, baseParams: { scope: 'all' }, entity: orderEntity }),
    myOrders: listPrefetch({ resource: ORDERS_LIST, baseParams: { scope: 'mine' }, entity: orderEntity }),
  },
);
