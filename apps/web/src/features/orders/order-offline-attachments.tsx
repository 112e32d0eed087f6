import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { AttachFilesInput } from '../../components/attachments/attach-files-input';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { useOutboxCommands } from '../../lib/offline/use-offline';
import { getStoredUser } from '../../lib/session/session-user';
import { keepAttachmentsOffline } from './order-offline';
import { ordersTexts } from './orders-texts';
import { isUnsentFile } from './pending-documents';

const SEVERITY = { pending: 'info', sent: 'success', failed: 'danger', conflict: 'warning' } as const;

/**
 * An order the server has, without signal (docs/offline.md): photos and PDFs chosen here are kept
 * in the outbox for it and listed as pending until the server has them. Loaded only offline, so the
 * orders' chunk does not carry the outbox.
 */
export default function OrderOfflineAttachments({ orderId, folio }: { orderId: number; folio: string }) {
  const userId = getStoredUser()?.id ?? null;
  const toast = useToast();
  const [files, setFiles] = useState<File[]>([]);
  const pending = useOutboxCommands(userId).filter((c) => isUnsentFile(c, orderId));
  const keep = useMutation({
    mutationFn: (chosen: readonly File[]) => (userId === null ? Promise.reject(new Error('Sin sesión')) : keepAttachmentsOffline(userId, { id: orderId, folio }, chosen)),
    onSuccess: (sentence) => {
      toast.add({ severity: 'info', summary: sentence, life: 6000 });
      setFiles([]);
    },
    onError: (error) => toast.add({ severity: 'error', summary: errorMessage(error), life: 8000 }),
  });
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <AttachFilesInput label={ordersTexts.attachOffline} files={files} onChange={setFiles} />
        {files.length > 0 && (
          <Button type="button" label={ordersTexts.keepAttachments(files.length)} icon="pi pi-save" size="small" loading={keep.isPending} onClick={() => keep.mutate(files)} />
        )}
      </div>
      {pending.length > 0 && (
        <section aria-label={ordersTexts.pendingAttachments}>
          <h3 className="mt-0 mb-2 text-base">{ordersTexts.pendingAttachments}</h3>
          <ul className="m-0 list-none space-y-2 p-0 text-sm">
            {pending.map((command) => (
              <li key={command.seq} className="flex items-center gap-2">
                <i className={command.kind === 'attachFile' && command.type.startsWith('image/') ? 'pi pi-image' : 'pi pi-file'} aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{command.kind === 'attachFile' ? command.name : command.summary}</span>
                <Tag severity={SEVERITY[command.state]} value={offlineTexts.states[command.state]} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
