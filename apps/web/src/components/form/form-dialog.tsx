import type { CSSProperties, ReactNode } from 'react';
import { Button } from 'primereact/button';
import { AppDialog } from '../app-dialog';
import { formTexts } from './form-texts';

interface FormDialogProps {
  formId: string;
  header: string;
  width: CSSProperties['width'];
  submitLabel?: string;
  submitIcon?: string;
  pending: boolean;
  submitDisabled?: boolean;
  onHide: () => void;
  /** Called on submit (button or Enter); the caller validates and saves. */
  onSubmit: () => void;
  children: ReactNode;
}

/** The frame every form dialog shares: Cancelar / submit footer and a form that submits on Enter. */
export function FormDialog({ formId, header, width, submitLabel = formTexts.save, submitIcon = 'pi pi-check', pending, submitDisabled, onHide, onSubmit, children }: FormDialogProps) {
  return (
    <AppDialog
      visible
      onHide={onHide}
      header={header}
      style={{ width }}
      footer={
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button type="button" label={formTexts.cancel} severity="secondary" text onClick={onHide} />
          <Button type="submit" form={formId} label={submitLabel} icon={submitIcon} loading={pending} disabled={submitDisabled} />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4 pt-1"
      >
        {children}
      </form>
    </AppDialog>
  );
}
