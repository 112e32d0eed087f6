import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  CATALOGS,
  displayQuantity,
  EMPLOYEE_STATUS_OPTIONS,
  formatDay,
  MOVEMENT_TYPE_OPTIONS,
  ordersResource,
  projectsResource,
  registryMovementsResource,
  stockBalancesResource,
  WORK_STATUS_OPTIONS,
  type WorkOverview,
} from '@goc/contracts';
import type { z } from 'zod';
import { AppDialog } from '../../components/app-dialog';
import { BudgetBar } from '../../components/budget-bar';
import { OrderSummary } from '../../components/order-summary';
import { StatusTag } from '../../components/list/status-tag';
import { formatMoney, formatNumber } from '../../lib/format';
import { orderLink } from '../../lib/routing/order-link';
import { severityOf } from '../../lib/severity';
import { usePermissions } from '../../lib/session/permissions-store';
import { fetchRelated } from './works-api';

const NO_RESULTS = 'No se han encontrado resultados';

type RegistryMovement = z.output<typeof registryMovementsResource.schemas.entity>;

const ROW = 'flex flex-wrap items-center justify-between gap-2';

/** One tab's rows: fetched when the tab is shown, each line as the tab renders it; with `linkTo`, a tap opens the row. */
function RelatedList<T extends { id: number }>({
  queryKey,
  load,
  render,
  linkTo,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<{ items: T[]; total: number }>;
  render: (row: T) => React.ReactNode;
  linkTo?: (row: T) => string;
}) {
  const { data, isPending, isError } = useQuery({ queryKey, queryFn: load });
  if (isPending) return <Skeleton height="6rem" />;
  if (isError) return <p className="m-0 text-sm text-red-700">No se pudo cargar la información.</p>;
  if (data.items.length === 0) return <p className="m-0 text-sm text-slate-500">{NO_RESULTS}</p>;
  return (
    <>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {data.items.map((row) => (
          <li key={row.id} className={`${linkTo ? '' : ROW} border-b border-slate-100 pb-2 text-sm last:border-0`}>
            {linkTo ? (
              <Link to={linkTo(row)} className={`${ROW} -mx-2 rounded-md px-2 py-1 text-inherit no-underline hover:bg-slate-50 focus-visible:bg-slate-50`}>
                {render(row)}
              </Link>
            ) : (
              render(row)
            )}
          </li>
        ))}
      </ul>
      {data.total > data.items.length && <p className="m-0 text-xs text-slate-500">Se muestran {data.items.length} de {formatNumber(data.total)}.</p>}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="m-0 font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/** Movements in the Personal tab: the newest ones of the work. */
const LAST_MOVEMENTS = 10;

function MovementSummary({ movement }: { movement: RegistryMovement }) {
  const type = MOVEMENT_TYPE_OPTIONS.find((o) => o.value === movement.type);
  return (
    <>
      <span className="flex flex-col">
        <span className="font-medium text-slate-800">{movement.employee?.label}</span>
        <span className="text-xs text-slate-500">Fecha efectiva {formatDay(movement.effectiveDate)}</span>
      </span>
      <span className="flex items-center gap-2">
        {type && <StatusTag severity={type.severity} label={type.label} />}
        {movement.registrationStatus && <StatusTag severity={severityOf(movement.registrationStatus.color)} label={movement.registrationStatus.name} />}
      </span>
    </>
  );
}

/**
 * A work's detail: Resumen and, each only for who may read it, its projects, orders and staff (the
 * active employees and the last movements).
 */
export function WorkDetailDialog({ work, onHide }: { work: WorkOverview | null; onHide: () => void }) {
  const { can } = usePermissions();
  const status = WORK_STATUS_OPTIONS.find((o) => o.value === work?.status);
  const ordersScope = can('history', 'view') ? 'all' : can('my_orders', 'view') ? 'mine' : null;
  const projectsScope = can('projects', 'edit') ? 'all' : can('projects', 'view') ? 'mine' : null;
  const employeesShown = can('config_employees', 'view');
  // A work's movements are all of scope obra: the works' own list, or the history for who reads only that.
  const movementsScope = can('registry_works', 'view') ? 'obra' : can('registry_history', 'view') ? 'historico' : null;
  return (
    <AppDialog header={work ? `${work.code} · ${work.name}` : ''} visible={work !== null} onHide={onHide} style={{ width: '48rem' }}>
      {work && (
        <TabView>
          <TabPanel header="Resumen">
            <dl className="m-0 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure label="Empresa" value={work.company.name} />
              <Figure label="Residente" value={work.resident?.name ?? 'Sin residente'} />
              <div className="flex flex-col">
                <dt className="text-xs text-slate-500">Estatus</dt>
                <dd className="m-0">{status && <StatusTag severity={status.severity} label={status.label} />}</dd>
              </div>
              <Figure label="Pedidos abiertos" value={formatNumber(work.openOrders)} />
              <Figure label="Personal activo" value={formatNumber(work.activeWorkers)} />
              <Figure label="Proyectos" value={formatNumber(work.projects)} />
            </dl>
            <div className="mt-4">
              <BudgetBar budget={work.budget} ordered={work.ordered} />
            </div>
          </TabPanel>
          {projectsScope && (
            <TabPanel header="Proyectos">
              <RelatedList
                queryKey={['resource', '/projects', 'work', work.id, projectsScope]}
                load={() => fetchRelated('/projects', projectsResource.schemas.entity, { workId: work.id }, projectsScope)}
                render={(p) => (
                  <>
                    <span className="font-medium text-slate-800">
                      {p.code} · {p.name}
                    </span>
                    <span className="text-slate-500">
                      {p.progress} % · {formatMoney(p.ordered)} de {formatMoney(p.budget)}
                    </span>
                  </>
                )}
              />
            </TabPanel>
          )}
          {ordersScope && (
            <TabPanel header="Pedidos">
              <RelatedList
                queryKey={['resource', '/orders', 'work', work.id, ordersScope]}
                load={() => fetchRelated('/orders', ordersResource.schemas.entity, { workId: work.id }, ordersScope)}
                render={(o) => <OrderSummary order={o} />}
                linkTo={(o) => orderLink(ordersScope === 'all' ? 'ordersHistory' : 'myOrders', o)}
              />
            </TabPanel>
          )}
          {can('stock', 'view') && (
            <TabPanel header="Almacén">
              <dl className="m-0 mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Almacén frente al presupuesto">
                <Figure label="Material en almacén" value={formatMoney(work.stockValue)} />
                <Figure label="Presupuesto" value={formatMoney(work.budget)} />
                <Figure label="Comprometido" value={formatMoney(work.committed)} />
              </dl>
              <RelatedList
                queryKey={['resource', stockBalancesResource.resource, 'work', work.id]}
                load={() => fetchRelated(stockBalancesResource.resource, stockBalancesResource.schemas.entity, { workId: work.id })}
                render={(b) => (
                  <>
                    <span className="font-medium text-slate-800">{b.material?.label}</span>
                    <span className="text-slate-500">
                      {displayQuantity(b.quantity ?? 0)} {b.unit?.label} · {formatMoney(b.value)}
                    </span>
                  </>
                )}
              />
            </TabPanel>
          )}
          {(employeesShown || movementsScope) && (
            <TabPanel header="Personal">
              <div className="flex flex-col gap-4">
                {employeesShown && (
                  <section aria-label="Personal activo" className="flex flex-col gap-2">
                    <h3 className="m-0 text-sm font-semibold text-slate-700">Personal activo</h3>
                    <RelatedList
                      queryKey={['resource', '/employees', 'work', work.id]}
                      load={() => fetchRelated('/employees', CATALOGS.employees.schemas.entity, { workId: work.id, status: EMPLOYEE_STATUS_OPTIONS[0].value })}
                      render={(e) => (
                        <>
                          <span className="font-medium text-slate-800">
                            {[e.firstName, e.lastName, e.secondLastName].filter(Boolean).join(' ')}
                          </span>
                          <span className="text-slate-500">
                            {e.employeeNumber}
                            {e.position ? ` · ${e.position}` : ''}
                          </span>
                        </>
                      )}
                    />
                  </section>
                )}
                {movementsScope && (
                  <section aria-label="Últimos movimientos" className="flex flex-col gap-2">
                    <h3 className="m-0 text-sm font-semibold text-slate-700">Últimos movimientos</h3>
                    <RelatedList
                      queryKey={['resource', registryMovementsResource.resource, 'work', work.id, movementsScope]}
                      load={() => fetchRelated(registryMovementsResource.resource, registryMovementsResource.schemas.entity, { workId: work.id }, movementsScope, LAST_MOVEMENTS)}
                      render={(m) => <MovementSummary movement={m} />}
                    />
                  </section>
                )}
              </div>
            </TabPanel>
          )}
        </TabView>
      )}
    </AppDialog>
  );
}
