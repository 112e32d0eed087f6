import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { Attachment } from '@goc/contracts';
import { AppDialog } from '../app-dialog';
import { errorMessage } from '../../lib/api/api-error';
import { fetchAttachmentBlob } from './attachments-api';
import { attachmentsTexts } from './attachments-texts';

/** An object URL for a Blob, revoked when the blob changes or the component leaves. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/** Can the viewer show it (the browser renders images and PDF; HEIC it cannot)? */
export const isViewable = (contentType: string) => contentType === 'application/pdf' || ['image/jpeg', 'image/png', 'image/webp'].includes(contentType);

/** An image or a PDF in a dialog, from the bytes fetched with the user's token (a blob: URL). */
export function AttachmentViewer({ attachment, onHide, onDownload }: { attachment: Attachment; onHide: () => void; onDownload: () => void }) {
  const content = useQuery({ queryKey: ['attachments', 'content', attachment.id], queryFn: () => fetchAttachmentBlob(attachment.id, 'content'), staleTime: Infinity, gcTime: 0 });
  const url = useObjectUrl(content.data);
  const isPdf = attachment.contentType === 'application/pdf';
  return (
    <AppDialog
      visible
      header={attachment.fileName}
      style={{ width: '64rem', height: isPdf ? '90vh' : undefined }}
      onHide={onHide}
      footer={<Button type="button" label={attachmentsTexts.download} icon="pi pi-download" text onClick={onDownload} />}
    >
      {content.isError && <Message severity="error" text={`${attachmentsTexts.viewerFailed}: ${errorMessage(content.error)}`} className="w-full justify-start" />}
      {content.isPending && <Skeleton height="20rem" />}
      {url && isPdf && <iframe src={url} title={attachment.fileName} className="h-[75vh] w-full border-0" />}
      {url && !isPdf && <img src={url} alt={attachment.description ?? attachment.fileName} className="mx-auto block max-h-[75vh] max-w-full object-contain" />}
    </AppDialog>
  );
}
