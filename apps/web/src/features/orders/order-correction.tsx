import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ordersResource } from '@goc/contracts';
import { copyValues } from '../../components/form/form-values';
import { RecordFormDialog } from '../../components/form/record-form-dialog';
import type { FormExtension } from '../../components/form/use-record-form';
import type { ComputedColumn } from '../../components/form/lines-editor';
import type { ListResource } from '../../components/list/resource-types';
import { useToast } from '../../components/toast/use-toast';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { getStoredUser } from '../../lib/session/session-user';
import { correctKeptEdit, correctKeptOrder, keptOrderToCorrect } from './order-offline';

interface OrderCorrectionProps {
  /** The refused change's position in the outbox. */
  seq: number;
  resource: ListResource;
  extension: FormExtension;
  computed: Readonly<Record<string, readonly ComputedColumn[]>>;
  onHide: () => void;
}

/**
 * A change kept on the phone that the server refused — a new order, or an edit of a draft — in its
 * form with what was queued and the server's messages, atop and beside their fields (docs/offline.md):
 * «Guardar» puts the corrected change back in the outbox, with a new Idempotency-Key, instead of
 * sending it past the queue. Loaded only when opened from «Cambios sin enviar», so the orders'
 * chunk does not carry the outbox.
 */
export default function OrderCorrection({ seq, resource, extension, computed, onHide }: OrderCorrectionProps) {
  const userId = getStoredUser()?.id ?? null;
  const toast = useToast();
  const kept = useQuery({
    queryKey: ['outbox', userId, 'correct', seq],
    queryFn: () => (userId === null ? null : keptOrderToCorrect(userId, seq)),
    // The phone's own data: read without signal too.
    networkMode: 'always',
    gcTime: 0,
    staleTime: Infinity,
  });
  const gone = kept.isSuccess && kept.data === null;
  useEffect(() => {
    if (!gone) return;
    toast.add({ severity: 'info', summary: offlineTexts.correctGone, life: 5000 });
    onHide();
  }, [gone, toast, onHide]);
  if (!kept.data || userId === null) return null;
  const correction = kept.data;
  if (correction.kind === 'edit') {
    const folio = typeof correction.record.folio === 'string' ? correction.record.folio : String(correction.record.id);
    return (
      <RecordFormDialog
        resource={resource}
        record={correction.record}
        values={correction.values}
        extension={extension}
        computed={computed}
        header={offlineTexts.correctEditTitle(folio)}
        refusal={correction.message}
        refusedFields={correction.fields}
        keep={(corrected) => correctKeptEdit(userId, seq, corrected, folio)}
        width="64rem"
        onHide={onHide}
      />
    );
  }
  const { body, message, fields, files } = correction;
  const withFiles: FormExtension = files > 0 ? { ...extension, end: () => <p className="m-0 text-sm text-(--text-color-secondary)">{offlineTexts.correctFiles(files)}</p> } : extension;
  return (
    <RecordFormDialog
      resource={resource}
      record={null}
      defaults={copyValues(ordersResource.fields, body)}
      extension={withFiles}
      computed={computed}
      header={offlineTexts.correctTitle}
      refusal={message}
      refusedFields={fields}
      keep={(corrected) => correctKeptOrder(userId, seq, corrected)}
      width="64rem"
      onHide={onHide}
    />
  );
}
