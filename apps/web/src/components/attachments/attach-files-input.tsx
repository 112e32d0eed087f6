import { useRef } from 'react';
import { Button } from 'primereact/button';
import { ATTACHMENT_ACCEPT, type AttachableResource } from '@goc/contracts';
import { attachmentsTexts } from './attachments-texts';
import { uploadAttachment } from './attachments-api';

/**
 * Files chosen inside another form (a purchase's quote, a delivery's note), uploaded by the form once
 * its own step succeeded (`uploadFiles`).
 */
export function AttachFilesInput({ label, files, onChange }: { label: string; files: readonly File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-2">
      <Button type="button" label={label} icon="pi pi-paperclip" size="small" outlined onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="hidden"
        aria-label={label}
        onChange={(event) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {files.length > 0 && (
        <ul className="m-0 list-none space-y-1 p-0 text-sm">
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

/** Uploads the chosen files to a record, one after the other; the first refusal stops and is thrown. */
export async function uploadFiles(target: { resource: AttachableResource; recordId: number }, files: readonly File[], description: string): Promise<void> {
  for (const file of files) await uploadAttachment(target, file, () => undefined, description);
}
