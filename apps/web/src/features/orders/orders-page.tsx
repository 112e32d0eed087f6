import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessToday, orderTotal, ordersResource } from '@goc/contracts';
import { AttachFilesInput } from '../../components/attachments/attach-files-input';
import { PendingDocumentsProvider } from '../../components/attachments/attachment-count';
import { RecordFormDialog } from '../../components/form/lazy-record-form-dialog';
import type { FormExtension } from '../../components/form/use-record-form';
import { copyValues, type FormValues } from '../../components/form/form-values';
import { CrudPage } from '../../components/list/crud-page';
import { lazyComponent } from '../../components/lazy-component';
import type { ExportVariant } from '../../components/list/export-buttons';
import type { ListResource, ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { useRowPermissions } from '../../components/list/row-permissions';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage, httpStatus } from '../../lib/api/api-error';
import { CORRECT_KEPT_PARAM, OPEN_ORDER_PARAM } from '../../lib/routing/order-link';
import { getStoredUser } from '../../lib/session/session-user';
import { FILES, filesOf } from './chosen-documents';
import { ORDER_LINE_COLUMNS } from './line-amount';
import { downloadOrderPdf, duplicateOrder } from './order-api';
import { OrderBudget } from './order-budget';
import { orderTransitionInputs } from './order-transition';
import { ordersTexts } from './orders-texts';

type OrdersView = 'mine' | 'all';

/** Folio, status and total first: what a reader scans for, visible without scrolling the table sideways. */
const LEADING = ['folio', 'statusId', 'total'];
const rank = (name: string) => (LEADING.includes(name) ? LEADING.indexOf(name) : LEADING.length);
const ORDERED_FIELDS = [...ordersResource.fields].sort((a, b) => rank(a.name) - rank(b.name));

/**
 * The two views of the orders: "Mis pedidos" hides the requester column (always the user) and keeps
 * its own column choice; the history shows who asked for each order.
 */
export const VIEW_RESOURCES: Record<OrdersView, ListResource> = {
  mine: {
    ...ordersResource,
    key: 'ordersMine',
    fields: ORDERED_FIELDS.map((field) => (field.name === 'requestedById' ? { ...field, list: { ...field.list, shownByDefault: false } } : field)),
  },
  all: { ...ordersResource, key: 'ordersHistory', fields: ORDERED_FIELDS },
};

/** Besides one row per order: the same orders with one row per line (material, unit, quantities, amounts). */
const EXPORT_VARIANTS: readonly ExportVariant[] = [{ key: 'lines', label: ordersTexts.exportLines, ariaLabel: ordersTexts.exportLinesLabel, icon: 'pi pi-list', params: { lines: '1' } }];

const idOf = (value: unknown) => (typeof value === 'number' ? value : null);
const amountOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);

/** The priced lines of the form as they stand, added as the server will (a line being typed counts once it is a number). */
function formTotal(lines: unknown): number {
  const rows = Array.isArray(lines) ? (lines as Record<string, unknown>[]) : [];
  const priced = rows.flatMap((l) => {
    const quantity = amountOf(l.quantity);
    return quantity === null ? [] : [{ quantity, unitPrice: amountOf(l.unitPrice) }];
  });
  return Number(orderTotal(priced));
}

/** Mis Pedidos without signal: the user's orders of the last 90 days kept on the phone (IndexedDB loaded only then). */
async function keptMyOrders(params: Readonly<Record<string, string>>) {
  const user = getStoredUser();
  return user ? (await import('../../lib/offline/my-orders')).keptMyOrders(user.id, params) : null;
}

/**
 * The photos and PDFs this phone keeps for each order, not yet sent (a clock beside the row's
 * paperclip), given to the paperclips around the page: their arrival redraws the paperclips, not the
 * list. The outbox's chunk is loaded once the page has drawn: the list never waits for IndexedDB.
 */
function PendingDocuments({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<Readonly<Record<number, number>>>();
  useEffect(() => {
    const userId = getStoredUser()?.id;
    if (userId === undefined) return;
    let live = true;
    let stop: (() => void) | undefined;
    // Without its code (a download that failed) the paperclips show without the clock; the page goes on.
    void import('./pending-documents')
      .then(({ watchPendingDocuments }) => {
        if (live) stop = watchPendingDocuments(userId, setCounts);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return <PendingDocumentsProvider value={counts}>{children}</PendingDocumentsProvider>;
}

const folioOf = (row: ResourceRow) => (typeof row.folio === 'string' ? row.folio : String(row.id));

/** A new order just saved with files to upload: its detail opens and sends them. */
interface Created {
  id: number;
  folio: string;
  files: readonly File[];
}

/** Under the project: the budget the order commits against, committed and available, with the form's running total. */
const budgetSection: FormExtension = {
  initialValues: () => ({}),
  after: 'projectId',
  render: ({ values }) => <OrderBudget workId={idOf(values.workId)} projectId={idOf(values.projectId)} total={formTotal(values.lines)} />,
};

const OrderDetailDialog = lazyComponent(async () => (await import('./order-detail-dialog')).OrderDetailDialog);

// The form of a refused order kept on the phone: loaded only when «Cambios sin enviar» opens it.
const OrderCorrection = lazyComponent(async () => (await import('./order-correction')).default);

/** The budget and, at the end of a new order, photos and a quote queued and uploaded right after the save. */
function orderFormExtension(onCreated: (created: Created) => void): FormExtension {
  return {
    ...budgetSection,
    end: ({ mode, values, setValue }) =>
      mode === 'create' && (
        <div className="space-y-1">
          <AttachFilesInput label={ordersTexts.attachAtCreation} files={filesOf(values)} onChange={(files) => setValue(FILES, files)} />
          <p className="m-0 text-xs text-(--text-color-secondary)">{ordersTexts.attachAtCreationHint}</p>
        </div>
      ),
    afterSave: (row, values, mode) => {
      const files = filesOf(values);
      if (mode === 'create' && files.length > 0) onCreated({ id: row.id, folio: folioOf(row), files });
    },
    keepOffline: async (body, record, values) => {
      const user = getStoredUser();
      if (!user) throw new Error('Sin sesión');
      const { keepOrderOffline } = await import('./order-offline');
      return keepOrderOffline(user.id, body, record, filesOf(values));
    },
  };
}


/** A copy whose work takes no more orders: the same lines and notes, the work (and project) to choose again, a date not past. */
function copyForAnotherWork(row: ResourceRow): FormValues {
  const today = businessToday();
  const copy = copyValues(ordersResource.fields, row);
  const date = typeof copy.requiredDate === 'string' && copy.requiredDate >= today ? copy.requiredDate : today;
  return { ...copy, workId: null, projectId: null, requiredDate: date };
}

/**
 * An orders list on the shared list page (URL state, filters with the material, export, workflow
 * actions with their per-line inputs) plus what only orders have: the detail with its timeline
 * (opened by tapping the row, offering the row's actions), "Duplicar" as a new draft made by the
 * server, and the PDF for the supplier.
 */
export function OrdersPage({ view }: { view: OrdersView }) {
  const resource = VIEW_RESOURCES[view];
  const [copyOf, setCopyOf] = useState<{ values: FormValues; reason: string } | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const formExtension = useMemo(() => orderFormExtension(setCreated), []);
  // An order opened from another screen (a work's Pedidos tab): its detail over the list narrowed to it.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = Number(searchParams.get(OPEN_ORDER_PARAM));
  const q = searchParams.get('q');
  const correcting = view === 'mine' ? Number(searchParams.get(CORRECT_KEPT_PARAM)) : 0;
  const closeCorrecting = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(CORRECT_KEPT_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const closeLinked = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_ORDER_PARAM);
        return next;
      },
      { replace: true },
    );
  const rights = useRowPermissions(resource);
  const toast = useToast();
  const loading = useLoading();
  const queryClient = useQueryClient();

  const duplicate = useMutation({
    mutationFn: (row: ResourceRow) => duplicateOrder(row.id),
    onSuccess: async (copy) => {
      toast.add({ severity: 'success', summary: ordersTexts.duplicated(copy.folio ?? String(copy.id)), life: 4000 });
      await queryClient.invalidateQueries({ queryKey: ['resource', ordersResource.resource] });
    },
    onError: (error, row) => {
      // The order's work takes no more orders: the copy opens in the form, asking for another work.
      const reason = apiErrorBody(error)?.fields?.workId;
      if (httpStatus(error) === 409 && reason) setCopyOf({ values: copyForAnotherWork(row), reason });
      else toast.add({ severity: 'error', summary: ordersTexts.duplicateFailed, detail: errorMessage(error), life: 8000 });
    },
  });
  const pdf = useMutation({
    mutationFn: (row: ResourceRow) => downloadOrderPdf(row.id, folioOf(row)),
    onError: (error) => toast.add({ severity: 'error', summary: ordersTexts.pdfFailed, detail: errorMessage(error), life: 8000 }),
  });

  // Without signal a requester's draft is still sent for authorisation: kept in the outbox (docs/offline.md).
  const offlineTransitions = useMemo(
    () => ({
      enviado: (row: ResourceRow) => {
        const user = getStoredUser();
        if (!user) return;
        void import('./order-offline')
          .then(({ keepSendOffline }) => keepSendOffline(user.id, row))
          .then((summary) => toast.add({ severity: 'info', summary, life: 6000 }))
          .catch((error: unknown) => toast.add({ severity: 'error', summary: errorMessage(error), life: 8000 }));
      },
    }),
    [toast],
  );

  const actions: RowAction[] = [
    { key: 'pdf', icon: 'pi pi-file-pdf', label: ordersTexts.pdf, onClick: (row) => void loading.run(pdf.mutateAsync(row)).catch(() => undefined) },
    ...(rights.canCreate
      ? [{ key: 'duplicate', icon: 'pi pi-copy', label: ordersTexts.duplicate, needsConnection: true, onClick: (row: ResourceRow) => void loading.run(duplicate.mutateAsync(row)).catch(() => undefined) }]
      : []),
  ];

  return (
    <PendingDocuments>
      <CrudPage
        resource={resource}
        baseParams={{ scope: view }}
        exportVariants={EXPORT_VARIANTS}
        extraActions={actions}
        transitionInputs={orderTransitionInputs}
        offlineTransitions={offlineTransitions}
        {...(view === 'mine' ? { offlineList: keptMyOrders } : {})}
        formExtension={formExtension}
        formWidth="64rem"
        formComputed={ORDER_LINE_COLUMNS}
        attachments="orders"
        detail={({ row, actions: rowActions, onHide }) => <OrderDetailDialog orderId={row.id} folio={folioOf(row)} actions={rowActions} onHide={onHide} />}>
        {copyOf && (
          <RecordFormDialog
            resource={resource}
            record={null}
            defaults={copyOf.values}
            shape={{ note: (name, values) => (name === 'workId' && values.workId === null ? { warning: copyOf.reason } : null) }}
            computed={ORDER_LINE_COLUMNS}
            extension={formExtension}
            width="64rem"
            onHide={() => setCopyOf(null)}
          />
        )}
        {Number.isSafeInteger(linked) && linked > 0 && <OrderDetailDialog orderId={linked} folio={q ?? String(linked)} onHide={closeLinked} />}
        {Number.isSafeInteger(correcting) && correcting > 0 && (
          <OrderCorrection key={correcting} seq={correcting} resource={resource} extension={budgetSection} computed={ORDER_LINE_COLUMNS} onHide={closeCorrecting} />
        )}
        {created && <OrderDetailDialog orderId={created.id} folio={created.folio} queued={created.files} onHide={() => setCreated(null)} />}
      </CrudPage>
    </PendingDocuments>
  );
}
