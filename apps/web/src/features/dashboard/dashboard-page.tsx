import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { Link } from 'react-router';
import { BUDGET_WARNING_RATIO, businessToday, formatDayInWords, MENU, ROUTES, STOCK_IDLE_DAYS, type Dashboard, type MenuLeaf, type RouteKey } from '@goc/contracts';
import { formatMoney, formatNumber, formatPercent, percentOf } from '../../lib/format';
import { usePermissions } from '../../lib/session/permissions-store';
import { canOpenRoute } from '../../lib/session/route-access';
import { useSessionUser } from '../../lib/session/session-user';
import { dashboardQuery } from './dashboard-api';
import { approvalsLink } from './approvals-link';
import { ApprovalsWidget, HistoryWidget, KpiCard, MyOrdersWidget, ProjectsWidget, RegistryWidget, StockWidget } from './widgets';

interface Shortcut {
  leaf: MenuLeaf;
  section: string | null;
}

/** The configuration catalogues stay in the sidebar: the shortcuts are for daily work. */
const CONFIGURATION_GROUP = 'configuracion';

/** The daily-work menu entries the user may open (not this page, not the catalogues), with their group. */
function shortcuts(allowed: (leaf: MenuLeaf) => boolean): Shortcut[] {
  const out: Shortcut[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'item') {
      if (entry.route !== 'home' && allowed(entry)) out.push({ leaf: entry, section: null });
    } else if (entry.id !== CONFIGURATION_GROUP) {
      for (const child of entry.children) if (allowed(child)) out.push({ leaf: child, section: entry.label });
    }
  }
  return out;
}

function Kpis({ data }: { data: Dashboard }) {
  const cards = [];
  if (data.approvals) {
    cards.push(<KpiCard key="approvals" icon="pi pi-verified" label="Pedidos por aprobar" value={formatNumber(data.approvals.pending)} detail={formatMoney(data.approvals.total)} to={approvalsLink()} />);
  }
  if (data.myOrders) cards.push(<KpiCard key="orders" icon="pi pi-shopping-cart" label="Mis pedidos abiertos" value={formatNumber(data.myOrders.open)} to={ROUTES.myOrders.path} />);
  if (data.works) {
    cards.push(<KpiCard key="works" icon="pi pi-building" label="Obras en ejecución" value={formatNumber(data.works.active)} detail={`${data.works.over} sobre presupuesto · ${data.works.warning} arriba del ${formatPercent(BUDGET_WARNING_RATIO * 100)}`} to={ROUTES.works.path} />);
    cards.push(<KpiCard key="budget" icon="pi pi-wallet" label="Presupuesto comprado" value={formatPercent(percentOf(data.works.ordered, data.works.budget))} detail={`${formatMoney(data.works.ordered)} de ${formatMoney(data.works.budget)}`} to={ROUTES.works.path} />);
  }
  if (data.projects) cards.push(<KpiCard key="projects" icon="pi pi-briefcase" label="Mis proyectos" value={formatNumber(data.projects.total)} to={ROUTES.myProjects.path} />);
  if (data.stock) {
    cards.push(<KpiCard key="stock" icon="pi pi-box" label="Material en obras" value={formatMoney(data.stock.value)} detail={`${formatNumber(data.stock.idle.count)} sin uso en ${STOCK_IDLE_DAYS} días o más`} to={ROUTES.stock.path} />);
  }
  if (cards.length === 0) return null;
  return <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">{cards}</div>;
}

function DashboardSkeleton() {
  return (
    <div aria-label="Cargando indicadores" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height="5rem" />
      ))}
    </div>
  );
}

/** Where the altas y bajas widget leads: the history when the user may open it, else their own movements. */
const REGISTRY_LISTS = [
  { route: 'registryHistory', label: 'Ver histórico de registro' },
  { route: 'registryWorks', label: 'Ver movimientos de obras' },
  { route: 'registryOffice', label: 'Ver movimientos de oficina' },
] as const satisfies readonly { route: RouteKey; label: string }[];

/** / (no permission): greeting, the indicators the role may see (computed by the API) and shortcuts. */
export default function DashboardPage() {
  const user = useSessionUser();
  const { permissions } = usePermissions();
  const links = shortcuts((leaf) => canOpenRoute(ROUTES[leaf.route], permissions));
  const firstName = user?.employee?.firstName ?? user?.username;
  const { data, isPending, isError } = useQuery(dashboardQuery);
  const registryList = REGISTRY_LISTS.find((l) => canOpenRoute(ROUTES[l.route], permissions)) ?? REGISTRY_LISTS[0];

  return (
    <div className="flex flex-col gap-5">
      <section className="goc-card flex flex-col gap-1 px-6 py-5">
        <h2 className="m-0 text-xl font-semibold text-slate-800">{firstName ? `Hola, ${firstName}` : 'Hola'}</h2>
        <p className="m-0 text-sm text-slate-500 first-letter:uppercase">{formatDayInWords(businessToday())}</p>
      </section>

      {isPending && <DashboardSkeleton />}
      {isError && <p className="m-0 text-sm text-red-700">No se pudieron cargar los indicadores. Recarga la página para intentarlo de nuevo.</p>}
      {data && (
        <>
          <Kpis data={data} />
          {(data.approvals ?? data.history ?? data.registry ?? data.myOrders ?? data.projects ?? data.stock) && (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {data.approvals && <ApprovalsWidget approvals={data.approvals} />}
              {data.history && <HistoryWidget history={data.history} />}
              {data.registry && <RegistryWidget registry={data.registry} list={registryList} />}
              {data.myOrders && <MyOrdersWidget myOrders={data.myOrders} />}
              {data.projects && <ProjectsWidget projects={data.projects} />}
              {data.stock && <StockWidget stock={data.stock} />}
            </div>
          )}
        </>
      )}

      {/* After the indicators: drawn before them, the shortcuts would jump down the page when they arrive. */}
      {!isPending && links.length > 0 && (
        <section aria-labelledby="shortcuts-title" className="flex flex-col gap-3">
          <h2 id="shortcuts-title" className="m-0 text-sm font-semibold tracking-wide text-slate-500 uppercase">
            Accesos directos
          </h2>
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 xl:grid-cols-4">
            {links.map(({ leaf, section }) => (
              <li key={leaf.route}>
                <Link
                  to={ROUTES[leaf.route].path}
                  className="goc-card group flex h-full flex-col items-start gap-2 px-4 py-3.5 no-underline transition hover:-translate-y-px hover:border-blue-200 hover:shadow-md sm:flex-row sm:items-center sm:gap-3"
                >
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 transition-colors group-hover:bg-blue-600 group-hover:text-white" aria-hidden="true">
                    <i className={leaf.icon} />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium text-slate-800">{leaf.label}</span>
                    {section && <span className="truncate text-xs text-slate-500">{section}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

    </div>
  );
}
