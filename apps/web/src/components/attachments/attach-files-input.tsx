import { useCallback, useRef } from 'react';
import { Button } from 'primereact/button';
import { ATTACHMENT_ACCEPT } from '@goc/contracts';
import { errorMessage } from '../../lib/api/api-error';
import { useIsMobile } from '../../lib/use-media-query';
import { attachmentsTexts } from './attachments-texts';
import { useToast } from '../toast/use-toast';
import { useAttachmentUpload, type UploadTarget } from './use-attachment-upload';

/**
 * Files chosen inside another form (a purchase's quote, a delivery's note, a new order's photos),
 * uploaded by the form once its own step succeeded (`uploadFiles`). On a phone «Tomar foto» opens
 * the camera.
 */
export function AttachFilesInput({ label, files, onChange }: { label: string; files: readonly File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const isMobile = useIsMobile();
  const add = (event: React.ChangeEvent<HTMLInputElement>) => {
    onChange([...files, ...Array.from(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {isMobile && <Button type="button" label={attachmentsTexts.takePhoto} icon="pi pi-camera" size="small" outlined onClick={() => camera.current?.click()} />}
        <Button type="button" label={label} icon="pi pi-paperclip" size="small" outlined onClick={() => input.current?.click()} />
      </div>
      <input ref={input} type="file" multiple accept={ATTACHMENT_ACCEPT} className="hidden" aria-label={label} onChange={add} />
      {isMobile && <input ref={camera} type="file" accept="image/*" capture="environment" className="hidden" aria-label={attachmentsTexts.takePhoto} onChange={add} />}
      {files.length > 0 && (
        <ul className="m-0 list-none space-y-1 p-0 text-sm" aria-label={label}>
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2">
              <i className="pi pi-file" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <Button
                type="button"
                icon="pi pi-times"
                text
                rounded
                size="small"
                aria-label={`${attachmentsTexts.delete} ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Uploads files to a record after its own step saved; false when one was refused (the person has been told which and why). */
export type UploadFiles = (target: UploadTarget, files: readonly File[], description: string) => Promise<boolean>;

/**
 * The chosen files of a form, uploaded one after the other once the record's own step succeeded;
 * the first refusal stops and is told with its file's name (the record stays saved: its Documentos
 * panel takes the file again).
 */
export function useUploadFiles(): UploadFiles {
  const upload = useAttachmentUpload();
  const toast = useToast();
  return useCallback(
    async (target, files, description) => {
      for (const file of files) {
        try {
          await upload(target, file, undefined, description);
        } catch (error) {
          toast.add({ severity: 'error', summary: attachmentsTexts.uploadFailed(file.name), detail: errorMessage(error), life: 10000 });
          return false;
        }
      }
      return true;
    },
    [upload, toast],
  );
}
