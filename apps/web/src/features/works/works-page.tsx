import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { WORK_STATUS_OPTIONS, type BusinessLine, type WorkOverview, type WorkStatus } from '@goc/contracts';
import { BudgetBar } from '../../components/budget-bar';
import { EmptyState } from '../../components/empty-state';
import { StatusTag } from '../../components/list/status-tag';
import { VIEW_MODES, ViewToggle, type ViewMode } from '../../components/view-toggle';
import { formatMoney, formatNumber } from '../../lib/format';
import { useStoredChoice } from '../../lib/use-stored-choice';
import { WorkDetailDialog } from './work-detail-dialog';
import { fetchWorksOverview, worksOverviewKey } from './works-api';

const VIEW_KEY = 'goc.view.works';

/** '1 pedido abierto', '3 pedidos abiertos'. */
const counted = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function statusTag(status: WorkStatus) {
  const option = WORK_STATUS_OPTIONS.find((o) => o.value === status);
  return option ? <StatusTag severity={option.severity} label={option.label} /> : null;
}

function Counts({ work }: { work: Pick<WorkOverview, 'openOrders' | 'activeWorkers' | 'projects'> }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
      <span>
        <i className="pi pi-shopping-cart mr-1 text-[0.7rem]" aria-hidden="true" />
        {counted(work.openOrders, 'pedido abierto', 'pedidos abiertos')}
      </span>
      <span>
        <i className="pi pi-users mr-1 text-[0.7rem]" aria-hidden="true" />
        {formatNumber(work.activeWorkers)} personal activo
      </span>
      <span>
        <i className="pi pi-briefcase mr-1 text-[0.7rem]" aria-hidden="true" />
        {counted(work.projects, 'proyecto', 'proyectos')}
      </span>
    </span>
  );
}

/**
 * The button of a card or row: its click area stretches over the whole positioned card (an ::after
 * overlay, which also draws the focus ring), while its accessible name stays its own visible text.
 */
function StretchedButton({ onClick, className, children }: { onClick: () => void; className: string; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`cursor-pointer border-0 bg-transparent p-0 text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-blue-600 focus-visible:after:outline-solid ${className}`}
    >
      {children}
    </button>
  );
}

function WorkCard({ work, onOpen }: { work: WorkOverview; onOpen: () => void }) {
  return (
    <li className="goc-card relative flex h-full flex-col gap-2 px-4 py-3 transition hover:border-blue-200 hover:shadow-md">
      <span className="flex items-start justify-between gap-2">
        <StretchedButton onClick={onOpen} className="flex min-w-0 flex-col after:rounded-xl">
          <span className="sr-only">{`${work.code} · ${work.name}`}</span>
          <span className="text-xs font-medium text-slate-500" aria-hidden="true">
            {work.code}
          </span>
          <span className="font-semibold text-slate-800" aria-hidden="true">
            {work.name}
          </span>
        </StretchedButton>
        {statusTag(work.status)}
      </span>
      <span className="text-xs text-slate-600">
        {work.company.name} · {work.resident ? `Residente: ${work.resident.name}` : 'Sin residente'}
      </span>
      <BudgetBar budget={work.budget} ordered={work.ordered} />
      <Counts work={work} />
    </li>
  );
}

/** No column sized by its own content: the rows of a list line up (the counts fit their column on one line up to two-digit figures). */
function WorkRow({ work, onOpen }: { work: WorkOverview; onOpen: () => void }) {
  return (
    <li className="relative grid w-full grid-cols-1 items-center gap-2 border-0 border-b border-solid border-slate-100 px-2 py-2 hover:bg-slate-50 md:grid-cols-[minmax(0,2fr)_7rem_minmax(0,2fr)_24rem]">
      <span className="flex min-w-0 flex-col">
        <StretchedButton onClick={onOpen} className="truncate font-medium text-slate-800">
          {`${work.code} · ${work.name}`}
        </StretchedButton>
        <span className="truncate text-xs text-slate-500">
          {work.company.name} · {work.resident?.name ?? 'Sin residente'}
        </span>
      </span>
      <span>{statusTag(work.status)}</span>
      <BudgetBar budget={work.budget} ordered={work.ordered} />
      <Counts work={work} />
    </li>
  );
}

function LineSection({ line, view, onOpen }: { line: BusinessLine; view: ViewMode; onOpen: (work: WorkOverview) => void }) {
  const color = line.category.color ?? '#475569';
  return (
    <section aria-label={line.category.name} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="flex items-center gap-2">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg text-white" style={{ backgroundColor: color }} aria-hidden="true">
            <i className={line.category.icon ?? 'pi pi-building'} />
          </span>
          <h2 className="m-0 text-lg font-semibold text-slate-800">{line.category.name}</h2>
        </span>
        <span className="text-sm text-slate-500">
          {formatNumber(line.totals.works)} {line.totals.works === 1 ? 'obra' : 'obras'} · Presupuesto {formatMoney(line.totals.budget)} · Comprado {formatMoney(line.totals.ordered)} ·{' '}
          {counted(line.totals.openOrders, 'pedido abierto', 'pedidos abiertos')} · {formatNumber(line.totals.activeWorkers)} personal activo
        </span>
      </header>
      {view === 'cards' ? (
        <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 md:grid-cols-2 xl:grid-cols-3">
          {line.works.map((w) => (
            <WorkCard key={w.id} work={w} onOpen={() => onOpen(w)} />
          ))}
        </ul>
      ) : (
        <ul className="goc-card m-0 list-none p-2">
          {line.works.map((w) => (
            <WorkRow key={w.id} work={w} onOpen={() => onOpen(w)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /negocios — the works of each business line with budget against ordered; a work opens its detail. */
export default function WorksPage() {
  const [view, setView] = useStoredChoice<ViewMode>(VIEW_KEY, VIEW_MODES, 'cards');
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [status, setStatus] = useState<WorkStatus | undefined>();
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const [opened, setOpened] = useState<WorkOverview | null>(null);

  // The unfiltered page gives the pickers their companies and business lines.
  const everything = useQuery({ queryKey: worksOverviewKey({}), queryFn: () => fetchWorksOverview({}) });
  const query = { companyId, categoryId, status, q: q || undefined };
  const { data, isPending, isError } = useQuery({ queryKey: worksOverviewKey(query), queryFn: () => fetchWorksOverview(query), placeholderData: keepPreviousData });

  const companies = useMemo(() => {
    const seen = new Map<number, string>();
    for (const line of everything.data?.lines ?? []) for (const w of line.works) seen.set(w.company.id, w.company.name);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
  }, [everything.data]);
  const categories = (everything.data?.lines ?? []).map((l) => ({ value: l.category.id, label: l.category.name }));

  return (
    <div className="flex flex-col gap-5">
      <div className="goc-card flex flex-wrap items-center gap-2 px-3 py-3">
        <span className="p-input-icon-left min-w-0 flex-1 basis-56">
          <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder="Buscar obra, clave o empresa" aria-label="Buscar" className="w-full" />
        </span>
        <Dropdown value={companyId} options={companies} onChange={(e) => setCompanyId(e.value as number | undefined)} placeholder="Empresa" showClear aria-label="Empresa" emptyMessage="Sin opciones disponibles" className="w-full sm:w-52" />
        <Dropdown value={categoryId} options={categories} onChange={(e) => setCategoryId(e.value as number | undefined)} placeholder="Línea de negocio" showClear aria-label="Línea de negocio" emptyMessage="Sin opciones disponibles" className="w-full sm:w-52" />
        <Dropdown value={status} options={[...WORK_STATUS_OPTIONS]} onChange={(e) => setStatus(e.value as WorkStatus | undefined)} placeholder="Estatus" showClear aria-label="Estatus" className="w-full sm:w-44" />
        <ViewToggle value={view} onChange={setView} />
      </div>

      {isPending && <Skeleton height="12rem" />}
      {isError && <p className="m-0 text-sm text-red-700">No se pudieron cargar las obras. Recarga la página para intentarlo de nuevo.</p>}
      {data && data.lines.length === 0 && <EmptyState icon="pi pi-building" title="No se han encontrado resultados" description="Ninguna obra coincide con los filtros." />}
      {data?.lines.map((line) => (
        <LineSection key={line.category.id} line={line} view={view} onOpen={setOpened} />
      ))}
      <WorkDetailDialog work={opened} onHide={() => setOpened(null)} />
    </div>
  );
}
