import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmDeleteMessage, rowLabel, savedMessage, type ActionDeclaration, type Filters } from '@goc/contracts';
import { useConfirm } from '../confirm/use-confirm';
import { RecordFormDialog, type RecordFormDialogProps } from '../form/record-form-dialog';
import type { FormExtension, FormShape } from '../form/use-record-form';
import { copyValues, type FormMode, type FormValues } from '../form/form-values';
import { useLoading } from '../loading/use-loading';
import { useToast } from '../toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { listTexts } from './list-texts';
import { RecordHistoryDialog } from './record-history-dialog';
import { deleteRecord } from '../../lib/resources/records';
import { ResourceList, type ResourceListProps } from './resource-list';
import type { ListResource, ResourceRow } from './resource-types';
import type { RowAction } from './row-actions';
import { useRowPermissions } from './row-permissions';
import { TransitionDialog, type TransitionInputs } from './transition-dialog';

export interface CrudPageProps {
  resource: ListResource;
  /** Row actions of this page (employee details, reset password…), before edit / history / delete. */
  extraActions?: readonly RowAction[];
  /** Values and inputs the declared fields do not cover (a role's permission matrix). */
  formExtension?: FormExtension;
  /** Fixed values, fields that apply only to some values, notes (a personnel movement's form). */
  formShape?: FormShape;
  formWidth?: string;
  /** Values the form computes per line of a `lines` field (an order line's amount), by field name. */
  formComputed?: RecordFormDialogProps['computed'];
  onSaved?: (row: ResourceRow, mode: FormMode) => void;
  /** The view's parameters every list and export request carries (scope=mine). */
  baseParams?: Readonly<Record<string, string>>;
  /** Filters every list and export request carries besides the user's (the week shown); they win on the same field. */
  baseFilters?: Filters;
  /** The page's own cells for some columns, by field name. */
  cells?: ResourceListProps['cells'];
  /** "Nuevo" leads here instead of the form dialog (a full-page form). */
  onCreate?: () => void;
  /** Label of "Nuevo" ("Nuevo movimiento"). */
  createLabel?: string;
  /** Records that are never deleted (personnel movements are cancelled instead): no "Eliminar". */
  deletable?: boolean;
  /** Further exports of the list's rows (orders with one row per line). */
  exportVariants?: ResourceListProps['exportVariants'];
  /** "Duplicar": a new record starting from a copy of the row (with the create permission). */
  duplicable?: boolean;
  /** Inputs the workflow's actions take beyond the comment. */
  transitionInputs?: TransitionInputs;
  /** The page's own dialogs. */
  children?: ReactNode;
}

type FormTarget = { record: ResourceRow | null; defaults?: FormValues; opened: number };
type TransitionTarget = { row: ResourceRow; action: ActionDeclaration };

/**
 * A complete record screen from a declaration: the list (URL-bound, filters, export, the view's
 * base parameters), "Nuevo" and edit in the generated form dialog, the record's history, delete
 * after confirmation and the workflow's actions — each only with its declared permission, on the
 * rows its guards and statuses allow.
 */
export function CrudPage({
  resource,
  extraActions = [],
  formExtension,
  formShape,
  formWidth,
  formComputed,
  onSaved,
  baseParams,
  baseFilters,
  exportVariants,
  cells,
  onCreate,
  createLabel,
  deletable = true,
  duplicable,
  transitionInputs,
  children,
}: CrudPageProps) {
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [transition, setTransition] = useState<TransitionTarget | null>(null);
  const [historyOf, setHistoryOf] = useState<ResourceRow | null>(null);
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

  const askDelete = (row: ResourceRow) =>
    confirm.require({
      header: listTexts.delete,
      message: confirmDeleteMessage(resource.nouns, rowLabel(resource, row)),
      icon: 'pi pi-trash',
      acceptLabel: listTexts.delete,
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void loading.run(remove.mutateAsync(row)).catch(() => undefined),
    });

  const open = (record: ResourceRow | null, defaults?: FormValues) =>
    setFormTarget((current) => ({ record, ...(defaults ? { defaults } : {}), opened: (current?.opened ?? 0) + 1 }));
  const rights = useRowPermissions(resource);
  const duplicate: RowAction[] =
    duplicable && rights.canCreate
      ? [{ key: 'duplicate', icon: 'pi pi-copy', label: listTexts.duplicate, onClick: (row) => open(null, copyValues(resource.fields, row)) }]
      : [];

  return (
    <>
      <ResourceList
        resource={resource}
        onCreate={onCreate ?? (() => open(null))}
        {...(createLabel ? { createLabel } : {})}
        onEdit={open}
        onHistory={setHistoryOf}
        {...(deletable ? { onDelete: askDelete } : {})}
        {...(resource.workflow ? { onTransition: (row: ResourceRow, action: ActionDeclaration) => setTransition({ row, action }) } : {})}
        {...(baseParams ? { baseParams } : {})}
        {...(baseFilters ? { baseFilters } : {})}
        {...(cells ? { cells } : {})}
        {...(exportVariants ? { exportVariants } : {})}
        extraActions={[...extraActions, ...duplicate]}
      />
      {formTarget && (
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
      )}
      {historyOf && (
        <RecordHistoryDialog resource={resource} recordId={historyOf.id} recordLabel={rowLabel(resource, historyOf)} onHide={() => setHistoryOf(null)} />
      )}
      {transition && (
        <TransitionDialog resource={resource} row={transition.row} action={transition.action} inputs={transitionInputs} onHide={() => setTransition(null)} />
      )}
      {children}
    </>
  );
}
