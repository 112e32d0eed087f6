import type { ResourceRow } from '../list/resource-types';
import { FormDialog } from './form-dialog';
import type { FormMode } from './form-values';
import { useRecordForm, type RecordFormOptions } from './use-record-form';

export interface RecordFormDialogProps extends Omit<RecordFormOptions, 'onDone'> {
  onHide: () => void;
  onSaved?: (row: ResourceRow, mode: FormMode) => void;
  /** Dialog width (default by the number of fields). */
  width?: string;
  /** The dialog's title, when «Nuevo …» / «Editar …» does not say what the form is for. */
  header?: string;
}

/** Create / edit / duplicate a record in a maximizable dialog (the form itself is useRecordForm's). */
export function RecordFormDialog({ onHide, width, header, ...options }: RecordFormDialogProps) {
  const form = useRecordForm({ ...options, onDone: onHide });
  return (
    <FormDialog
      formId={form.formId}
      header={header ?? form.title}
      width={width ?? (form.wide ? '52rem' : '34rem')}
      pending={form.pending}
      submitDisabled={form.stale}
      onHide={() => form.leave(onHide)}
      onSubmit={form.submit}
    >
      {form.body}
    </FormDialog>
  );
}
