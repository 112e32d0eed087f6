import { memo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDay, routePath, ROUTES, type Dashboard, type RouteKey } from '@goc/contracts';
import { ChartFigure } from '../../components/chart-figure';
import { StatusTag } from '../../components/list/status-tag';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { BudgetBar } from '../../components/budget-bar';
import { filteredListLink } from '../../lib/routing/filtered-list-link';
import { chartColorOf, severityOf } from '../../lib/severity';
import { approvalsLink } from './approvals-link';
import { monthLabel } from './month-label';

/** Room above the tallest bar, so it never touches the top of the chart (and its value stays readable). */
const headroom = (max: number) => max + Math.max(1, Math.ceil(max * 0.15));

/** A y axis of whole counts from zero, with headroom over the largest value (of a stack, when stacked). */
function countAxis(largest: readonly number[], stacked = false) {
  const y = { beginAtZero: true, suggestedMax: headroom(Math.max(0, ...largest)), ticks: { precision: 0 }, ...(stacked ? { stacked } : {}) };
  return stacked ? { x: { stacked }, y } : { y };
}

export function KpiCard({ icon, label, value, detail, to }: { icon: string; label: string; value: string; detail?: string; to: string }) {
  return (
    <Link to={to} className="goc-card flex items-center gap-3 px-4 py-3.5 no-underline transition hover:border-blue-200 hover:shadow-md">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600" aria-hidden="true">
        <i className={icon} />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-xs text-slate-500">{label}</span>
        <span className="text-xl font-semibold text-slate-800">{value}</span>
        {detail && <span className="truncate text-xs text-slate-500">{detail}</span>}
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
 * Orders per status (bar, each bar opens Histórico filtered by it) and per month of the last months.
 * Memoised, like the altas y bajas: the page redraws as the user and the permissions arrive, the charts need not.
 */
export const HistoryWidget = memo(function HistoryWidget({ history }: { history: NonNullable<Dashboard['history']> }) {
  const navigate = useNavigate();
  const statuses = history.byStatus;
  const statusLink = (id: number) => filteredListLink('ordersHistory', { statusId: id });
  const byStatus = {
    labels: statuses.map((s) => s.name),
    datasets: [{ label: 'Pedidos', data: statuses.map((s) => s.count), backgroundColor: statuses.map((s) => chartColorOf(s.color)) }],
  };
  const byMonth = {
    labels: history.byMonth.map((m) => monthLabel(m.month)),
    datasets: [{ label: 'Pedidos creados', data: history.byMonth.map((m) => m.count), backgroundColor: chartColorOf('info') }],
  };
  const byStatusAxis = countAxis(statuses.map((s) => s.count));
  const byMonthAxis = countAxis(history.byMonth.map((m) => m.count));
  return (
    <>
      <Panel title="Pedidos por estatus" action={<Link to={ROUTES.ordersHistory.path} className="text-sm">Ver histórico</Link>}>
        <div className="relative h-56 w-full min-w-0">
          <ChartFigure
            data={byStatus}
            summary={`Pedidos por estatus: ${statuses.map((s) => `${s.name} ${formatNumber(s.count)}`).join(', ')}`}
            labelHeader="Estatus"
            options={{
              animation: false,
              maintainAspectRatio: false,
              plugins: { legend: { display: false } },
              scales: byStatusAxis,
              onClick: (_event: unknown, elements: { index: number }[]) => {
                const status = elements[0] ? statuses[elements[0].index] : undefined;
                if (status) void navigate(statusLink(status.id));
              },
            }}
          />
        </div>
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0" aria-label="Pedidos por estatus">
          {statuses.map((s) => (
            <li key={s.id}>
              <Link to={statusLink(s.id)} className="no-underline">
                <StatusTag severity={severityOf(s.color)} label={`${s.name} · ${formatNumber(s.count)}`} />
              </Link>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Pedidos por mes">
        <div className="relative h-56 w-full min-w-0">
          <ChartFigure
            data={byMonth}
            summary={`Pedidos creados por mes, los últimos ${history.byMonth.length} meses`}
            labelHeader="Mes"
            options={{ animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: byMonthAxis }}
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

/** Pedidos por aprobar (orders_approval): sent orders at or above their company's limit, the longest waiting first. */
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
              <OrderItem key={o.id} order={o}>
                <span className="flex flex-col items-end">
                  <span className="font-medium text-slate-800">{formatMoney(o.total)}</span>
                  <span className="text-xs text-slate-500">límite {formatMoney(o.limit)}</span>
                </span>
              </OrderItem>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/** An order in a dashboard list: its folio, work and required date, and what the widget shows beside them. */
function OrderItem({ order, children }: { order: { folio: string; work: string; requiredDate: string }; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 text-sm last:border-0">
      <span className="flex min-w-0 flex-col">
        <span className="font-medium text-slate-800">{order.folio}</span>
        <span className="truncate text-xs text-slate-500">
          {order.work} · para el {formatDay(order.requiredDate)}
        </span>
      </span>
      {children}
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
] as const satisfies readonly { key: keyof RegistryWeek; label: string; one: string; many: string; color: string | undefined }[];

/** '1 baja', '3 altas'. */
const counted = (n: number, s: { one: string; many: string }) => `${formatNumber(n)} ${n === 1 ? s.one : s.many}`;

/** '2026-W48' → 'S48', as the weekly cuts read. */
const weekLabel = (key: string) => `S${key.slice(-2)}`;

/**
 * Altas, bajas and salary changes of this week and the weeks before it (stacked bars). `list` is
 * the movements page the user may open; from Histórico de Registro a week's bar opens its cut.
 */
export const RegistryWidget = memo(function RegistryWidget({ registry, list }: { registry: NonNullable<Dashboard['registry']>; list: { route: RouteKey; label: string } }) {
  const navigate = useNavigate();
  const { weeks } = registry;
  const current = weeks.at(-1);
  const data = {
    labels: weeks.map((w) => weekLabel(w.key)),
    datasets: MOVEMENT_SERIES.map((s) => ({ label: s.label, data: weeks.map((w) => w[s.key]), backgroundColor: s.color })),
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
      <div className="relative h-56 w-full min-w-0">
        <ChartFigure
          data={data}
          summary={`Altas, bajas y modificaciones por semana, las últimas ${weeks.length} semanas`}
          labelHeader="Semana"
          options={{
            animation: false,
            maintainAspectRatio: false,
            plugins: { legend: { position: 'bottom' } },
            scales: countAxis(
              weeks.map((w) => MOVEMENT_SERIES.reduce((sum, s) => sum + w[s.key], 0)),
              true,
            ),
            onClick: (_event: unknown, elements: { index: number }[]) => {
              const week = elements[0] ? weeks[elements[0].index] : undefined;
              if (list.route === 'registryHistory' && week?.cutId) void navigate(routePath('registryCut', { cutId: week.cutId }));
            },
          }}
        />
      </div>
      <p className="m-0 text-xs text-slate-500">
        Últimas {weeks.length} semanas:{' '}
        {MOVEMENT_SERIES.map((s) => counted(weeks.reduce((a, w) => a + w[s.key], 0), s)).join(' · ')}
      </p>
    </Panel>
  );
});
