import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { formatDateTime, formatDay, INVOICEABLE_STATUS_CODES, type OrderLine } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import type { ResourceRow } from '../../components/list/resource-types';
import { LabelledRowActions, useRowActionsMenu, type RowAction } from '../../components/list/row-actions';
import { DocumentsPanel } from '../../components/attachments/documents-panel';
import { WorkflowStatusTag } from '../../components/list/status-tag';
import { errorMessage, isConnectionError } from '../../lib/api/api-error';
import { useOnline } from '../../lib/use-online';
import { formatMoney, formatNumber } from '../../lib/format';
import { InvoicesPanel } from './invoices-panel';
import { fetchOrder, orderKeys, type OrderDetail } from './order-api';
import { OrderApprovalBox } from './order-approval';
import { OrderBudget } from './order-budget';
import { ordersTexts } from './orders-texts';

// Photos and PDFs kept for the order without signal: loaded only then, so this chunk does not carry the outbox.
const OrderOfflineAttachments = lazy(() => import('./order-offline-attachments'));

const withUnit = (quantity: number | null | undefined, line: OrderLine) => `${formatNumber(quantity ?? 0)} ${line.unit?.label ?? ''}`.trim();
const userName = (user: { username: string; name: string | null } | null) => (user ? (user.name ?? user.username) : ordersTexts.none);

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase text-(--text-color-secondary)">{label}</dt>
      <dd className="m-0 break-words">{children}</dd>
    </div>
  );
}

/** On a phone the unit price column gives way, so quantities, receipts and amounts fit the width. */
function Lines({ order }: { order: OrderDetail }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{ordersTexts.lines}</caption>
        <thead>
          <tr className="border-0 border-b border-solid border-(--surface-border) text-left">
            <th className="px-1 py-2 sm:p-2">{ordersTexts.material}</th>
            <th className="px-1 py-2 sm:p-2 text-right">{ordersTexts.quantity}</th>
            <th className="px-1 py-2 sm:p-2 text-right">{ordersTexts.received}</th>
            <th className="hidden px-1 py-2 sm:p-2 text-right sm:table-cell">{ordersTexts.unitPrice}</th>
            <th className="px-1 py-2 sm:p-2 text-right">{ordersTexts.amount}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-0 border-b border-solid border-(--surface-border) align-top">
              <td className="min-w-28 px-1 py-2 sm:min-w-40 sm:p-2">
                {line.material.label}
                {line.notes && <div className="text-xs text-(--text-color-secondary)">{line.notes}</div>}
              </td>
              <td className="px-1 py-2 sm:p-2 text-right whitespace-nowrap">{withUnit(line.quantity, line)}</td>
              <td className="px-1 py-2 sm:p-2 text-right whitespace-nowrap">{withUnit(line.receivedQuantity, line)}</td>
              <td className="hidden px-1 py-2 sm:p-2 text-right whitespace-nowrap sm:table-cell">{line.unitPrice === null ? ordersTexts.noPrice : formatMoney(line.unitPrice)}</td>
              <td className="px-1 py-2 sm:p-2 text-right whitespace-nowrap">{formatMoney(line.amount ?? 0)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="px-1 py-2 sm:p-2 text-right">
              {ordersTexts.total}
            </th>
            <td className="hidden sm:table-cell" />
            <td className="px-1 py-2 sm:p-2 text-right font-semibold whitespace-nowrap">{formatMoney(order.total ?? 0)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const invoiceable = (order: OrderDetail) => (INVOICEABLE_STATUS_CODES as readonly (string | null)[]).includes(order.status.code);

function Timeline({ order }: { order: OrderDetail }) {
  return (
    <ol className="m-0 list-none space-y-3 border-0 border-l-2 border-solid border-(--surface-border) p-0 pl-4">
      {order.timeline.map((entry) => (
        <li key={entry.id}>
          <div className="flex flex-wrap items-center gap-2">
            {entry.from && <WorkflowStatusTag status={entry.from} />}
            {entry.from && <i className="pi pi-arrow-right text-xs" aria-label="a" />}
            <WorkflowStatusTag status={entry.to} />
          </div>
          <div className="text-sm text-(--text-color-secondary)">
            {formatDateTime(entry.at)} · {userName(entry.user)}
          </div>
          {entry.comment && <div className="text-sm italic break-words">«{entry.comment}»</div>}
        </li>
      ))}
    </ol>
  );
}

/** The order's actions under its detail, read from the order as it is now (its status moves with them). */
function DetailActions({ order, actions }: { order: OrderDetail; actions: readonly RowAction[] }) {
  const menu = useRowActionsMenu(actions, { overflow: true });
  return (
    <>
      <LabelledRowActions row={order as unknown as ResourceRow} actions={actions} menu={menu} wrap />
      {menu.popup}
    </>
  );
}

interface OrderDetailProps {
  orderId: number;
  folio: string;
  actions?: readonly RowAction[];
  /** Files chosen while creating the order, uploaded as the detail opens. */
  queued?: readonly File[];
  onHide: () => void;
}

/**
 * An order read in full: its data, the lines with what has been received, the total and the status
 * timeline, with the actions its row offers (Enviar, PDF, Duplicar, Historial…).
 */
export function OrderDetailDialog({ orderId, folio, actions = [], queued, onHide }: OrderDetailProps) {
  const order = useQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => fetchOrder(orderId) });
  const data = order.data;
  // Without signal (the request waits paused, or failed for the network) the order can still get photos and PDFs.
  const online = useOnline();
  const offline = !data && (!online || (order.isError && isConnectionError(order.error)));
  return (
    <AppDialog
      visible
      header={ordersTexts.detailTitle(data?.folio ?? folio)}
      style={{ width: '56rem' }}
      onHide={onHide}
      footer={data && actions.length > 0 ? <DetailActions order={data} actions={actions} /> : undefined}
    >
      {offline ? (
        <div className="space-y-4">
          <Message severity="warn" text={ordersTexts.detailOffline} className="w-full justify-start" />
          <Suspense fallback={<Skeleton height="4rem" />}>
            <OrderOfflineAttachments orderId={orderId} folio={folio} />
          </Suspense>
        </div>
      ) : (
        <>
          {order.isError && <Message severity="error" text={`${ordersTexts.loadFailed}: ${errorMessage(order.error)}`} className="w-full justify-start" />}
          {order.isPending && <Skeleton height="16rem" />}
        </>
      )}
      {data && (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <WorkflowStatusTag status={data.status} />
            <span className="text-lg font-semibold">{formatMoney(data.total ?? 0)}</span>
          </div>
          <dl className="m-0 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Item label={ordersTexts.work}>{data.work.label}</Item>
            <Item label={ordersTexts.project}>{data.project?.label ?? ordersTexts.none}</Item>
            <Item label={ordersTexts.requester}>{data.requestedBy?.label ?? ordersTexts.none}</Item>
            <Item label={ordersTexts.requiredDate}>{formatDay(data.requiredDate)}</Item>
            <Item label={ordersTexts.supplier}>{data.supplier?.label ?? ordersTexts.none}</Item>
            <Item label={ordersTexts.createdAt}>{formatDateTime(data.createdAt)}</Item>
          </dl>
          {data.notes && <Item label={ordersTexts.notes}>{data.notes}</Item>}
          <OrderBudget workId={data.workId} projectId={data.projectId} total={data.status.code === 'borrador' || data.status.code === 'enviado' ? (data.total ?? 0) : undefined} />
          {data.status.code === 'enviado' && <OrderApprovalBox orderId={orderId} folio={data.folio ?? folio} />}
          <section aria-label={ordersTexts.lines}>
            <h3 className="mt-0 mb-2 text-base">{ordersTexts.lines}</h3>
            <Lines order={data} />
          </section>
          <section aria-label={ordersTexts.timeline}>
            <h3 className="mt-0 mb-2 text-base">{ordersTexts.timeline}</h3>
            <Timeline order={data} />
          </section>
          {(invoiceable(data) || data.invoiceStatus !== 'sin_factura') && <InvoicesPanel orderId={orderId} invoiceable={invoiceable(data)} />}
          <DocumentsPanel resource="orders" recordId={orderId} queued={queued} />
        </div>
      )}
    </AppDialog>
  );
}
