import type { AttachableResource } from '@goc/contracts';

/** The attachments' query keys: apart from their API so a module's declarations can name them without loading the HTTP client. */
export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (resource: AttachableResource, recordId: number) => ['attachments', 'list', resource, recordId] as const,
  counts: (resource: AttachableResource, ids: readonly number[]) => ['attachments', 'counts', resource, ids.join(',')] as const,
  thumbnail: (id: number) => ['attachments', 'thumbnail', id] as const,
};
