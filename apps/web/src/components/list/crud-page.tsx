import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { rowLabel, type ActionDeclaration, type AttachableResource, type Filters } from '@goc/contracts';
import { attachmentsTexts } from '../attachments/attachments-texts';
import { useDraftToReopen } from '../form/form-draft';
import { copyValues } from '../form/form-values';
import { DETAIL_PARAM } from '../../lib/routing/detail-param';
import { NEW_PARAM } from '../../lib/routing/new-param';
import { listTexts } from './list-texts';
import { useRecordCommands, type RecordCommandsOptions } from './record-commands';
import { useResourceActions, type OfflineTransitions } from './resource-actions';
import { ResourceList, type ResourceListProps } from './resource-list';
import type { ListResource, ResourceRow } from './resource-types';
import type { RowAction } from './row-actions';
import { useRowPermissions } from './row-permissions';
import type { TransitionInputs } from './transition-dialog';
import { transitionDraftOwner, type TransitionDraftContext } from './transition-draft';
import { lazyComponent } from '../lazy-component';

export interface CrudPageProps extends RecordCommandsOptions {
  resource: ListResource;
  /** Row actions of this page (employee details, reset password…), before edit / history / delete. */
  extraActions?: readonly RowAction[];
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
  /** Workflow steps taken without signal, by the status they lead to (the rest are disabled offline). */
  offlineTransitions?: OfflineTransitions;
  /** The list's rows kept on the phone, answered without signal. */
  offlineList?: ResourceListProps['offlineList'];
  /** The page's own toolbar buttons, left of "Nuevo" ("Importar"). */
  toolbar?: ReactNode;
  /**
   * The record's own view (an order with its lines and timeline): opened by "Ver detalle" and by a
   * click or tap on the row, and given the row's actions (less "Ver detalle") to offer them there too.
   */
  detail?: (props: { row: ResourceRow; actions: readonly RowAction[]; onHide: () => void }) => ReactNode;
  /** Records with documents: the paperclip count on each row and a «Documentos» row action with their panel. */
  attachments?: AttachableResource;
  /** The page's own dialogs. */
  children?: ReactNode;
}

const DocumentsDialog = lazyComponent(async () => (await import('../attachments/documents-dialog')).DocumentsDialog);
const RecordHistoryDialog = lazyComponent(async () => (await import('./record-history-dialog')).RecordHistoryDialog);
const TransitionDialog = lazyComponent(async () => (await import('./transition-dialog')).TransitionDialog);

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
  offlineTransitions,
  offlineList,
  toolbar,
  detail,
  attachments,
  children,
}: CrudPageProps) {
  const [transition, setTransition] = useState<TransitionTarget | null>(null);
  const [documentsOf, setDocumentsOf] = useState<ResourceRow | null>(null);
  const [historyOf, setHistoryOf] = useState<ResourceRow | null>(null);
  const [detailOf, setDetailOf] = useState<ResourceRow | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // A link may open a record's detail (`?ver=<id>`: a notification, a dashboard item); closing it drops the parameter.
  const shown = detail ? Number(searchParams.get(DETAIL_PARAM)) : NaN;
  useEffect(() => {
    if (Number.isInteger(shown) && shown > 0) setDetailOf((current) => (current?.id === shown ? current : ({ id: shown } as ResourceRow)));
  }, [shown]);
  const hideDetail = () => {
    setDetailOf(null);
    if (searchParams.has(DETAIL_PARAM)) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(DETAIL_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };
  const { open, askDelete, dialogs } = useRecordCommands(resource, { formExtension, formShape, formWidth, formComputed, onSaved });
  const rights = useRowPermissions(resource);
  const create = onCreate ?? (() => open(null));
  // Once: the parameter leaves the address as the form opens, so a reload or «Atrás» shows the list.
  const createLinked = searchParams.has(NEW_PARAM);
  useEffect(() => {
    if (!createLinked) return;
    if (rights.canCreate) create();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(NEW_PARAM);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is acted on once, when it arrives, not on each render's `create`
  }, [createLinked]);
  const duplicate: RowAction[] =
    duplicable && rights.canCreate
      ? [{ key: 'duplicate', icon: 'pi pi-copy', label: listTexts.duplicate, onClick: (row) => open(null, copyValues(resource.fields, row)) }]
      : [];
  const details: RowAction[] = detail ? [{ key: 'details', icon: 'pi pi-eye', label: listTexts.details, onClick: setDetailOf }] : [];
  const onTransition = resource.workflow ? (row: ResourceRow, action: ActionDeclaration) => setTransition({ row, action }) : undefined;
  // A workflow step whose dialog was open when the session ended opens again with what was typed.
  useDraftToReopen(transitionDraftOwner(resource), (context) => setTransition(context as TransitionDraftContext));
  // The record's view offers what its row offers; deleting there closes it.
  const detailActions = useResourceActions(resource, {
    extraActions: [...extraActions, ...duplicate],
    onEdit: open,
    onHistory: setHistoryOf,
    ...(deletable ? { onDelete: (row: ResourceRow) => askDelete(row, hideDetail) } : {}),
    ...(onTransition ? { onTransition } : {}),
    ...(offlineTransitions ? { offlineTransitions } : {}),
  });
  const documents: RowAction[] = attachments ? [{ key: 'documents', icon: 'pi pi-paperclip', label: attachmentsTexts.title, onClick: setDocumentsOf }] : [];

  return (
    <>
      <ResourceList
        resource={resource}
        onCreate={create}
        {...(createLabel ? { createLabel } : {})}
        onEdit={open}
        onHistory={setHistoryOf}
        {...(deletable ? { onDelete: (row: ResourceRow) => askDelete(row) } : {})}
        {...(onTransition ? { onTransition } : {})}
        {...(offlineTransitions ? { offlineTransitions } : {})}
        {...(offlineList ? { offlineList } : {})}
        {...(baseParams ? { baseParams } : {})}
        {...(baseFilters ? { baseFilters } : {})}
        {...(cells ? { cells } : {})}
        {...(exportVariants ? { exportVariants } : {})}
        {...(toolbar ? { toolbar } : {})}
        extraActions={[...details, ...extraActions, ...documents, ...duplicate]}
        {...(detail ? { onOpen: setDetailOf } : {})}
        {...(attachments ? { attachments } : {})}
      />
      {detailOf && detail?.({ row: detailOf, actions: detailActions, onHide: hideDetail })}
      {dialogs}
      {historyOf && (
        <RecordHistoryDialog resource={resource} recordId={historyOf.id} recordLabel={rowLabel(resource, historyOf)} onHide={() => setHistoryOf(null)} />
      )}
      {transition && (
        <TransitionDialog resource={resource} row={transition.row} action={transition.action} inputs={transitionInputs} onHide={() => setTransition(null)} />
      )}
      {attachments && documentsOf && (
        <DocumentsDialog resource={attachments} recordId={documentsOf.id} label={rowLabel(resource, documentsOf)} onHide={() => setDocumentsOf(null)} />
      )}
      {children}
    </>
  );
}
