import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { CatalogField } from '@goc/contracts';
import { AppDialog } from '../app-dialog';
import { errorMessage } from '../../lib/api/api-error';
import { formatDateTime } from '../../lib/format';
import { displayText } from './cell-value';
import { fetchHistory } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import { useOptionLabels } from '../../lib/resources/use-options';
import type { ListResource } from './resource-types';

const texts = {
  title: (label: string) => `Historial: ${label}`,
  empty: 'Este registro aún no tiene cambios registrados',
  failed: 'No se pudo cargar el historial',
  by: 'por',
  system: 'Sistema',
  field: 'Campo',
  before: 'Antes',
  after: 'Después',
  none: '—',
  actions: { create: 'Creación', update: 'Modificación', delete: 'Eliminación' } as Record<string, string>,
};

/** Any stored value as text when the field is not declared (a role's permission matrix). */
function plainText(value: unknown): string {
  if (value === null || value === undefined || value === '') return texts.none;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The ids an audited reference value holds (one, several or none). */
const referenceIds = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/** An audited value shown like the list shows it; reference ids become their labels. */
function ChangeValue({ field, value }: { field: CatalogField | undefined; value: unknown }) {
  const ids = field?.reference ? referenceIds(value) : [];
  const { data: options } = useOptionLabels(field?.reference?.target, ids);
  if (!field) return <>{plainText(value)}</>;
  if (field.reference) {
    if (ids.length === 0) return <>{texts.none}</>;
    return <>{ids.map((id) => options?.find((o) => o.value === id)?.label ?? `#${String(id)}`).join(', ')}</>;
  }
  return <>{displayText(field, value) || texts.none}</>;
}

interface RecordHistoryDialogProps {
  resource: ListResource;
  recordId: number;
  recordLabel: string;
  onHide: () => void;
}

/** Who changed what and when: each audited write with its fields, old → new. */
export function RecordHistoryDialog({ resource, recordId, recordLabel, onHide }: RecordHistoryDialogProps) {
  const history = useQuery({
    queryKey: resourceKeys.history(resource.resource, recordId),
    queryFn: () => fetchHistory(resource.resource, recordId),
    staleTime: 0,
  });
  const fieldOf = (name: string) => resource.fields.find((f) => f.name === name);

  return (
    <AppDialog visible onHide={onHide} header={texts.title(recordLabel)} style={{ width: '44rem' }}>
      {history.isPending && (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      )}
      {history.isError && <Message severity="error" text={`${texts.failed}: ${errorMessage(history.error)}`} className="w-full justify-start" />}
      {history.data?.length === 0 && <p className="m-0 text-(--text-color-secondary)">{texts.empty}</p>}
      {history.data && history.data.length > 0 && (
        <ol className="m-0 flex list-none flex-col gap-4 p-0">
          {history.data.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-solid border-(--surface-border) p-3">
              <div className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{texts.actions[entry.action] ?? entry.action}</span>
                <span className="text-(--text-color-secondary)">{formatDateTime(entry.at)}</span>
                <span className="text-(--text-color-secondary)">
                  {texts.by} {entry.user ? (entry.user.name ?? entry.user.username) : texts.system}
                </span>
              </div>
              {Object.keys(entry.changes).length > 0 && (
                <div className="overflow-x-auto">
                  <table className="w-full border-collapse text-sm">
                    <thead>
                      <tr className="text-left text-(--text-color-secondary)">
                        <th className="py-1 pr-3 font-medium">{texts.field}</th>
                        <th className="py-1 pr-3 font-medium">{texts.before}</th>
                        <th className="py-1 font-medium">{texts.after}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(entry.changes).map(([name, change]) => (
                        <tr key={name} className="border-0 border-t border-solid border-(--surface-border) align-top">
                          <td className="py-1 pr-3 font-medium">{fieldOf(name)?.label ?? name}</td>
                          <td className="py-1 pr-3 break-words text-red-700 line-through decoration-red-300">
                            <ChangeValue field={fieldOf(name)} value={change.old} />
                          </td>
                          <td className="py-1 break-words text-green-800">
                            <ChangeValue field={fieldOf(name)} value={change.new} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </AppDialog>
  );
}
