import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MESSAGES, formatDateTime, type Attachment, type AttachableResource } from '@goc/contracts';
import { errorMessage } from '../../lib/api/api-error';
import { useIsMobile } from '../../lib/use-media-query';
import { useConfirm } from '../confirm/use-confirm';
import { useToast } from '../toast/use-toast';
import { AttachmentViewer, isViewable, useObjectUrl } from './attachment-viewer';
import { attachmentKeys } from './attachment-keys';
import { deleteAttachment, downloadAttachment, fetchAttachmentBlob, fetchAttachments } from './attachments-api';
import { attachmentsTexts, formatSize } from './attachments-texts';
import { useAttachmentUpload } from './use-attachment-upload';

/** A file on its way up: its progress, or why it was refused (it can be sent again). */
interface Upload {
  key: string;
  file: File;
  progress: number;
  error?: string;
}

const ICONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pi pi-file-pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'pi pi-file-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'pi pi-file-word',
  'text/csv': 'pi pi-file-excel',
};
const iconOf = (type: string) => ICONS[type] ?? (type.startsWith('image/') ? 'pi pi-image' : 'pi pi-file');

function Thumbnail({ attachment }: { attachment: Attachment }) {
  const blob = useQuery({
    queryKey: attachmentKeys.thumbnail(attachment.id),
    queryFn: () => fetchAttachmentBlob(attachment.id, 'thumbnail'),
    enabled: attachment.hasThumbnail,
    staleTime: Infinity,
  });
  const url = useObjectUrl(blob.data);
  if (url) return <img src={url} alt="" className="h-full w-full object-cover" />;
  return <i className={`${iconOf(attachment.contentType)} text-3xl text-(--text-color-secondary)`} aria-hidden="true" />;
}

/**
 * The documents of one record: drag and drop (or «Elegir archivos»; «Tomar foto» with the phone's
 * camera), a real progress bar per file, thumbnails, a viewer for images and PDF, download and
 * delete with confirmation. What the user may do comes from the server (canUpload, canDelete).
 * `queued`: files chosen before the record existed (a new order's photos), sent as the panel opens,
 * each with its progress and, if refused, the reason and «Reintentar».
 */
export function DocumentsPanel({ resource, recordId, queued }: { resource: AttachableResource; recordId: number; queued?: readonly File[] }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const isMobile = useIsMobile();
  const inputId = useId();
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [viewing, setViewing] = useState<Attachment | null>(null);
  const key = attachmentKeys.list(resource, recordId);
  const list = useQuery({ queryKey: key, queryFn: () => fetchAttachments(resource, recordId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: attachmentKeys.all });
  const upload = useAttachmentUpload();

  const patch = (uploadKey: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === uploadKey ? { ...u, ...change } : u)));

  /** Sends a file (again, for `retryKey`): the toast and the refreshed list come with the upload. */
  async function send(file: File, retryKey?: string) {
    const uploadKey = retryKey ?? `${file.name}-${file.size}-${Math.random()}`;
    const maxMb = list.data?.maxMb;
    const start = (change: Partial<Upload>) =>
      setUploads((all) => (retryKey ? all.map((u) => (u.key === retryKey ? { key: retryKey, file, progress: 0, ...change } : u)) : [...all, { key: uploadKey, file, progress: 0, ...change }]));
    if (maxMb !== undefined && file.size > maxMb * 1024 * 1024) {
      start({ error: ATTACHMENT_MESSAGES.tooLarge(maxMb) });
      return;
    }
    start({});
    try {
      await upload({ resource, recordId }, file, (fraction) => patch(uploadKey, { progress: Math.round(fraction * 100) }));
      setUploads((all) => all.filter((u) => u.key !== uploadKey));
    } catch (error) {
      patch(uploadKey, { error: errorMessage(error) });
    }
  }

  const sendAll = (list: Iterable<File> | null) => {
    for (const file of Array.from(list ?? [])) void send(file);
  };

  // Queued files go up once, as the panel first opens (a ref: React's development double effect must not send them twice).
  const sentQueued = useRef(false);
  useEffect(() => {
    if (sentQueued.current || !queued || queued.length === 0) return;
    sentQueued.current = true;
    sendAll(queued);
  });

  const remove = useMutation({
    mutationFn: (attachment: Attachment) => deleteAttachment(attachment.id),
    onSuccess: async (_nothing, attachment) => {
      toast.add({ severity: 'success', summary: attachmentsTexts.deleted(attachment.fileName), life: 3000 });
      await refresh();
    },
    onError: (error) => toast.add({ severity: 'error', summary: attachmentsTexts.deleteFailed, detail: errorMessage(error), life: 8000 }),
  });
  const download = useMutation({
    mutationFn: downloadAttachment,
    onError: (error) => toast.add({ severity: 'error', summary: attachmentsTexts.downloadFailed, detail: errorMessage(error), life: 8000 }),
  });

  const askDelete = (attachment: Attachment) =>
    confirm.require({
      header: attachmentsTexts.deleteHeader,
      message: attachmentsTexts.deleteConfirm(attachment.fileName),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: attachmentsTexts.delete,
      rejectLabel: 'Cancelar',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => remove.mutate(attachment),
    });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (list.data?.canUpload) sendAll(event.dataTransfer.files);
  };

  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-3">
      <h3 id={`${inputId}-title`} className="mt-0 mb-0 text-base">
        {attachmentsTexts.title} {items.length > 0 && <span className="text-(--text-color-secondary)">({items.length})</span>}
      </h3>
      {list.isError && <Message severity="error" text={`${attachmentsTexts.loadFailed}: ${errorMessage(list.error)}`} className="w-full justify-start" />}
      {list.data?.canUpload && (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-wrap items-center justify-center gap-2 rounded-md border-2 border-dashed p-3 text-sm ${dragging ? 'border-(--primary-color) bg-(--highlight-bg)' : 'border-(--surface-border)'}`}
        >
          {!isMobile && <span>{attachmentsTexts.drop}</span>}
          {isMobile && <Button type="button" label={attachmentsTexts.takePhoto} icon="pi pi-camera" onClick={() => camera.current?.click()} />}
          <Button type="button" label={attachmentsTexts.choose} icon="pi pi-paperclip" outlined={isMobile} size={isMobile ? undefined : 'small'} onClick={() => files.current?.click()} />
          <span className="w-full text-center text-xs text-(--text-color-secondary)">{attachmentsTexts.accepted(list.data.maxMb)}</span>
          <input
            ref={files}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="hidden"
            aria-label={attachmentsTexts.choose}
            onChange={(event) => {
              sendAll(event.target.files);
              event.target.value = '';
            }}
          />
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            className="hidden"
            aria-label={attachmentsTexts.takePhoto}
            onChange={(event) => {
              sendAll(event.target.files);
              event.target.value = '';
            }}
          />
        </div>
      )}
      {uploads.length > 0 && (
        <ul className="m-0 list-none space-y-2 p-0">
          {uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{u.error ? attachmentsTexts.uploadFailed(u.file.name) : attachmentsTexts.uploading(u.file.name)}</span>
                {u.error && (
                  <span className="flex shrink-0">
                    <Button type="button" icon="pi pi-refresh" label={attachmentsTexts.retry} text size="small" aria-label={`${attachmentsTexts.retry} ${u.file.name}`} onClick={() => void send(u.file, u.key)} />
                    <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={attachmentsTexts.dismiss} onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))} />
                  </span>
                )}
              </div>
              {u.error ? (
                <Message severity="error" text={u.error} className="w-full justify-start" />
              ) : (
                <ProgressBar value={u.progress} aria-label={attachmentsTexts.uploading(u.file.name)} style={{ height: '0.6rem' }} showValue={false} />
              )}
            </li>
          ))}
        </ul>
      )}
      {list.isPending && <Skeleton height="4rem" />}
      {list.data && items.length === 0 && uploads.length === 0 && <p className="m-0 text-sm text-(--text-color-secondary)">{attachmentsTexts.empty}</p>}
      {items.length > 0 && (
        <ul className="m-0 grid list-none grid-cols-1 gap-2 p-0 sm:grid-cols-2" aria-label={attachmentsTexts.title}>
          {items.map((a) => (
            <li key={a.id} className="flex items-center gap-3 rounded-md border border-solid border-(--surface-border) p-2">
              <button
                type="button"
                className="flex h-16 w-16 shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded border-0 bg-(--surface-ground) p-0"
                aria-label={`${isViewable(a.contentType) ? attachmentsTexts.view : attachmentsTexts.download} ${a.fileName}`}
                onClick={() => (isViewable(a.contentType) ? setViewing(a) : download.mutate(a))}
              >
                <Thumbnail attachment={a} />
              </button>
              <div className="min-w-0 flex-1 text-sm">
                <div className="truncate font-medium" title={a.fileName}>
                  {a.fileName}
                </div>
                {a.description && <div className="truncate text-(--text-color-secondary)">{a.description}</div>}
                <div className="text-xs text-(--text-color-secondary)">
                  {formatSize(a.size)} · {formatDateTime(a.createdAt)}
                  {a.createdBy && ` · ${attachmentsTexts.by(a.createdBy.name)}`}
                </div>
              </div>
              <div className="flex shrink-0">
                <Button type="button" icon="pi pi-download" text rounded aria-label={`${attachmentsTexts.download} ${a.fileName}`} onClick={() => download.mutate(a)} />
                {a.canDelete && <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={`${attachmentsTexts.delete} ${a.fileName}`} onClick={() => askDelete(a)} />}
              </div>
            </li>
          ))}
        </ul>
      )}
      {viewing && <AttachmentViewer attachment={viewing} onHide={() => setViewing(null)} onDownload={() => download.mutate(viewing)} />}
    </section>
  );
}
