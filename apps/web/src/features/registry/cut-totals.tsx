import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SCROLLABLE_TABLE } from '../../components/list/table-aria';
import type { CutTotals, CutWorkSummary } from '@goc/contracts';
import { WorkflowStatusTag } from '../../components/list/status-tag';
import { formatNumber } from '../../lib/format';
import { cutTexts } from './weekly-cut-texts';

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-solid border-(--surface-border) bg-(--surface-card) px-4 py-3">
      <div className="text-xs font-medium tracking-wide text-(--text-color-secondary) uppercase">{label}</div>
      <div className={`mt-1 text-2xl font-semibold ${tone ?? 'text-(--text-color)'}`}>{formatNumber(value)}</div>
    </div>
  );
}

/** The cut's counts as cards, then how many movements each registration status holds. */
export function CutTotalsCards({ totals }: { totals: CutTotals }) {
  return (
    <section aria-label={cutTexts.totals} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        <Figure label={cutTexts.movements} value={totals.movements} />
        <Figure label={cutTexts.altas} value={totals.altas} tone="text-green-700" />
        <Figure label={cutTexts.bajas} value={totals.bajas} tone="text-red-700" />
        <Figure label={cutTexts.modificaciones} value={totals.modificaciones} tone="text-sky-700" />
        <Figure label={cutTexts.oficina} value={totals.oficina} />
        <Figure label={cutTexts.obra} value={totals.obra} />
        <Figure label={cutTexts.late} value={totals.late} tone={totals.late > 0 ? 'text-amber-700' : undefined} />
      </div>
      {totals.byRegistrationStatus.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-(--text-color-secondary)">{cutTexts.byStatus}:</span>
          {totals.byRegistrationStatus.map((status) => (
            <span key={status.id} className="inline-flex items-center gap-1">
              <WorkflowStatusTag status={status} />
              <span className="font-semibold">{formatNumber(status.count)}</span>
            </span>
          ))}
        </div>
      )}
    </section>
  );
}

const number = (pick: (w: CutWorkSummary) => number) => (row: CutWorkSummary) => formatNumber(pick(row));

/** One line per work (office movements first), with its altas, bajas, salary changes and late ones. */
export function CutWorksTable({ works }: { works: readonly CutWorkSummary[] }) {
  return (
    <section className="goc-card overflow-hidden">
      <h2 className="m-0 border-0 border-b border-solid border-(--surface-border) px-4 py-3 text-base font-semibold">{cutTexts.perWork}</h2>
      <DataTable value={[...works]} dataKey="work.id" size="small" stripedRows scrollable pt={SCROLLABLE_TABLE} emptyMessage={cutTexts.noMovements} tableStyle={{ minWidth: '30rem' }}>
        <Column header={cutTexts.workColumn} body={(row: CutWorkSummary) => row.work?.label ?? cutTexts.officeRow} />
        <Column header={cutTexts.altas} body={number((w) => w.altas)} className="text-right" headerClassName="whitespace-nowrap" />
        <Column header={cutTexts.bajas} body={number((w) => w.bajas)} className="text-right" headerClassName="whitespace-nowrap" />
        <Column header={cutTexts.modificaciones} body={number((w) => w.modificaciones)} className="text-right" headerClassName="whitespace-nowrap" />
        <Column header={cutTexts.late} body={number((w) => w.late)} className="text-right" headerClassName="whitespace-nowrap" />
      </DataTable>
    </section>
  );
}
