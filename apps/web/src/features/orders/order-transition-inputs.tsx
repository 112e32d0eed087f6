import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { QUANTITY_DECIMALS, type ActionDeclaration, type OrderLine } from '@goc/contracts';
import { fieldTextIds, FormField } from '../../components/form/form-field';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import type { ResourceRow } from '../../components/list/resource-types';
import type { TransitionInputs } from '../../components/list/transition-dialog';
import { errorMessage } from '../../lib/api/api-error';
import { formatNumber } from '../../lib/format';
import { fetchOrder, orderKeys, type OrderDetail } from './order-api';
import { ordersTexts } from './orders-texts';

interface InputsProps {
  row: ResourceRow;
  action: ActionDeclaration;
  values: Record<string, unknown>;
  set: (name: string, value: unknown) => void;
  errors: Record<string, string>;
}

type Price = { lineId: number; unitPrice: number | null };
type Received = { lineId: number; quantity: number | null };

const DELIVERIES: readonly string[] = ['entregado_parcial', 'entregado'];

const withUnit = (quantity: number | null | undefined, line: OrderLine) => `${formatNumber(quantity ?? 0)} ${line.unit?.label ?? ''}`.trim();
const pendingOf = (line: OrderLine) => Math.max(0, Number((line.quantity - (line.receivedQuantity ?? 0)).toFixed(QUANTITY_DECIMALS)));
const listOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function LineHeading({ line }: { line: OrderLine }) {
  return <div className="font-medium break-words">{line.material.label}</div>;
}

function PurchaseInputs({ order, values, set, errors, idPrefix }: { order: OrderDetail; idPrefix: string } & Omit<InputsProps, 'row' | 'action'>) {
  const prices = listOf<Price>(values.prices);
  const supplierId = typeof values.supplierId === 'number' ? values.supplierId : null;
  const supplierInput = `${idPrefix}-supplier`;
  const setPrice = (lineId: number, unitPrice: number | null) =>
    set(
      'prices',
      prices.map((p) => (p.lineId === lineId ? { lineId, unitPrice } : p)),
    );
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
      <ul className="m-0 list-none space-y-3 p-0">
        {order.lines.map((line, index) => {
          const id = `${idPrefix}-price-${line.id}`;
          const error = errors[`prices.${index}.unitPrice`];
          return (
            <li key={line.id} className="rounded-md border border-solid border-(--surface-border) p-3">
              <LineHeading line={line} />
              <div className="mb-2 text-sm text-(--text-color-secondary)">
                {ordersTexts.quantity}: {withUnit(line.quantity, line)}
              </div>
              <FormField id={id} label={ordersTexts.unitPrice} required error={error}>
                <InputNumber
                  inputId={id}
                  value={prices.find((p) => p.lineId === line.id)?.unitPrice ?? null}
                  onChange={(event) => setPrice(line.id, event.value ?? null)}
                  mode="currency"
                  currency="MXN"
                  locale="es-MX"
                  min={0}
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
    </>
  );
}

function ReceiveInputs({ order, values, set, errors, idPrefix }: { order: OrderDetail; idPrefix: string } & Omit<InputsProps, 'row' | 'action'>) {
  const received = listOf<Received>(values.received);
  const setQuantity = (lineId: number, quantity: number | null) =>
    set(
      'received',
      received.map((r) => (r.lineId === lineId ? { lineId, quantity } : r)),
    );
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
      <ul className="m-0 list-none space-y-3 p-0">
        {order.lines.map((line, index) => {
          const id = `${idPrefix}-received-${line.id}`;
          const error = errors[`received.${index}.quantity`];
          return (
            <li key={line.id} className="rounded-md border border-solid border-(--surface-border) p-3">
              <LineHeading line={line} />
              <div className="mb-2 flex flex-wrap gap-x-4 text-sm text-(--text-color-secondary)">
                <span>
                  {ordersTexts.quantity}: {withUnit(line.quantity, line)}
                </span>
                <span>
                  {ordersTexts.received}: {withUnit(line.receivedQuantity, line)}
                </span>
                <span>{ordersTexts.pending(withUnit(pendingOf(line), line))}</span>
              </div>
              <FormField id={id} label={ordersTexts.thisDelivery} required error={error}>
                <InputNumber
                  inputId={id}
                  value={received.find((r) => r.lineId === line.id)?.quantity ?? null}
                  onChange={(event) => setQuantity(line.id, event.value ?? null)}
                  locale="es-MX"
                  min={0}
                  maxFractionDigits={QUANTITY_DECIMALS}
                  suffix={line.unit ? ` ${line.unit.label}` : undefined}
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
  const order = useQuery({ queryKey: orderKeys.detail(row.id), queryFn: () => fetchOrder(row.id), enabled: purchase || delivery });
  const data = order.data;

  // Start from what the order holds: its supplier and estimated prices, nothing received in this delivery.
  const started = purchase ? values.prices !== undefined : values.received !== undefined;
  useEffect(() => {
    if (!data || started) return;
    if (purchase) {
      set('supplierId', data.supplierId ?? null);
      set('prices', data.lines.map((line) => ({ lineId: line.id, unitPrice: line.unitPrice ?? null })));
    } else {
      set('received', data.lines.map((line) => ({ lineId: line.id, quantity: 0 })));
    }
  }, [data, started, purchase, set]);

  if (!purchase && !delivery) return null;
  if (order.isError) return <Message severity="error" text={`${ordersTexts.loadFailed}: ${errorMessage(order.error)}`} className="w-full justify-start" />;
  if (!data || !started) return <Skeleton height="6rem" />;
  const idPrefix = `order-${row.id}-${action.to}`;
  return purchase ? (
    <PurchaseInputs order={data} values={values} set={set} errors={errors} idPrefix={idPrefix} />
  ) : (
    <ReceiveInputs order={data} values={values} set={set} errors={errors} idPrefix={idPrefix} />
  );
}

export const orderTransitionInputs: TransitionInputs = {
  initial: {},
  render: (props) => <OrderTransitionInputs {...props} />,
};
