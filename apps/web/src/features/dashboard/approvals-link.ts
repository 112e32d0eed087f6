import { ROUTES } from '@goc/contracts';
import { DETAIL_PARAM } from '../../components/list/crud-page';
import { filteredListLink } from '../../lib/routing/filtered-list-link';

/** Where «Pedidos por aprobar» leads: Histórico de Pedidos showing only the orders that wait for Dirección. */
export const approvalsLink = () => filteredListLink('ordersHistory', { needsApproval: true });

/** One order opened in Histórico de Pedidos: the list searched by its folio, its detail open. */
export const orderLink = (order: { id: number; folio: string }) =>
  `${ROUTES.ordersHistory.path}?${new URLSearchParams({ q: order.folio, [DETAIL_PARAM]: String(order.id) }).toString()}`;
