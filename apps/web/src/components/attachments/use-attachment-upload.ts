import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Attachment, AttachableResource } from '@goc/contracts';
import { useToast } from '../toast/use-toast';
import { attachmentKeys } from './attachment-keys';
import { uploadAttachment } from './attachments-api';
import { attachmentsTexts } from './attachments-texts';

export interface UploadTarget {
  resource: AttachableResource;
  recordId: number;
}

/** Uploads one file; `onProgress` gets the fraction sent (0–1). */
export type UploadAttachment = (target: UploadTarget, file: File, onProgress?: (fraction: number) => void, description?: string) => Promise<Attachment>;

/**
 * Every upload of the app goes through here, whichever screen starts it (the Documentos panel, the
 * Comprar and «Registrar entrega» dialogs, a new order's photos): once the server has the file the
 * person is told, and every documents list and count on screen (an open detail, a list's paperclips)
 * is refreshed, so the new document shows at once.
 */
export function useAttachmentUpload(): UploadAttachment {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(
    async (target, file, onProgress = () => undefined, description) => {
      const saved = await uploadAttachment(target, file, onProgress, description);
      toast.add({ severity: 'success', summary: attachmentsTexts.uploaded(file.name), life: 3000 });
      await queryClient.invalidateQueries({ queryKey: attachmentKeys.all });
      return saved;
    },
    [queryClient, toast],
  );
}
