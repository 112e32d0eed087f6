import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AttachableResource } from '@goc/contracts';
import { attachmentKeys } from './attachment-keys';
import { fetchAttachmentCounts } from './attachments-api';
import { attachmentsTexts } from './attachments-texts';

/** The number of documents of each row of a list page: one request per page, not per row. */
function useAttachmentCounts(resource: AttachableResource | undefined, ids: readonly number[]): Readonly<Record<string, number>> {
  const real = ids.filter((id) => id > 0);
  const counts = useQuery({
    queryKey: attachmentKeys.counts(resource ?? 'orders', real),
    queryFn: () => fetchAttachmentCounts(resource ?? 'orders', real),
    enabled: resource !== undefined && real.length > 0,
  });
  return counts.data ?? NO_COUNTS;
}

const NO_COUNTS: Readonly<Record<string, number>> = {};

const PageCountsContext = createContext<Readonly<Record<string, number>>>(NO_COUNTS);
const PendingDocumentsContext = createContext<Readonly<Record<number, number>> | undefined>(undefined);

/**
 * The documents of a list page's rows, for its paperclip cells. They reach the cells through a context,
 * not inside the rows: a table draws its rows again when they change, and the counts arrive after them
 * (on a phone, some 250 ms of a 4×-slowed main thread for Histórico's 25 rows, measured).
 */
export function PageDocumentsProvider({ resource, ids, children }: { resource: AttachableResource | undefined; ids: readonly number[]; children: ReactNode }) {
  return <PageCountsContext.Provider value={useAttachmentCounts(resource, ids)}>{children}</PageCountsContext.Provider>;
}

/**
 * The documents kept on the phone, not yet sent, by record id (a clock beside the paperclip). Given
 * around the page, so that their arrival redraws the paperclips alone, not the list holding them.
 */
export const PendingDocumentsProvider = PendingDocumentsContext.Provider;

/** The paperclip of one row of a list page (inside a PageDocumentsProvider). */
export function RowPaperclip({ id }: { id: number }) {
  const counts = useContext(PageCountsContext);
  const pending = useContext(PendingDocumentsContext);
  return <PaperclipCount count={counts[String(id)]} pending={pending?.[id] ?? 0} />;
}

/**
 * A paperclip with the number of documents the server has, and a clock with the number still kept on
 * the phone for it (chosen without signal); nothing for a record with neither.
 */
function PaperclipCount({ count, pending = 0 }: { count: number | undefined; pending?: number }) {
  if (!count && !pending) return null;
  return (
    <span className="inline-flex items-center gap-2 text-(--text-color-secondary)">
      {count ? <Figure icon="pi pi-paperclip" value={count} text={attachmentsTexts.count(count)} /> : null}
      {pending ? <Figure icon="pi pi-clock text-amber-700" value={pending} text={attachmentsTexts.pending(pending)} /> : null}
    </span>
  );
}

function Figure({ icon, value, text }: { icon: string; value: number; text: string }) {
  return (
    <span className="inline-flex items-center gap-1" title={text}>
      <i className={icon} aria-hidden="true" />
      <span className="sr-only">{text}</span>
      <span aria-hidden="true">{value}</span>
    </span>
  );
}
