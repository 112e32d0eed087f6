import { displayQuantity, fromUnits, MATCH_TOLERANCE, MONEY_DECIMALS, ORDER_MESSAGES, orderTotal, QUANTITY_DECIMALS, toUnits, type InvoiceMatch, type InvoiceStatus } from '@goc/contracts';
import { ValidationError } from '../../lib/errors';

/*
 * The decisions of orders, without the database: how a delivery adds to earlier ones, what a
 * purchase needs. Amounts and totals come from the contracts (shared with the order form).
 */

export interface DeliveryLine {
  id: number;
  quantity: string | number;
  receivedQuantity: string | number;
  /** Unit abbreviation, for the message of an over-delivery. */
  unit?: string | null;
}

export interface DeliveryOutcome {
  /** Complete when every line has received all of its quantity, partial otherwise. */
  status: 'entregado' | 'entregado_parcial';
  /** Cumulative received quantity of every line touched by this delivery. */
  lines: { id: number; receivedQuantity: string }[];
}

const withUnit = (quantity: string, unit: string | null | undefined) => (unit ? `${quantity} ${unit}` : quantity);

/**
 * Adds this delivery's quantities to what earlier deliveries brought. A line of another order, or a
 * cumulative quantity above the ordered one, is refused (400) on the offending `received.N` entry.
 */
export function applyDelivery(lines: readonly DeliveryLine[], received: readonly { lineId: number; quantity: number }[]): DeliveryOutcome {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const fields: Record<string, string> = {};
  const cumulative = new Map<number, bigint>();
  received.forEach((entry, index) => {
    const line = byId.get(entry.lineId);
    if (!line) {
      fields[`received.${index}.lineId`] = ORDER_MESSAGES.unknownLine;
      return;
    }
    const ordered = toUnits(line.quantity, QUANTITY_DECIMALS);
    const total = toUnits(line.receivedQuantity, QUANTITY_DECIMALS) + toUnits(entry.quantity, QUANTITY_DECIMALS);
    if (total > ordered) {
      fields[`received.${index}.quantity`] = ORDER_MESSAGES.overDelivery(
        withUnit(displayQuantity(line.quantity), line.unit),
        withUnit(displayQuantity(fromUnits(total, QUANTITY_DECIMALS)), line.unit),
      );
      return;
    }
    cumulative.set(line.id, total);
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const complete = lines.every(
    (line) => (cumulative.get(line.id) ?? toUnits(line.receivedQuantity, QUANTITY_DECIMALS)) === toUnits(line.quantity, QUANTITY_DECIMALS),
  );
  return {
    status: complete ? 'entregado' : 'entregado_parcial',
    lines: [...cumulative].map(([id, units]) => ({ id, receivedQuantity: fromUnits(units, QUANTITY_DECIMALS) })),
  };
}

export interface PurchaseRequest {
  /** Supplier given with the purchase (undefined: keep the order's). */
  supplierId?: number | null;
  /** Prices agreed with the supplier, per line. */
  prices?: readonly { lineId: number; unitPrice: number }[];
}

export interface PurchasePlan {
  supplierId: number;
  /** Unit price of each line after the purchase, in line order. */
  lines: { id: number; unitPrice: string }[];
  /** The order's new total. */
  total: string;
}

/**
 * What buying an authorised order needs: a supplier (given now or already on the order) and a unit
 * price on every line (given now or by the requester). Refusals name the field to fix.
 */
export function planPurchase(
  order: { supplierId: number | null; lines: readonly { id: number; quantity: string | number; unitPrice: string | number | null }[] },
  request: PurchaseRequest,
): PurchasePlan {
  const fields: Record<string, string> = {};
  const supplierId = request.supplierId === undefined ? order.supplierId : request.supplierId;
  if (supplierId === null) fields.supplierId = ORDER_MESSAGES.supplierRequired;

  const ids = new Set(order.lines.map((l) => l.id));
  const given = new Map<number, number>();
  (request.prices ?? []).forEach((p, index) => {
    if (!ids.has(p.lineId)) fields[`prices.${index}.lineId`] = ORDER_MESSAGES.unknownLine;
    else given.set(p.lineId, p.unitPrice);
  });
  const priced: { id: number; quantity: string | number; unitPrice: string }[] = [];
  order.lines.forEach((line, index) => {
    const price = given.get(line.id) ?? line.unitPrice;
    if (price === null) fields[`lines.${index}.unitPrice`] = ORDER_MESSAGES.priceRequired;
    else priced.push({ id: line.id, quantity: line.quantity, unitPrice: fromUnits(toUnits(price, MONEY_DECIMALS), MONEY_DECIMALS) });
  });
  if (supplierId === null || Object.keys(fields).length > 0) throw new ValidationError(fields);
  return {
    supplierId,
    lines: priced.map(({ id, unitPrice }) => ({ id, unitPrice })),
    total: orderTotal(priced),
  };
}

/** What arrived, in money: Σ received quantity × unit price of each line, each rounded to cents as the line amounts are. */
export function receivedAmount(lines: readonly { receivedQuantity: string | number | null; unitPrice: string | number | null }[]): string {
  return orderTotal(lines.map((l) => ({ quantity: l.receivedQuantity ?? 0, unitPrice: l.unitPrice })));
}

const cents = (value: string | number) => toUnits(typeof value === 'number' ? value.toFixed(MONEY_DECIMALS) : value, MONEY_DECIMALS);

/**
 * The invoices of an order (their amounts added) against what was received: they coincide within
 * ±$1.00 or ±0.5 % of the received amount, whichever is wider.
 */
export function matchInvoices(invoiced: string, received: string): InvoiceMatch {
  const difference = cents(invoiced) - cents(received);
  const gap = difference < 0n ? -difference : difference;
  const pesos = BigInt(Math.round(MATCH_TOLERANCE.pesos * 100));
  const perMille = BigInt(Math.round(MATCH_TOLERANCE.ratio * 1000));
  const within = gap <= pesos || gap * 1000n <= cents(received) * perMille;
  return {
    status: within ? 'coincide' : 'diferencia',
    invoiced: Number(invoiced),
    received: Number(received),
    difference: Number(fromUnits(difference, MONEY_DECIMALS)),
  };
}

/** The order's invoice status: none yet, less than received (more to come), matched, or more than received. */
export function invoiceStatusOf(count: number, match: InvoiceMatch): InvoiceStatus {
  if (count === 0) return 'sin_factura';
  if (match.status === 'coincide') return 'facturado';
  return match.difference < 0 ? 'parcial' : 'diferencia';
}
