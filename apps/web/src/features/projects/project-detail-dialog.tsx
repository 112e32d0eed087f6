import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { formatDay, listQueryToParams, listResponseSchema, ordersResource, PROJECT_STATUS_OPTIONS, projectsResource } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { DocumentsPanel } from '../../components/attachments/documents-panel';
import { BudgetBar } from '../../components/budget-bar';
import { OrderSummary } from '../../components/order-summary';
import { useRowPermissions } from '../../components/list/row-permissions';
import { StatusTag } from '../../components/list/status-tag';
import { api } from '../../lib/api/client';
import { usePermissions } from '../../lib/session/permissions-store';
import { Avatar } from './avatar';
import type { Project } from './projects-api';

async function ordersOf(projectId: number, scope: 'mine' | 'all') {
  const filters = { projectId: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: projectId }] } };
  const params = { ...listQueryToParams({ page: 1, pageSize: 100, sort: [], q: '', filters }), pageSize: '100', scope };
  return listResponseSchema(ordersResource.schemas.entity).parse((await api.get(ordersResource.resource, { params })).data);
}

function ProjectOrders({ project, scope }: { project: Project; scope: 'mine' | 'all' }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['resource', ordersResource.resource, 'project', project.id, scope], queryFn: () => ordersOf(project.id, scope) });
  if (isPending) return <Skeleton height="6rem" />;
  if (isError) return <p className="m-0 text-sm text-red-700">No se pudieron cargar los pedidos.</p>;
  if (data.items.length === 0) return <p className="m-0 text-sm text-slate-500">No se han encontrado resultados</p>;
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0">
      {data.items.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 pb-2 text-sm last:border-0">
          <OrderSummary order={o} />
        </li>
      ))}
    </ul>
  );
}

/** 'Del 10/01/26 al 30/06/26', 'Desde el 10/01/26', 'Hasta el 30/06/26' or 'Sin fechas'. */
function period({ startDate, endDate }: Pick<Project, 'startDate' | 'endDate'>): string {
  if (startDate && endDate) return `Del ${formatDay(startDate)} al ${formatDay(endDate)}`;
  if (startDate) return `Desde el ${formatDay(startDate)}`;
  if (endDate) return `Hasta el ${formatDay(endDate)}`;
  return 'Sin fechas';
}

/**
 * A project's detail: Resumen, Miembros and, for who may read orders, Pedidos; Editar and Eliminar
 * when given and the user's flags allow them.
 */
export function ProjectDetailDialog({ project, onHide, onEdit, onDelete }: { project: Project | null; onHide: () => void; onEdit?: (p: Project) => void; onDelete?: (p: Project) => void }) {
  const { can } = usePermissions();
  const rights = useRowPermissions(projectsResource);
  const editable = project !== null && onEdit !== undefined && rights.canEditRow(project);
  const deletable = project !== null && onDelete !== undefined && rights.canDeleteRow(project);
  const footer =
    project && (editable || deletable) ? (
      <div className="flex justify-end gap-2">
        {deletable && <Button type="button" label="Eliminar" icon="pi pi-trash" severity="danger" outlined onClick={() => onDelete(project)} />}
        {editable && <Button type="button" label="Editar" icon="pi pi-pencil" onClick={() => onEdit(project)} />}
      </div>
    ) : undefined;
  const ordersScope = can('history', 'view') ? 'all' : can('my_orders', 'view') ? 'mine' : null;
  const status = PROJECT_STATUS_OPTIONS.find((o) => o.value === project?.status);
  return (
    <AppDialog header={project ? `${project.code} · ${project.name}` : ''} visible={project !== null} onHide={onHide} footer={footer} style={{ width: '44rem' }}>
      {project && (
        <TabView>
          <TabPanel header="Resumen">
            <div className="flex flex-col gap-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                {status && <StatusTag severity={status.severity} label={status.label} />}
                <span className="text-slate-600">{project.work?.label}</span>
              </div>
              {project.description && <p className="m-0 text-slate-700">{project.description}</p>}
              <p className="m-0 text-slate-600">{period(project)}</p>
              <div className="flex flex-col gap-1">
                <span className="text-xs text-slate-500">Avance {project.progress} %</span>
                <div role="progressbar" aria-label="Avance" aria-valuemin={0} aria-valuemax={100} aria-valuenow={project.progress} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
                  <div className="h-full bg-blue-600" style={{ width: `${project.progress}%` }} />
                </div>
              </div>
              <BudgetBar budget={project.budget} ordered={project.ordered ?? 0} />
            </div>
          </TabPanel>
          <TabPanel header="Miembros">
            <ul className="m-0 flex list-none flex-col gap-2 p-0 text-sm">
              <li className="flex items-center gap-2">
                <Avatar name={project.manager?.label ?? ''} />
                <span className="font-medium text-slate-800">{project.manager?.label}</span>
                <span className="text-xs text-slate-500">Responsable</span>
              </li>
              {(project.members ?? []).map((m) => (
                <li key={m.id} className="flex items-center gap-2">
                  <Avatar name={m.label} />
                  <span className="text-slate-800">{m.label}</span>
                </li>
              ))}
            </ul>
          </TabPanel>
          {ordersScope && (
            <TabPanel header="Pedidos">
              <ProjectOrders project={project} scope={ordersScope} />
            </TabPanel>
          )}
          <TabPanel header="Documentos">
            <DocumentsPanel resource="projects" recordId={project.id} />
          </TabPanel>
        </TabView>
      )}
    </AppDialog>
  );
}
