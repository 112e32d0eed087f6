import { useNavigate } from 'react-router';
import { registryCutsResource, routePath, type CutTotals } from '@goc/contracts';
import { ResourceList, type ExtraColumn } from '../../components/list/resource-list';
import type { ListResource, ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { formatNumber } from '../../lib/format';
import { cutTexts } from './weekly-cut-texts';

/** Who closed a cut and when stay in the column chooser: the week, its status and its totals are what HR scans. */
const HIDDEN = ['closedAt', 'closedById'];
const CUTS: ListResource = {
  ...registryCutsResource,
  fields: registryCutsResource.fields.map((field) => (HIDDEN.includes(field.name) ? { ...field, list: { ...field.list, shownByDefault: false } } : field)),
};

const totalsOf = (row: ResourceRow) => row.totals as CutTotals;
const count = (key: string, header: string, pick: (t: CutTotals) => number): ExtraColumn => ({
  key,
  header,
  numeric: true,
  body: (row) => formatNumber(pick(totalsOf(row))),
});

const TOTAL_COLUMNS: ExtraColumn[] = [
  count('altas', cutTexts.altas, (t) => t.altas),
  count('bajas', cutTexts.bajas, (t) => t.bajas),
  count('modificaciones', cutTexts.modificaciones, (t) => t.modificaciones),
  { key: 'scopes', header: cutTexts.oficinaObra, numeric: true, body: (row) => `${formatNumber(totalsOf(row).oficina)} / ${formatNumber(totalsOf(row).obra)}` },
  count('late', cutTexts.late, (t) => t.late),
];

/** /registro/historico — the weekly cuts, newest first, with their totals; a cut opens its detail. Read-only. */
export default function WeeklyCutsPage() {
  const navigate = useNavigate();
  const open: RowAction = {
    key: 'open',
    icon: 'pi pi-arrow-right',
    label: cutTexts.open,
    severity: 'info',
    onClick: (row) => void navigate(routePath('registryCut', { cutId: row.id })),
  };
  return <ResourceList resource={CUTS} extraColumns={TOTAL_COLUMNS} extraActions={[open]} />;
}
