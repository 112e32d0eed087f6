import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { InputTextarea } from 'primereact/inputtextarea';
import { Skeleton } from 'primereact/skeleton';
import { APPROVAL_PERMISSION, can, COMMENT_MAX_LENGTH, orderTotal, QUANTITY_DECIMALS, type ActionDeclaration, type OrderLine } from '@goc/contracts';
import { AttachFilesInput } from '../../components/attachments/attach-files-input';
import { fieldTextIds, FormField } from '../../components/form/form-field';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import type { ResourceRow } from '../../components/list/resource-types';
import { errorMessage } from '../../lib/api/api-error';
import { formatMoney, formatNumber } from '../../lib/format';
import { usePermissions } from '../../lib/session/permissions-store';
import { fetchOrder, orderKeys, type OrderDetail } from './order-api';
import { ApprovalReasons, useOrderApproval } from './order-approval';
import { OrderBudget } from './order-budget';
import { ordersTexts } from './orders-texts';
import { FILES, filesOf } from './chosen-documents';

interface InputsProps {
  row: ResourceRow;
  action: ActionDeclaration;
  values: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  errors: Record<string, string>;
}

const DELIVERIES: readonly string[] = ['entregado_parcial', 'entregado'];


const withUnit = (quantity: number | null | undefined, line: OrderLine) => `${formatNumber(quantity ?? 0)} ${line.unit?.label ?? ''}`.trim();
const pendingOf = (line: OrderLine) => Math.max(0, Number((line.quantity - (line.receivedQuantity ?? 0)).toFixed(QUANTITY_DECIMALS)));

type LineValue = { lineId: number } & Record<string, number | null>;

/** What one number per line asks: where it lives in the values (`prices[i].unitPrice`), its label, what the line states, its input's format. */
interface PerLine {
  list: 'prices' | 'received';
  key: 'unitPrice' | 'quantity';
  label: string;
  facts: (line: OrderLine) => ReactNode;
  format: (line: OrderLine) => Partial<InputNumberProps>;
}

/** One bordered item per order line: the material, what the line states and its number input, with its error by path. */
function LineInputs({ order, values, set, errors, idPrefix, spec }: { order: OrderDetail; idPrefix: string; spec: PerLine } & Omit<InputsProps, 'row' | 'action'>) {
  const entries = Array.isArray(values[spec.list]) ? (values[spec.list] as LineValue[]) : [];
  const setValue = (lineId: number, value: number | null) =>
    set(
      spec.list,
      entries.map((entry) => (entry.lineId === lineId ? { lineId, [spec.key]: value } : entry)),
    );
  return (
    <ul className="m-0 list-none space-y-3 p-0">
      {order.lines.map((line, index) => {
        const id = `${idPrefix}-${spec.key}-${line.id}`;
        const error = errors[`${spec.list}.${index}.${spec.key}`];
        return (
          <li key={line.id} className="rounded-md border border-solid border-(--surface-border) p-3">
            <div className="font-medium break-words">{line.material.label}</div>
            <div className="mb-2 flex flex-wrap gap-x-4 text-sm text-(--text-color-secondary)">{spec.facts(line)}</div>
            <FormField id={id} label={spec.label} required error={error}>
              <InputNumber
                inputId={id}
                value={entries.find((entry) => entry.lineId === line.id)?.[spec.key] ?? null}
                onChange={(event) => setValue(line.id, event.value ?? null)}
                locale="es-MX"
                min={0}
                {...spec.format(line)}
                invalid={error !== undefined}
                aria-describedby={error ? fieldTextIds(id).error : undefined}
                className="w-full"
                inputClassName="w-full"
              />
            </FormField>
          </li>
        );
      })}
    </ul>
  );
}

const PRICES: PerLine = {
  list: 'prices',
  key: 'unitPrice',
  label: ordersTexts.unitPrice,
  facts: (line) => (
    <span>
      {ordersTexts.quantity}: {withUnit(line.quantity, line)}
    </span>
  ),
  format: () => ({ mode: 'currency', currency: 'MXN' }),
};

const DELIVERED: PerLine = {
  list: 'received',
  key: 'quantity',
  label: ordersTexts.thisDelivery,
  facts: (line) => (
    <>
      <span>
        {ordersTexts.quantity}: {withUnit(line.quantity, line)}
      </span>
      <span>
        {ordersTexts.received}: {withUnit(line.receivedQuantity, line)}
      </span>
      <span>{ordersTexts.pending(withUnit(pendingOf(line), line))}</span>
    </>
  ),
  format: (line) => ({ maxFractionDigits: QUANTITY_DECIMALS, ...(line.unit ? { suffix: ` ${line.unit.label}` } : {}) }),
};

type FrameProps = { order: OrderDetail; idPrefix: string } & Omit<InputsProps, 'row' | 'action'>;

/** The order's total with the prices as typed (a line without a price yet counts nothing), added as the server will. */
function purchaseTotal(order: OrderDetail, values: Record<string, unknown>): number {
  const prices = Array.isArray(values.prices) ? (values.prices as LineValue[]) : [];
  return Number(orderTotal(order.lines.map((line) => ({ quantity: line.quantity, unitPrice: prices.find((p) => p.lineId === line.id)?.unitPrice ?? null }))));
}

function PurchaseInputs(props: FrameProps) {
  const { order, values, set, errors, idPrefix } = props;
  const supplierId = typeof values.supplierId === 'number' ? values.supplierId : null;
  const supplierInput = `${idPrefix}-supplier`;
  return (
    <>
      <FormField id={supplierInput} label={ordersTexts.supplier} required error={errors.supplierId}>
        <ReferencePicker
          id={supplierInput}
          target="suppliers"
          value={supplierId}
          current={order.supplier}
          onChange={(value) => set('supplierId', value)}
          required
          invalid={errors.supplierId !== undefined}
          describedBy={errors.supplierId ? fieldTextIds(supplierInput).error : undefined}
        />
      </FormField>
      <p className="m-0 text-sm text-(--text-color-secondary)">{ordersTexts.purchaseHint}</p>
      <LineInputs {...props} spec={PRICES} />
      <div className="flex items-center justify-between gap-2 rounded-md bg-(--surface-ground) p-3 font-semibold" role="status">
        <span>{ordersTexts.newTotal}</span>
        <span className="tabular-nums">{formatMoney(purchaseTotal(order, values))}</span>
      </div>
      <AttachFilesInput label={ordersTexts.attachQuote} files={filesOf(values)} onChange={(files) => set(FILES, files)} />
    </>
  );
}

function ReceiveInputs(props: FrameProps) {
  const { order, set, errors } = props;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="m-0 text-sm text-(--text-color-secondary)">{ordersTexts.receiveHint}</p>
        <Button
          type="button"
          label={ordersTexts.receiveAll}
          icon="pi pi-check-square"
          size="small"
          text
          onClick={() => set('received', order.lines.map((line) => ({ lineId: line.id, quantity: pendingOf(line) })))}
        />
      </div>
      {errors.received && <Message severity="error" text={errors.received} className="w-full justify-start" />}
      <LineInputs {...props} spec={DELIVERED} />
      <AttachFilesInput label={ordersTexts.attachDeliveryNote} files={filesOf(props.values)} onChange={(files) => set(FILES, files)} />
    </>
  );
}

const commentOf = (values: Record<string, unknown>) => {
  const overBudget = values.overBudget as { comment?: unknown } | undefined;
  return typeof overBudget?.comment === 'string' ? overBudget.comment : '';
};

/**
 * Authorising or buying: the budget the order commits against and Dirección's justification (or, to
 * anyone else, that only Dirección may) — from the start when authorising an order that goes over its
 * budget, with what the order needs said before the click; after the server's 409 for a purchase.
 */
function BudgetOverride({ order, values, set, errors, idPrefix, authorising = false }: FrameProps & { authorising?: boolean }) {
  const { permissions } = usePermissions();
  const approval = useOrderApproval(order.id, authorising && order.status.code === 'enviado');
  const overBudget = approval.data?.reasons.some((r) => r.kind === 'presupuesto') ?? false;
  const asked = overBudget || errors.overBudget !== undefined || values.overBudget !== undefined;
  const mayOverride = can(permissions, APPROVAL_PERMISSION.module, APPROVAL_PERMISSION.action);
  const id = `${idPrefix}-over-budget`;
  const error = errors['overBudget.comment'];
  return (
    <>
      <OrderBudget workId={order.workId} projectId={order.projectId} />
      {approval.data && <ApprovalReasons approval={approval.data} />}
      {errors.overBudget && <Message severity="warn" text={errors.overBudget} className="w-full justify-start" />}
      {asked && !mayOverride && <Message severity="error" text={ordersTexts.overBudgetNotAllowed} className="w-full justify-start" />}
      {asked && mayOverride && (
        <FormField id={id} label={ordersTexts.overBudgetComment} required error={error} hint={ordersTexts.overBudgetHint}>
          <InputTextarea
            id={id}
            value={commentOf(values)}
            maxLength={COMMENT_MAX_LENGTH}
            rows={3}
            onChange={(event) => set('overBudget', { comment: event.target.value })}
            invalid={error !== undefined}
            aria-describedby={error ? fieldTextIds(id).error : fieldTextIds(id).hint}
            className="w-full"
          />
        </FormField>
      )}
    </>
  );
}

/**
 * What a purchase and a delivery ask per line: the supplier and the agreed unit prices, or the
 * quantities this delivery brought. The order's lines are read fresh (the list carries no lines).
 */
export function OrderTransitionInputs({ row, action, values, set, errors }: InputsProps) {
  const purchase = action.to === 'comprado';
  const delivery = DELIVERIES.includes(action.to);
  const approval = action.to === 'autorizado';
  const order = useQuery({ queryKey: orderKeys.detail(row.id), queryFn: () => fetchOrder(row.id), enabled: purchase || delivery || approval });
  const data = order.data;

  // Start from what the order holds: its supplier and estimated prices, nothing received in this delivery.
  const started = approval || (purchase ? values.prices !== undefined : values.received !== undefined);
  useEffect(() => {
    if (!data || started) return;
    if (purchase) {
      set('supplierId', data.supplierId ?? null);
      set('prices', data.lines.map((line) => ({ lineId: line.id, unitPrice: line.unitPrice ?? null })));
    } else {
      set('received', data.lines.map((line) => ({ lineId: line.id, quantity: 0 })));
    }
  }, [data, started, purchase, set]);

  if (!purchase && !delivery && !approval) return null;
  if (order.isError) return <Message severity="error" text={`${ordersTexts.loadFailed}: ${errorMessage(order.error)}`} className="w-full justify-start" />;
  if (!data || !started) return <Skeleton height="6rem" />;
  const idPrefix = `order-${row.id}-${action.to}`;
  const frame = { order: data, values, set, errors, idPrefix };
  if (approval) return <BudgetOverride {...frame} authorising />;
  return purchase ? (
    <>
      <PurchaseInputs {...frame} />
      <BudgetOverride {...frame} />
    </>
  ) : (
    <ReceiveInputs {...frame} />
  );
}
