import { routePath, type OrderEntity, type ordersResource } from '@goc/contracts';
import type { ResourceService } from '../../lib/crud/service';
import { personNames } from '../../lib/crud/people';
import type { DomainEvent } from '../../lib/events/types';
import { isStatusChange, labelOf, visibleTo, type Draft, type NotificationRule, type RuleContext } from '../../lib/notify';
import { usersWithPermission } from '../../lib/permissions';

/* Who hears about an order (docs/notifications.md): purchasing, Dirección and the requester. */

/** Statuses of an order its requester hears about. */
const REQUESTER_STATUSES: Readonly<Record<string, string>> = {
  autorizado: 'autorizado',
  rechazado: 'rechazado',
  comprado: 'comprado',
  entregado_parcial: 'entregado parcialmente',
  entregado: 'entregado',
  cancelado: 'cancelado',
};

/** The orders' service as the typed registry answers it (entities as the contracts declare them). */
type OrderService = ResourceService<typeof ordersResource>;

const folioOf = (order: OrderEntity) => order.folio ?? '';
const workOf = (order: OrderEntity) => labelOf(order.work);

/** The order in Histórico, its detail open. */
const orderLink = (order: OrderEntity, id: number) => `${routePath('ordersHistory')}?q=${encodeURIComponent(folioOf(order))}&ver=${id}`;
const textsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Purchasing asked Dirección to approve a sent order: whoever holds Aprobación de pedidos (edit) hears the folio and the reasons. */
async function approvalRequestDrafts(ctx: RuleContext, service: OrderService, event: DomainEvent): Promise<Draft[]> {
  const order = await service.find(ctx.db, null, event.recordId);
  if (!order) return [];
  const folio = folioOf(order);
  const reasons = textsOf(event.metadata?.reasons);
  const comment = typeof event.metadata?.comment === 'string' ? event.metadata.comment : '';
  const asker = event.actorId === null ? null : (await personNames(ctx.db, [event.actorId])).get(event.actorId);
  const approvers = await usersWithPermission(ctx.db, 'orders_approval', 'edit');
  return (await visibleTo(ctx, service, event.recordId, approvers, event.actorId)).map(({ userId }) => ({
    userId,
    type: 'approval_requested',
    title: `Pedido ${folio}: se solicita tu aprobación`,
    body: `${asker ?? 'Compras'} solicita aprobar el pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''}. ${reasons.join('. ')}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: orderLink(order, event.recordId),
  }));
}

/** Authorised or rejected: the purchasing people (Histórico edit) hear it, they buy next; the requester hears it on their own. */
async function decisionDrafts(ctx: RuleContext, service: OrderService, event: DomainEvent & { toStatus: string }, order: OrderEntity, comment: string | null): Promise<Draft[]> {
  const folio = folioOf(order);
  const authorised = event.toStatus === 'autorizado';
  const purchasing = (await usersWithPermission(ctx.db, 'history', 'edit')).filter((id) => id !== order.requestedById);
  return (await visibleTo(ctx, service, event.recordId, purchasing, event.actorId)).map(({ userId }) => ({
    userId,
    type: 'order_decided',
    title: `Pedido ${folio} ${authorised ? 'autorizado' : 'rechazado'}`,
    body: `El pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''} fue ${authorised ? 'autorizado: ya puede comprarse' : 'rechazado'}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: orderLink(order, event.recordId),
  }));
}

async function orderDrafts(ctx: RuleContext, service: OrderService, event: DomainEvent): Promise<Draft[]> {
  if (event.type === 'orders.approval_requested') return approvalRequestDrafts(ctx, service, event);
  if (!isStatusChange(event)) return [];
  const to = event.toStatus;
  const order = await service.find(ctx.db, null, event.recordId);
  if (!order) return [];
  const folio = folioOf(order);
  if (to === 'enviado') {
    const purchasing = await usersWithPermission(ctx.db, 'history', 'edit');
    const requester = labelOf(order.requestedBy);
    return (await visibleTo(ctx, service, event.recordId, purchasing, event.actorId)).map(({ userId }) => ({
      userId,
      type: 'order_sent',
      title: `Pedido ${folio} enviado a compras`,
      body: `${requester ? `${requester} envió` : 'Se envió'} el pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''}; espera autorización.`,
      link: `${routePath('ordersHistory')}?q=${encodeURIComponent(folio)}`,
    }));
  }
  const reached = REQUESTER_STATUSES[to];
  const comment = typeof event.metadata?.comment === 'string' && event.metadata.comment.trim() !== '' ? event.metadata.comment.trim() : null;
  const decided = to === 'autorizado' || to === 'rechazado' ? await decisionDrafts(ctx, service, event, order, comment) : [];
  if (!reached || typeof order.requestedById !== 'number') return decided;
  const toRequester = (await visibleTo(ctx, service, event.recordId, [order.requestedById], event.actorId)).map(({ userId }): Draft => ({
    userId,
    type: 'order_status',
    title: `Tu pedido ${folio} fue ${reached}`,
    body: `El pedido ${folio}${workOf(order) ? ` de la obra ${workOf(order)}` : ''} ahora está ${reached}.${comment ? ` Comentario: ${comment}` : ''}`,
    link: `${routePath('myOrders')}?q=${encodeURIComponent(folio)}`,
  }));
  return [...toRequester, ...decided];
}


/** The orders' notification rule (the orders manifest declares it). */
export const orderNotifications: NotificationRule = {
  resource: 'orders',
  async drafts(ctx, event) {
    const service = ctx.resources.get('orders');
    return service ? orderDrafts(ctx, service, event) : [];
  },
};
