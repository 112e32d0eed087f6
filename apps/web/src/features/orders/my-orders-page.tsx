import { OrdersPage } from './orders-page';

/** /pedidos/mis-pedidos — the signed-in user's material orders. */
export default function MyOrdersPage() {
  return <OrdersPage view="mine" />;
}
