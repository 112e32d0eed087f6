import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay, routePath, ROUTES, STOCK_IDLE_DAYS, type Dashboard, type RouteKey } from '@goc/contracts';
import { BarList } from '../../components/charts/bar-list';
import { ColumnChart } from '../../components/charts/column-chart';
import { StatusTag } from '../../components/list/status-tag';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { BudgetBar } from '../../components/budget-bar';
import { filteredListLink } from '../../lib/routing/filtered-list-link';
import { chartColorOf, severityOf } from '../../lib/severity';
import { approvalsLink, orderLink } from './approvals-link';
import { monthLabel } from './month-label';

export function KpiCard({ icon, label, value, detail, to }: { icon: string; label: string; value: string; detail?: string; to: string }) {
  return (
    <Link to={to} className="goc-card flex items-center gap-3 px-4 py-3.5 no-underline transition hover:border-blue-200 hover:shadow-md">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-xs text-slate-500">{label}</span>
        <span className="text-xl font-semibold text-slate-800">{value}</span>
        {detail && <span className="line-clamp-2 text-xs text-slate-500">{detail}</span>}
      </span>
    </Link>
  );
}

function Panel({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section aria-label={title} className="goc-card flex min-w-0 flex-col gap-3 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <h2 className="m-0 text-base font-semibold text-slate-800">{title}</h2>
        {action}
      </header>
      {children}
    </section>
  );
}

/**
 * Orders per status (a bar each, opening Histórico filtered by it) and per month of the last months.
 * Memoised, like the altas y bajas: the page redraws as the user and the permissions arrive, the charts need not.
 */
export const HistoryWidget = memo(function HistoryWidget({ history }: { history: NonNullable<Dashboard['history']> }) {
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

/** Pedidos por aprobar (orders_approval): sent orders over their company's limit or their budget, each with why, the longest waiting first; a tap opens the order. */
export function ApprovalsWidget({ approvals }: { approvals: NonNullable<Dashboard['approvals']> }) {
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
              <OrderItem key={o.id} order={o} to={orderLink(o)} detail={o.reasons.join(' · ')}>
                <span className="font-medium text-slate-800">{formatMoney(o.total)}</span>
              </OrderItem>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
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

export function MyOrdersWidget({ myOrders }: { myOrders: NonNullable<Dashboard['myOrders']> }) {
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

export function ProjectsWidget({ projects }: { projects: NonNullable<Dashboard['projects']> }) {
  return (
    <Panel title="Mis proyectos" action={<Link to={ROUTES.myProjects.path} className="text-sm">Ver proyectos</Link>}>
      {projects.items.length === 0 ? (
        <p className="m-0 text-sm text-slate-500">No tienes proyectos activos ni planeados.</p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-3 p-0">
          {projects.items.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 text-sm">
              <span className="flex justify-between gap-2">
                <span className="truncate font-medium text-slate-800">
                  {p.code} · {p.name}
                </span>
                <span className="text-slate-500">{formatPercent(p.progress)}</span>
              </span>
              <BudgetBar budget={p.budget} ordered={p.ordered} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

type RegistryWeek = NonNullable<Dashboard['registry']>['weeks'][number];

const MOVEMENT_SERIES = [
  { key: 'alta', label: 'Altas', one: 'alta', many: 'altas', color: chartColorOf('success') },
  { key: 'baja', label: 'Bajas', one: 'baja', many: 'bajas', color: chartColorOf('danger') },
  { key: 'modificacion_salario', label: 'Modificaciones', one: 'modificación', many: 'modificaciones', color: chartColorOf('info') },
] as const satisfies readonly { key: keyof RegistryWeek; label: string; one: string; many: string; color: string }[];

/** '1 baja', '3 altas'. */
const counted = (n: number, s: { one: string; many: string }) => `${formatNumber(n)} ${n === 1 ? s.one : s.many}`;

/** '2026-W48' → 'S48', as the weekly cuts read. */
const weekLabel = (key: string) => `S${key.slice(-2)}`;

/**
 * Altas, bajas and salary changes of this week and the weeks before it (stacked bars). `list` is
 * the movements page the user may open; from Histórico de Registro a week's bar opens its cut.
 */
export const RegistryWidget = memo(function RegistryWidget({ registry, list }: { registry: NonNullable<Dashboard['registry']>; list: { route: RouteKey; label: string } }) {
  const { weeks } = registry;
  const current = weeks.at(-1);
  const cutOf = (index: number) => {
    const cutId = weeks[index]?.cutId;
    return list.route === 'registryHistory' && cutId ? routePath('registryCut', { cutId }) : undefined;
  };
  return (
    <Panel title="Altas y bajas" action={<Link to={ROUTES[list.route].path} className="text-sm">{list.label}</Link>}>
      {current && (
        <p className="m-0 text-sm text-slate-700">
          <span className="text-slate-500">
            Esta semana ({formatDay(current.start)} – {formatDay(current.end)}):{' '}
          </span>
          {MOVEMENT_SERIES.map((s, i) => (
            <span key={s.key}>
              {i > 0 && ' · '}
              <span className="font-semibold">{formatNumber(current[s.key])}</span> {current[s.key] === 1 ? s.one : s.many}
            </span>
          ))}
        </p>
      )}
      <div className="h-56 w-full min-w-0">
        <ColumnChart
          labels={weeks.map((w) => weekLabel(w.key))}
          series={MOVEMENT_SERIES.map((s) => ({ label: s.label, values: weeks.map((w) => w[s.key]), color: s.color }))}
          summary={`Altas, bajas y modificaciones por semana, las últimas ${weeks.length} semanas`}
          labelHeader="Semana"
          linkOf={cutOf}
        />
      </div>
      <p className="m-0 text-xs text-slate-500">
        Últimas {weeks.length} semanas:{' '}
        {MOVEMENT_SERIES.map((s) => counted(weeks.reduce((a, w) => a + w[s.key], 0), s)).join(' · ')}
      </p>
    </Panel>
  );
});

/** Almacén de obra: the material value each work holds (largest first) and the material sitting unused. */
export function StockWidget({ stock }: { stock: NonNullable<Dashboard['stock']> }) {
  return (
    <Panel title="Almacén de obra" action={<Link to={ROUTES.stock.path} className="text-sm">Ver almacén</Link>}>
      {stock.works.length === 0 ? (
        <p className="m-0 text-sm text-slate-500">Ninguna obra tiene material en almacén.</p>
      ) : (
        <ul aria-label="Material por obra" className="m-0 flex list-none flex-col gap-2 p-0">
          {stock.works.map((w) => (
            <li key={w.workId} className="flex justify-between gap-2 text-sm">
              <span className="truncate text-slate-800">
                {w.code} · {w.name}
              </span>
              <span className="shrink-0 font-medium text-slate-800">{formatMoney(w.value)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="m-0 text-sm font-semibold text-slate-700">
        Sin uso en {STOCK_IDLE_DAYS} días o más: {formatNumber(stock.idle.count)}
      </h3>
      {stock.idle.items.length > 0 && (
        <ul aria-label={`Material sin uso en ${STOCK_IDLE_DAYS} días o más`} className="m-0 flex list-none flex-col gap-2 p-0">
          {stock.idle.items.map((item) => (
            <li key={`${item.workId}-${item.materialId}`} className="flex flex-col text-sm">
              <span className="truncate font-medium text-slate-800">{item.material}</span>
              <span className="text-xs text-slate-500">
                {formatNumber(item.quantity)} {item.unit} · {formatMoney(item.value)} · {item.work} · desde el {formatDay(item.since)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
