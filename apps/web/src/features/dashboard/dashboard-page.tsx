import { Link } from 'react-router';
import { businessToday, formatDayInWords, MENU, ROUTES, type MenuLeaf } from '@goc/contracts';
import { EmptyState } from '../../components/empty-state';
import { usePermissions } from '../../lib/session/permissions-store';
import { canOpenRoute } from '../../lib/session/route-access';
import { useSessionUser } from '../../lib/session/session-user';

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

/** / (no permission): greeting, shortcuts to what the user may open, and where the indicators will go. */
export default function DashboardPage() {
  const user = useSessionUser();
  const { permissions } = usePermissions();
  const links = shortcuts((leaf) => canOpenRoute(ROUTES[leaf.route], permissions));
  const firstName = user?.employee?.firstName ?? user?.username;

  return (
    <div className="flex flex-col gap-5">
      <section className="goc-card flex flex-col gap-1 px-6 py-5">
        <h2 className="m-0 text-xl font-semibold text-slate-800">{firstName ? `Hola, ${firstName}` : 'Hola'}</h2>
        <p className="m-0 text-sm text-slate-500 first-letter:uppercase">{formatDayInWords(businessToday())}</p>
      </section>

      {links.length > 0 && (
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

      <EmptyState
        icon="pi pi-chart-bar"
        title="Aún no hay indicadores que mostrar"
        description="Aquí verás tus pedidos abiertos, los pedidos por estatus, las altas y bajas de la semana y de las últimas 8 semanas, las obras activas y tus proyectos."
      />
    </div>
  );
}
