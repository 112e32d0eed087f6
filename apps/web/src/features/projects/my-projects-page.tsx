import { useQuery } from '@tanstack/react-query';
import { SelectButton } from 'primereact/selectbutton';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { formatDay, PROJECT_STATUS_OPTIONS, projectsResource } from '@goc/contracts';
import { BudgetBar } from '../../components/budget-bar';
import { EmptyState } from '../../components/empty-state';
import { CrudPage } from '../../components/list/crud-page';
import { useRecordCommands } from '../../components/list/record-commands';
import type { RowAction } from '../../components/list/row-actions';
import { useRowPermissions } from '../../components/list/row-permissions';
import { StatusTag } from '../../components/list/status-tag';
import { VIEW_MODES, ViewToggle, type ViewMode } from '../../components/view-toggle';
import { usePermissions } from '../../lib/session/permissions-store';
import { useStoredChoice } from '../../lib/use-stored-choice';
import { Avatar } from './avatar';
import { ProjectDetailDialog } from './project-detail-dialog';
import { fetchProjects, projectCardsKey, type Project, type ProjectScope } from './projects-api';

const VIEW_KEY = 'goc.view.projects';
type RecordCommands = ReturnType<typeof useRecordCommands>;
const SCOPES = [
  { value: 'mine', label: 'Mis proyectos' },
  { value: 'all', label: 'Todos' },
];

function ProjectCard({ project, onOpen }: { project: Project; onOpen: () => void }) {
  const status = PROJECT_STATUS_OPTIONS.find((o) => o.value === project.status);
  const people = [project.manager, ...(project.members ?? []).filter((m) => m.id !== project.managerId)].filter((p) => p !== null && p !== undefined);
  return (
    <li>
      <button type="button" onClick={onOpen} aria-label={`${project.code} · ${project.name}`} className="goc-card flex h-full w-full cursor-pointer flex-col gap-2 px-4 py-3 text-left transition hover:border-blue-200 hover:shadow-md">
        <span className="flex items-start justify-between gap-2">
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium text-slate-500">{project.code}</span>
            <span className="font-semibold text-slate-800">{project.name}</span>
          </span>
          {status && <StatusTag severity={status.severity} label={status.label} />}
        </span>
        <span className="truncate text-xs text-slate-600">{project.work?.label}</span>
        <span className="flex flex-col gap-1">
          <span className="flex justify-between text-xs text-slate-500">
            <span>Avance</span>
            <span>{project.progress} %</span>
          </span>
          <span role="progressbar" aria-label="Avance" aria-valuemin={0} aria-valuemax={100} aria-valuenow={project.progress} className="block h-2 w-full overflow-hidden rounded-full bg-slate-200">
            <span className="block h-full bg-blue-600" style={{ width: `${project.progress}%` }} />
          </span>
        </span>
        <BudgetBar budget={project.budget} ordered={project.ordered ?? 0} />
        <span className="flex items-center justify-between gap-2">
          <span className="flex -space-x-2" aria-label={`Responsable y miembros: ${people.map((p) => p.label).join(', ')}`}>
            {people.slice(0, 5).map((p) => (
              <Avatar key={p.id} name={p.label} />
            ))}
            {people.length > 5 && <span className="pl-3 text-xs text-slate-500">+{people.length - 5}</span>}
          </span>
          {project.endDate && <span className="text-xs text-slate-500">Término {formatDay(project.endDate)}</span>}
        </span>
      </button>
    </li>
  );
}

/** The cards of a view; a card opens the project's detail, where it is edited or deleted. */
function ProjectCards({ scope, commands }: { scope: ProjectScope; commands: RecordCommands }) {
  const [openedId, setOpenedId] = useState<number | null>(null);
  const { data, isPending, isError } = useQuery({ queryKey: projectCardsKey(scope), queryFn: () => fetchProjects(scope) });
  if (isPending) return <Skeleton height="12rem" />;
  if (isError) return <p className="m-0 text-sm text-red-700">No se pudieron cargar los proyectos. Recarga la página para intentarlo de nuevo.</p>;
  if (data.items.length === 0) {
    return <EmptyState icon="pi pi-briefcase" title="No se han encontrado resultados" description="Aquí verás los proyectos en los que eres responsable o integrante." />;
  }
  // Looked up in the current page: an edit shows at once in the open detail.
  const opened = data.items.find((p) => p.id === openedId) ?? null;
  return (
    <>
      <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 md:grid-cols-2 xl:grid-cols-3">
        {data.items.map((p) => (
          <ProjectCard key={p.id} project={p} onOpen={() => setOpenedId(p.id)} />
        ))}
      </ul>
      {data.total > data.items.length && <p className="m-0 text-xs text-slate-500">Se muestran {data.items.length} de {data.total}.</p>}
      <ProjectDetailDialog project={opened} onHide={() => setOpenedId(null)} onEdit={(p) => commands.open(p)} onDelete={(p) => commands.askDelete(p, () => setOpenedId(null))} />
    </>
  );
}

/** The list view: the shared list page of the view (filters, export, history, edit, delete), each row opening its detail. */
function ProjectTable({ scope }: { scope: ProjectScope }) {
  const [opened, setOpened] = useState<Project | null>(null);
  const details: RowAction = { key: 'details', icon: 'pi pi-eye', label: 'Ver detalle', onClick: (row) => setOpened(row as Project) };
  return (
    <CrudPage key={scope} resource={projectsResource} baseParams={{ scope }} extraActions={[details]} attachments="projects">
      <ProjectDetailDialog project={opened} onHide={() => setOpened(null)} />
    </CrudPage>
  );
}

/**
 * /mis-proyectos — the user's projects (or all, with projects edit) as cards or as the shared list:
 * progress, budget against ordered, people; created, edited and deleted by the module's flags.
 */
export default function MyProjectsPage() {
  const { can } = usePermissions();
  const [view, setView] = useStoredChoice<ViewMode>(VIEW_KEY, VIEW_MODES, 'cards');
  const [scope, setScope] = useState<ProjectScope>('mine');
  const commands = useRecordCommands(projectsResource);
  const { canCreate } = useRowPermissions(projectsResource);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {can('projects', 'edit') && (
          <SelectButton value={scope} options={SCOPES} allowEmpty={false} onChange={(e) => setScope(e.value === 'all' ? 'all' : 'mine')} aria-label="Proyectos" />
        )}
        <ViewToggle value={view} onChange={setView} />
        {view === 'cards' && canCreate && <Button type="button" icon="pi pi-plus" label="Nuevo proyecto" onClick={() => commands.open(null)} />}
      </div>
      {view === 'cards' ? <ProjectCards scope={scope} commands={commands} /> : <ProjectTable scope={scope} />}
      {commands.dialogs}
    </div>
  );
}
