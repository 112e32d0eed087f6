import { formatDay, type OrderEntity } from '@goc/contracts';
import { formatMoney } from '../lib/format';
import { severityOf } from '../lib/severity';
import { StatusTag } from './list/status-tag';

/** One order in a related list (a project's or a work's orders): folio, requester, date, total and status. */
export function OrderSummary({ order }: { order: OrderEntity }) {
  return (
    <>
      <span className="flex flex-col">
        <span className="font-medium text-slate-800">{order.folio}</span>
        <span className="text-xs text-slate-500">
          {order.requestedBy?.label} · para el {formatDay(order.requiredDate)}
        </span>
      </span>
      <span className="flex items-center gap-2">
        {formatMoney(order.total)}
        <StatusTag severity={severityOf(order.status.color)} label={order.status.name} />
      </span>
    </>
  );
}
