import { defineModule } from '../../lib/modules';
import { filtersBy, picksFrom } from '../../lib/option-readers';
import { invoiceListSchema, invoiceSchema, orderBudgetSchema, orderDelivered, type ordersResource } from '@goc/contracts';
import { orderAttachable } from './attachable';
import { ORDER_WIDGETS } from './dashboard';
import { ordersBinding } from './binding';
import { orderNotifications } from './notifications';
import { orderQueries, type OrderQueries } from './queries';
import orderRoutes from './routes';

declare module '../../lib/crud/services' {
  interface ResourceDeclarations {
    orders: typeof ordersResource;
  }
}

declare module '../../lib/modules' {
  interface ModuleServices {
    /** The orders' conditions and sums other modules read (projects' budget, the dashboard). */
    orders: OrderQueries;
  }
}

/** Pedidos: orders with their lines and workflow, PDF, supplier invoices and purchasing control. */
export default defineModule({
  name: 'orders',
  resources: [ordersBinding],
  provides: { orders: () => orderQueries },
  routes: orderRoutes,
  schemas: { Invoice: invoiceSchema, InvoiceList: invoiceListSchema, OrderBudget: orderBudgetSchema },
  notifications: [orderNotifications],
  attachables: [orderAttachable],
  widgets: ORDER_WIDGETS,
  events: [orderDelivered],
  // Its forms pick works, materials, suppliers and projects; its lists filter by them, by status and (Histórico) by requester.
  options: [
    picksFrom('my_orders', 'works', 'materials', 'suppliers', 'projects'),
    filtersBy('my_orders', 'orderStatuses'),
    picksFrom('history', 'materials', 'suppliers'),
    filtersBy('history', 'works', 'materials', 'suppliers', 'orderStatuses', 'projects', 'users'),
  ],
});
