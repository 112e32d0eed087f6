import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmDeleteMessage, rowLabel, savedMessage } from '@goc/contracts';
import { useConfirm } from '../confirm/use-confirm';
import { useDraftToReopen } from '../form/form-draft';
import { RecordFormDialog } from '../form/lazy-record-form-dialog';
import type { RecordFormDialogProps } from '../form/record-form-dialog';
import type { FormExtension, FormShape } from '../form/use-record-form';
import type { FormMode, FormValues } from '../form/form-values';
import { useLoading } from '../loading/use-loading';
import { useToast } from '../toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { deleteRecord } from '../../lib/resources/records';
import { listTexts } from './list-texts';
import type { ListResource, ResourceRow } from './resource-types';

export interface RecordCommandsOptions {
  /** Values and inputs the declared fields do not cover (a role's permission matrix). */
  formExtension?: FormExtension;
  /** Fixed values, fields that apply only to some values, notes (a personnel movement's form). */
  formShape?: FormShape;
  formWidth?: string;
  /** Values the form computes per line of a `lines` field (an order line's amount), by field name. */
  formComputed?: RecordFormDialogProps['computed'];
  onSaved?: (row: ResourceRow, mode: FormMode) => void;
}

type FormTarget = { record: ResourceRow | null; defaults?: FormValues; opened: number };

/**
 * Create, edit and delete of one resource for any layout (the list page, a page of cards): `open`
 * shows the generated form dialog, `askDelete` confirms and deletes, showing a refusal (a project
 * used by orders) as the API's Spanish message; `dialogs` must be rendered by the caller.
 */
export function useRecordCommands(resource: ListResource, { formExtension, formShape, formWidth, formComputed, onSaved }: RecordCommandsOptions = {}) {
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const confirm = useConfirm();
  const loading = useLoading();
  const toast = useToast();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (row: ResourceRow) => deleteRecord(resource.resource, row.id),
    onSuccess: async () => {
      toast.add({ severity: 'success', summary: savedMessage(resource.nouns, 'deleted'), life: 3000 });
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
    },
    // A referenced row is refused with a message naming what uses it ('La unidad se usa en 12 materiales').
    onError: (error) => toast.add({ severity: 'error', summary: listTexts.deleteFailed, detail: errorMessage(error), life: 8000 }),
  });

  /** Asks, then deletes; `onDeleted` runs once the row is gone (a detail dialog closing). */
  const askDelete = (row: ResourceRow, onDeleted?: () => void) =>
    confirm.require({
      header: listTexts.delete,
      message: confirmDeleteMessage(resource.nouns, rowLabel(resource, row)),
      icon: 'pi pi-trash',
      acceptLabel: listTexts.delete,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        void loading
          .run(remove.mutateAsync(row))
          .then(() => onDeleted?.())
          .catch(() => undefined),
    });

  /** The form: a new record (`null`, optionally pre-filled with `defaults`) or the row to edit. */
  const open = (record: ResourceRow | null, defaults?: FormValues) =>
    setFormTarget((current) => ({ record, ...(defaults ? { defaults } : {}), opened: (current?.opened ?? 0) + 1 }));

  // The form that was open when the session ended opens again, with what was typed (form-draft).
  useDraftToReopen(resource.key, (context) => setFormTarget({ record: (context as ResourceRow | null) ?? null, opened: 1 }));

  const dialogs: ReactNode = formTarget && (
    <RecordFormDialog
      key={formTarget.opened}
      resource={resource}
      record={formTarget.record}
      defaults={formTarget.defaults}
      extension={formExtension}
      shape={formShape}
      computed={formComputed}
      width={formWidth}
      onSaved={onSaved}
      onHide={() => setFormTarget(null)}
    />
  );

  return { open, askDelete, dialogs };
}
