import { attachmentCountsSchema, attachmentListSchema, attachmentSchema, type Attachment, type AttachableResource, type AttachmentList } from '@goc/contracts';
import { api } from '../../lib/api/client';

/* The attachments API as the Documentos panel and the lists' paperclips use it. */

export async function fetchAttachments(resource: AttachableResource, recordId: number): Promise<AttachmentList> {
  const { data } = await api.get('/attachments', { params: { resource, recordId } });
  return attachmentListSchema.parse(data);
}

export async function fetchAttachmentCounts(resource: AttachableResource, ids: readonly number[]): Promise<Record<string, number>> {
  const { data } = await api.get('/attachments/counts', { params: { resource, ids: ids.join(',') } });
  return attachmentCountsSchema.parse(data).counts;
}

/** Uploads one file; `onProgress` gets the fraction sent (0–1) as the browser sends it. */
export async function uploadAttachment(
  target: { resource: AttachableResource; recordId: number },
  file: File,
  onProgress: (fraction: number) => void,
  description?: string,
): Promise<Attachment> {
  const form = new FormData();
  // The description before the file: the server reads the parts in order.
  if (description) form.append('description', description);
  form.append('file', file, file.name);
  const { data } = await api.post('/attachments', form, {
    params: target,
    onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
  });
  return attachmentSchema.parse(data);
}

export async function deleteAttachment(id: number): Promise<void> {
  await api.delete(`/attachments/${id}`);
}

/** A document's bytes (or its thumbnail) as a Blob: requests carry the bearer token, so <img src> cannot fetch them. */
export async function fetchAttachmentBlob(id: number, part: 'content' | 'thumbnail'): Promise<Blob> {
  const { data } = await api.get<Blob>(`/attachments/${id}/${part}`, { responseType: 'blob' });
  return data;
}

/** Saves a document under its own name. */
export async function downloadAttachment(attachment: Pick<Attachment, 'id' | 'fileName'>): Promise<void> {
  const { data } = await api.get<Blob>(`/attachments/${attachment.id}/content`, { params: { download: 1 }, responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
