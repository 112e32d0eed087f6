import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { AppDialog } from '../../components/app-dialog';
import { usersTexts } from './users-texts';

interface PasswordFormDialogProps {
  formId: string;
  header: string;
  submitLabel: string;
  submitIcon: string;
  pending: boolean;
  onHide: () => void;
  /** Called on submit; the caller validates and saves. */
  onSubmit: () => void;
  children: ReactNode;
}

/** The frame both password dialogs share: a narrow dialog, Cancelar / submit footer, and the form submitting on Enter. */
export function PasswordFormDialog({ formId, header, submitLabel, submitIcon, pending, onHide, onSubmit, children }: PasswordFormDialogProps) {
  return (
    <AppDialog
      visible
      onHide={onHide}
      header={header}
      style={{ width: '28rem' }}
      footer={
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" label={usersTexts.cancel} severity="secondary" text onClick={onHide} />
          <Button type="submit" form={formId} label={submitLabel} icon={submitIcon} loading={pending} />
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
