import { filteredListLink } from '../../lib/routing/filtered-list-link';

/** Where «Pedidos por aprobar» leads: Histórico de Pedidos showing only the orders that wait for Dirección. */
export const approvalsLink = () => filteredListLink('ordersHistory', { needsApproval: true });
