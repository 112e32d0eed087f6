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

/**
 * A paperclip with the number of documents the server has, and a clock with the number still kept on
 * the phone for it (chosen without signal); nothing for a record with neither.
 */
export function PaperclipCount({ count, pending = 0 }: { count: number | undefined; pending?: number }) {
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
