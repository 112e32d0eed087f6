import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { AppDialog } from '../app-dialog';
import { errorMessage } from '../../lib/api/api-error';
import { entryText } from './history-text';
import { fetchHistory } from '../../lib/resources/records';
import { resourceKeys } from '../../lib/resources/query-keys';
import type { ListResource } from './resource-types';

const texts = {
  title: (label: string) => `Historial: ${label}`,
  empty: 'Este registro aún no tiene cambios registrados',
  failed: 'No se pudo cargar el historial',
  by: 'por',
  system: 'Sistema',
};

interface RecordHistoryDialogProps {
  resource: ListResource;
  recordId: number;
  recordLabel: string;
  onHide: () => void;
}

/**
 * Who changed what and when, in words: each audited write with its action, author, time, the comment
 * of a status change (as the record's timeline shows it) and its changes (history-text.ts).
 */
export function RecordHistoryDialog({ resource, recordId, recordLabel, onHide }: RecordHistoryDialogProps) {
  const history = useQuery({
    queryKey: resourceKeys.history(resource.resource, recordId),
    queryFn: () => fetchHistory(resource.resource, recordId),
    staleTime: 0,
  });

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
          {history.data.map((entry) => {
            const text = entryText(resource, entry);
            return (
              <li key={entry.id} className="rounded-lg border border-solid border-(--surface-border) p-3">
                <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-semibold">{text.action}</span>
                  <span className="text-(--text-color-secondary)">{text.when}</span>
                  <span className="text-(--text-color-secondary)">
                    {texts.by} {text.who ?? texts.system}
                  </span>
                </div>
                {text.comment && <div className="mt-1 text-sm italic break-words">«{text.comment}»</div>}
                {text.changes.length > 0 && (
                  <ul className="m-0 mt-2 flex list-disc flex-col gap-1 pl-5 text-sm break-words">
                    {text.changes.map((change, index) => (
                      <li key={index}>{change}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </AppDialog>
  );
}
