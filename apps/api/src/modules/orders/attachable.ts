import { allows, ordersResource } from '@goc/contracts';
import type { Attachable, AttachableRule } from '../../lib/attachable';
import { statusCodeOf } from '../../lib/crud/statuses';

const CLOSED_ORDER_STATUSES: readonly string[] = ['entregado', 'cancelado', 'rechazado'];
const purchasing: AttachableRule = (actor) => allows(actor, { module: 'history', action: 'edit' });

/** An order's documents: the requester on their own order while it is open (the delivery note of a partial delivery too); purchasing on any order it sees. */
export const orderAttachable: Attachable = {
  name: 'orders',
  key: ordersResource.key,
  change: (actor, record, declaration) => {
    if (purchasing(actor, record, declaration)) return true;
    return allows(actor, { module: 'my_orders', action: 'edit' }) && record.requestedById === actor.userId && !CLOSED_ORDER_STATUSES.includes(statusCodeOf(record.status) ?? '');
  },
  manage: purchasing,
};
