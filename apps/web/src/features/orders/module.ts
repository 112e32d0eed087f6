import type { QueryKey } from '@tanstack/react-query';
import { ordersNavigation } from '@goc/contracts';
import { attachmentKeys } from '../../components/attachments/attachment-keys';
import { queryKeys } from '../../lib/api/query-keys';
import { listPrefetch } from '../../lib/resources/list-prefetch';
import { resourceKeys } from '../../lib/resources/query-keys';
import { defineWebModule } from '../../lib/modules';

/** The orders' list path and the entity its rows are parsed with, as the orders page declares them (a test holds them equal). */
export const ORDERS_LIST = '/orders';
const orderEntity = async () => (await import('./orders-page')).VIEW_RESOURCES.mine.schemas.entity;

/** An order moved: its lists and detail (invoices and budget included), its documents, the works' open orders and the dashboard's widgets. */
const ORDER_MOVED: readonly QueryKey[] = [resourceKeys.all(ORDERS_LIST), attachmentKeys.all, queryKeys.worksOverview, queryKeys.dashboard];

export default defineWebModule(
  ordersNavigation,
  {
    ordersHistory: () => import('./orders-history-page'),
    myOrders: () => import('./my-orders-page'),
  },
  {
    prefetch: {
      ordersHistory: listPrefetch({ resource: ORDERS_LIST, baseParams: { scope: 'all' }, entity: orderEntity }),
      myOrders: listPrefetch({ resource: ORDERS_LIST, baseParams: { scope: 'mine' }, entity: orderEntity }),
    },
    refreshes: { order_sent: ORDER_MOVED, order_status: ORDER_MOVED, approval_requested: ORDER_MOVED, order_decided: ORDER_MOVED },
    dashboard: () => import('./dashboard-cards'),
  },
);
