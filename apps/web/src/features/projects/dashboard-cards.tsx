import { Link } from 'react-router';
import { projectsNavigation, ROUTES } from '@goc/contracts';
import { BudgetBar } from '../../components/budget-bar';
import { Panel } from '../../components/dashboard/panel';
import { defineDashboardCards, type WidgetPart } from '../../lib/dashboard-cards';
import { formatNumber, formatPercent } from '../../lib/format';

/* The projects' cards on Inicio (their widget: projects), loaded with Inicio only. */

function ProjectsWidget({ part: projects }: { part: WidgetPart<'projects'> }) {
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

export default defineDashboardCards(projectsNavigation, {
  projects: {
    kpis: { order: 40, cards: (projects) => [{ icon: 'pi pi-briefcase', label: 'Mis proyectos', value: formatNumber(projects.total), to: ROUTES.myProjects.path }] },
    panel: { order: 50, Panel: ProjectsWidget },
  },
});
