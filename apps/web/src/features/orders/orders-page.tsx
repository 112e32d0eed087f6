import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersResource } from '@goc/contracts';
import { CrudPage } from '../../components/list/crud-page';
import type { ExportVariant } from '../../components/list/export-buttons';
import type { ListResource, ResourceRow } from '../../components/list/resource-types';
import type { RowAction } from '../../components/list/row-actions';
import { useRowPermissions } from '../../components/list/row-permissions';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { ORDER_LINE_COLUMNS } from './line-amount';
import { downloadOrderPdf, duplicateOrder } from './order-api';
import { OrderDetailDialog } from './order-detail-dialog';
import { orderTransitionInputs } from './order-transition-inputs';
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
const VIEW_RESOURCES: Record<OrdersView, ListResource> = {
  mine: {
    ...ordersResource,
    key: 'ordersMine',
    fields: ORDERED_FIELDS.map((field) => (field.name === 'requestedById' ? { ...field, list: { ...field.list, shownByDefault: false } } : field)),
  },
  all: { ...ordersResource, key: 'ordersHistory', fields: ORDERED_FIELDS },
};

/** Besides one row per order: the same orders with one row per line (material, unit, quantities, amounts). */
const EXPORT_VARIANTS: readonly ExportVariant[] = [{ key: 'lines', label: ordersTexts.exportLines, ariaLabel: ordersTexts.exportLinesLabel, icon: 'pi pi-list', params: { lines: '1' } }];

const folioOf = (row: ResourceRow) => (typeof row.folio === 'string' ? row.folio : String(row.id));

/**
 * An orders list on the shared list page (URL state, filters with the material, export, workflow
 * actions with their per-line inputs) plus what only orders have: the detail with its timeline,
 * "Duplicar" as a new draft made by the server, and the PDF for the supplier.
 */
export function OrdersPage({ view }: { view: OrdersView }) {
  const resource = VIEW_RESOURCES[view];
  const [detailOf, setDetailOf] = useState<ResourceRow | null>(null);
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
    onError: (error) => toast.add({ severity: 'error', summary: ordersTexts.duplicateFailed, detail: errorMessage(error), life: 8000 }),
  });
  const pdf = useMutation({
    mutationFn: (row: ResourceRow) => downloadOrderPdf(row.id, folioOf(row)),
    onError: (error) => toast.add({ severity: 'error', summary: ordersTexts.pdfFailed, detail: errorMessage(error), life: 8000 }),
  });

  const actions: RowAction[] = [
    { key: 'details', icon: 'pi pi-eye', label: ordersTexts.details, onClick: setDetailOf },
    { key: 'pdf', icon: 'pi pi-file-pdf', label: ordersTexts.pdf, onClick: (row) => void loading.run(pdf.mutateAsync(row)).catch(() => undefined) },
    ...(rights.canCreate
      ? [{ key: 'duplicate', icon: 'pi pi-copy', label: ordersTexts.duplicate, onClick: (row: ResourceRow) => void loading.run(duplicate.mutateAsync(row)).catch(() => undefined) }]
      : []),
  ];

  return (
    <CrudPage
      resource={resource}
      baseParams={{ scope: view }}
      exportVariants={EXPORT_VARIANTS}
      extraActions={actions} transitionInputs={orderTransitionInputs} formWidth="64rem" formComputed={ORDER_LINE_COLUMNS} attachments="orders">
      {detailOf && <OrderDetailDialog orderId={detailOf.id} folio={folioOf(detailOf)} onHide={() => setDetailOf(null)} />}
    </CrudPage>
  );
}
