import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { Link } from 'react-router';
import { businessToday, formatDayInWords, MENU, ROUTES, type Dashboard, type MenuLeaf } from '@goc/contracts';
import { KpiCard } from '../../components/dashboard/kpi-card';
import { useComposedModules } from '../../lib/composed-modules';
import type { DashboardCard } from '../../lib/dashboard-cards';
import { usePermissions } from '../../lib/session/permissions-store';
import { canOpenRoute } from '../../lib/session/route-access';
import { useSessionUser } from '../../lib/session/session-user';
import { dashboardQuery } from './dashboard-api';
import { dashboardCardsQuery } from './dashboard-request';

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

/** The KPI cards of every module's widgets the role sees, in their declared order. */
function Kpis({ data, cards }: { data: Dashboard; cards: readonly DashboardCard[] }) {
  const kpis = cards
    .flatMap((card) => (card.kpis ? [card.kpis] : []))
    .sort((a, b) => a.order - b.order)
    .flatMap((kpi) => kpi.cards(data));
  if (kpis.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {kpis.map((kpi) => (
        <KpiCard key={kpi.label} {...kpi} />
      ))}
    </div>
  );
}

/** The panels of every module's widgets the role sees, in their declared order. */
function Panels({ data, cards }: { data: Dashboard; cards: readonly DashboardCard[] }) {
  const panels = cards
    .flatMap((card) => (card.panel && data[card.widget] ? [{ widget: card.widget, ...card.panel }] : []))
    .sort((a, b) => a.order - b.order);
  if (panels.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {panels.map((panel) => (
        <Fragment key={panel.widget}>{panel.render(data)}</Fragment>
      ))}
    </div>
  );
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

/**
 * / (no permission): greeting, the indicators the role may see (computed by the API), drawn by the
 * cards each module declares (lib/dashboard-cards), and shortcuts.
 */
export default function DashboardPage() {
  const user = useSessionUser();
  const { permissions } = usePermissions();
  const links = shortcuts((leaf) => canOpenRoute(ROUTES[leaf.route], permissions));
  const firstName = user?.employee?.firstName ?? user?.username;
  const { dashboardCards } = useComposedModules();
  const dashboard = useQuery(dashboardQuery);
  const cards = useQuery(dashboardCardsQuery(dashboardCards));
  const isPending = dashboard.isPending || cards.isPending;
  const isError = dashboard.isError || cards.isError;
  const data = isError ? undefined : dashboard.data;

  return (
    <div className="flex flex-col gap-5">
      <section className="goc-card flex flex-col gap-1 px-6 py-5">
        <h2 className="m-0 text-xl font-semibold text-slate-800">{firstName ? `Hola, ${firstName}` : 'Hola'}</h2>
        <p className="m-0 text-sm text-slate-500 first-letter:uppercase">{formatDayInWords(businessToday())}</p>
      </section>

      {isPending && <DashboardSkeleton />}
      {isError && <p className="m-0 text-sm text-red-700">No se pudieron cargar los indicadores. Recarga la página para intentarlo de nuevo.</p>}
      {data && cards.data && (
        <>
          <Kpis data={data} cards={cards.data} />
          <Panels data={data} cards={cards.data} />
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
