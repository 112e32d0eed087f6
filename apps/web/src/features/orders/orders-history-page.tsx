import { OrdersPage } from './orders-page';

/** /pedidos/historico — every material order of every work. */
export default function OrdersHistoryPage() {
  return <OrdersPage view="all" />;
}
