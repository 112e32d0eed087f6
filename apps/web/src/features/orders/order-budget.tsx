import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { errorMessage } from '../../lib/api/api-error';
import { formatMoney } from '../../lib/format';
import { fetchOrderBudget, orderKeys } from './order-api';
import { ordersTexts } from './orders-texts';

/**
 * The budget an order commits against — its project's, or without one its work's — with what is
 * already committed and what is left, read before the order is sent (form, detail, authorisation).
 * `total`: the order's, warned about when it does not fit in what is available.
 */
export function OrderBudget({ workId, projectId, total }: { workId: number | null; projectId: number | null; total?: number }) {
  const budget = useQuery({
    queryKey: orderKeys.budget(workId ?? 0, projectId),
    queryFn: () => fetchOrderBudget(workId ?? 0, projectId),
    enabled: workId !== null,
  });
  if (workId === null) return null;
  if (budget.isError) return <Message severity="error" text={`${ordersTexts.budgetFailed}: ${errorMessage(budget.error)}`} className="w-full justify-start" />;
  if (budget.isPending) return <Skeleton height="3.5rem" />;
  const data = budget.data;
  if (!data) return null;
  const over = total !== undefined && data.budget > 0 && total > data.available;
  return (
    <section aria-label={ordersTexts.budgetTitle} className="space-y-2 rounded-md border border-solid border-(--surface-border) p-3">
      <div className="text-sm font-semibold">
        {ordersTexts.budgetTitle}: {ordersTexts.budgetOf(data.scope, data.name)}
      </div>
      {data.budget === 0 ? (
        <p className="m-0 text-sm text-(--text-color-secondary)">{ordersTexts.noBudget}</p>
      ) : (
        <dl className="m-0 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-xs text-(--text-color-secondary)">{ordersTexts.budget}</dt>
            <dd className="m-0 font-medium">{formatMoney(data.budget)}</dd>
          </div>
          <div>
            <dt className="text-xs text-(--text-color-secondary)">{ordersTexts.committed}</dt>
            <dd className="m-0 font-medium">{formatMoney(data.committed)}</dd>
          </div>
          <div>
            <dt className="text-xs text-(--text-color-secondary)">{ordersTexts.available}</dt>
            <dd className={`m-0 font-medium ${data.available < 0 ? 'text-red-700' : ''}`}>{formatMoney(data.available)}</dd>
          </div>
        </dl>
      )}
      {over && <Message severity="warn" text={ordersTexts.overAvailable(formatMoney(total))} className="w-full justify-start" />}
    </section>
  );
}
