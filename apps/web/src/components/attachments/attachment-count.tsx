import { useQuery } from '@tanstack/react-query';
import type { AttachableResource } from '@goc/contracts';
import { attachmentKeys } from './attachment-keys';
import { fetchAttachmentCounts } from './attachments-api';
import { attachmentsTexts } from './attachments-texts';

/** The number of documents of each row of a list page: one request per page, not per row. */
export function useAttachmentCounts(resource: AttachableResource | undefined, ids: readonly number[]): Readonly<Record<string, number>> {
  const real = ids.filter((id) => id > 0);
  const counts = useQuery({
    queryKey: attachmentKeys.counts(resource ?? 'orders', real),
    queryFn: () => fetchAttachmentCounts(resource ?? 'orders', real),
    enabled: resource !== undefined && real.length > 0,
  });
  return counts.data ?? {};
}

/** A paperclip with the number, or nothing for a record without documents. */
export function PaperclipCount({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="inline-flex items-center gap-1 text-(--text-color-secondary)" title={attachmentsTexts.count(count)}>
      <i className="pi pi-paperclip" aria-hidden="true" />
      <span className="sr-only">{attachmentsTexts.count(count)}</span>
      <span aria-hidden="true">{count}</span>
    </span>
  );
}
