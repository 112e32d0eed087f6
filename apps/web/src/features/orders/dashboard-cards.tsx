import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay, ordersNavigation, ROUTES } from '@goc/contracts';
import { BarList } from '../../components/charts/bar-list';
import { ColumnChart } from '../../components/charts/column-chart';
import { Panel } from '../../components/dashboard/panel';
import { StatusTag } from '../../components/list/status-tag';
import { defineDashboardCards, type WidgetPart } from '../../lib/dashboard-cards';
import { formatMoney, formatNumber } from '../../lib/format';
import { DETAIL_PARAM } from '../../lib/routing/detail-param';
import { filteredListLink } from '../../lib/routing/filtered-list-link';
import { chartColorOf, severityOf } from '../../lib/severity';

/* The orders' cards on Inicio (their widgets: myOrders, approvals, history), loaded with Inicio only. */

/** Where «Pedidos por aprobar» leads: Histórico de Pedidos showing only the orders that wait for Dirección. */
const approvalsLink = () => filteredListLink('ordersHistory', { needsApproval: true });

/** One order opened in Histórico de Pedidos: the list searched by its folio, its detail open. */
const historyOrderLink = (order: { id: number; folio: string }) =>
  `${ROUTES.ordersHistory.path}?${new URLSearchParams({ q: order.folio, [DETAIL_PARAM]: String(order.id) }).toString()}`;

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-11' → 'nov 26' (the chart's axis). */
function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year?.slice(2) ?? ''}`;
}

/** An order in a dashboard list: its folio, work and required date, and what the widget shows beside them. */
function OrderItem({ order, children, to, detail }: { order: { folio: string; work: string; requiredDate: string }; children: ReactNode; to?: string; detail?: string }) {
  const content = (
    <>
      <span className="flex min-w-0 flex-[1_1_12rem] flex-col">
        <span className="font-medium text-slate-800">{order.folio}</span>
        <span className="line-clamp-2 text-xs text-slate-500">
          {order.work} · para el {formatDay(order.requiredDate)}
        </span>
        {detail && <span className="text-xs text-amber-700">{detail}</span>}
      </span>
      {/* Beside the text, which takes two lines before pushing it below; below, it stays on the right. */}
      <span className="ml-auto">{children}</span>
    </>
  );
  const layout = 'flex flex-wrap items-center justify-between gap-2';
  return (
    <li className="border-b border-slate-100 pb-2 text-sm last:border-0">
      {to ? (
        <Link to={to} className={`${layout} text-inherit no-underline hover:bg-slate-50`}>
          {content}
        </Link>
      ) : (
        <div className={layout}>{content}</div>
      )}
    </li>
  );
}

/** Pedidos por aprobar (orders_approval): sent orders over their company's limit or their budget, each with why, the longest waiting first; a tap opens the order. */
export function ApprovalsWidget({ part: approvals }: { part: WidgetPart<'approvals'> }) {
  return (
    <Panel title="Pedidos por aprobar" action={<Link to={approvalsLink()} className="text-sm">Ver todos</Link>}>
      {approvals.items.length === 0 ? (
        <p className="m-0 text-sm text-slate-500">No hay pedidos que esperen la aprobación de Dirección.</p>
      ) : (
        <>
          <p className="m-0 text-sm text-slate-600">
            {formatNumber(approvals.pending)} {approvals.pending === 1 ? 'pedido espera' : 'pedidos esperan'} aprobación por {formatMoney(approvals.total)}
          </p>
          <ul className="m-0 flex list-none flex-col gap-2 p-0">
            {approvals.items.map((o) => (
              <OrderItem key={o.id} order={o} to={historyOrderLink(o)} detail={o.reasons.join(' · ')}>
                <span className="font-medium text-slate-800">{formatMoney(o.total)}</span>
              </OrderItem>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/**
 * Orders per status (a bar each, opening Histórico filtered by it) and per month of the last months.
 * Memoised, like the altas y bajas: the page redraws as the user and the permissions arrive, the charts need not.
 */
const HistoryWidget = memo(function HistoryWidget({ part: history }: { part: WidgetPart<'history'> }) {
  const byStatus = history.byStatus.map((s) => ({ key: s.id, label: s.name, count: s.count, color: chartColorOf(s.color), to: filteredListLink('ordersHistory', { statusId: s.id }) }));
  return (
    <>
      <Panel title="Pedidos por estatus" action={<Link to={ROUTES.ordersHistory.path} className="text-sm">Ver histórico</Link>}>
        <BarList items={byStatus} label="Pedidos por estatus" />
      </Panel>
      <Panel title="Pedidos por mes">
        <div className="h-56 w-full min-w-0">
          <ColumnChart
            labels={history.byMonth.map((m) => monthLabel(m.month))}
            series={[{ label: 'Pedidos creados', values: history.byMonth.map((m) => m.count), color: chartColorOf('info') }]}
            summary={`Pedidos creados por mes, los últimos ${history.byMonth.length} meses`}
            labelHeader="Mes"
          />
        </div>
        <p className="m-0 text-xs text-slate-500">
          Últimos {history.byMonth.length} meses: {formatNumber(history.byMonth.reduce((a, m) => a + m.count, 0))} pedidos por{' '}
          {formatMoney(history.byMonth.reduce((a, m) => a + m.total, 0))}
        </p>
      </Panel>
    </>
  );
});

function MyOrdersWidget({ part: myOrders }: { part: WidgetPart<'myOrders'> }) {
  return (
    <Panel title="Mis pedidos abiertos" action={<Link to={ROUTES.myOrders.path} className="text-sm">Ver mis pedidos</Link>}>
      {myOrders.recent.length === 0 ? (
        <p className="m-0 text-sm text-slate-500">No tienes pedidos abiertos.</p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2 p-0">
          {myOrders.recent.map((o) => (
            <OrderItem key={o.id} order={o}>
              <span className="flex items-center gap-2">
                <span className="text-slate-700">{formatMoney(o.total)}</span>
                <StatusTag severity={severityOf(o.status.color)} label={o.status.name} />
              </span>
            </OrderItem>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default defineDashboardCards(ordersNavigation, {
  approvals: {
    kpis: {
      order: 10,
      cards: (approvals) => [{ icon: 'pi pi-verified', label: 'Pedidos por aprobar', value: formatNumber(approvals.pending), detail: formatMoney(approvals.total), to: approvalsLink() }],
    },
    panel: { order: 10, Panel: ApprovalsWidget },
  },
  history: { panel: { order: 20, Panel: HistoryWidget } },
  myOrders: {
    kpis: { order: 20, cards: (myOrders) => [{ icon: 'pi pi-shopping-cart', label: 'Mis pedidos abiertos', value: formatNumber(myOrders.open), to: ROUTES.myOrders.path }] },
    panel: { order: 40, Panel: MyOrdersWidget },
  },
});
