import { ROUTES } from '@goc/contracts';

/** The orders pages open the detail of the order this parameter names (a link from another screen). */
export const OPEN_ORDER_PARAM = 'pedido';

/** Mis Pedidos opens the form of the refused change kept on the phone at this outbox position (a new order, a draft's edit), to correct it. */
export const CORRECT_KEPT_PARAM = 'corregir';

/** Where a refused change kept on the phone is corrected: Mis Pedidos with its form open. */
export function correctionLink(seq: number): string {
  return `${ROUTES.myOrders.path}?${new URLSearchParams({ [CORRECT_KEPT_PARAM]: String(seq) }).toString()}`;
}

/** An order's page address: its list narrowed to its folio, with its detail open. */
export function orderLink(route: 'myOrders' | 'ordersHistory', order: { id: number; folio: string | null }): string {
  const params = new URLSearchParams({ ...(order.folio ? { q: order.folio } : {}), [OPEN_ORDER_PARAM]: String(order.id) });
  return `${ROUTES[route].path}?${params.toString()}`;
}
