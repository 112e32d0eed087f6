import { ORDER_MESSAGES, QUANTITY_DECIMALS } from '@goc/contracts';
import { ValidationError } from '../../lib/errors';

/*
 * The arithmetic and decisions of orders, without the database: line amounts and totals, how a
 * delivery adds to earlier ones, what a purchase needs. Money and quantities travel as the numeric
 * strings PostgreSQL returns (numeric(14,2), numeric(12,3)) and are computed on scaled integers, so
 * 0.105 m3 × $2.15 is $0.23 here exactly as in the database's round(), never 0.22 from float noise.
 */

const MONEY_DECIMALS = 2;

/** A decimal as an integer count of 10^-scale units: '12.5' at scale 3 → 12500n. */
export function toUnits(value: string | number, scale: number): bigint {
  const text = typeof value === 'number' ? value.toFixed(scale) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not a decimal: ${String(value)}`);
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) throw new Error(`more than ${scale} decimals: ${text}`);
  const units = BigInt(`${whole || '0'}${fraction.slice(0, scale).padEnd(scale, '0')}`);
  return sign === '-' ? -units : units;
}

/** Units back to the fixed-scale text PostgreSQL stores: 12500n at scale 3 → '12.500'. */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Divides by 10^digits rounding half away from zero, as PostgreSQL's round(numeric) does. */
function roundUnits(units: bigint, digits: number): bigint {
  const factor = 10n ** BigInt(digits);
  const half = factor / 2n;
  return units >= 0n ? (units + half) / factor : -((-units + half) / factor);
}

/** '12.500' → '12.5', '3.000' → '3': quantities as people write them. */
export function displayQuantity(value: string | number): string {
  const text = fromUnits(toUnits(value, QUANTITY_DECIMALS), QUANTITY_DECIMALS);
  return text.replace(/\.?0+$/, '');
}

export interface PricedLine {
  quantity: string | number;
  unitPrice: string | number | null;
}

/** quantity × unit price rounded to cents; null while the line has no price. */
export function lineAmount(line: PricedLine): string | null {
  if (line.unitPrice === null) return null;
  const product = toUnits(line.quantity, QUANTITY_DECIMALS) * toUnits(line.unitPrice, MONEY_DECIMALS);
  return fromUnits(roundUnits(product, QUANTITY_DECIMALS), MONEY_DECIMALS);
}

/** Sum of the priced lines' amounts (lines without a price count 0 until purchasing prices them). */
export function orderTotal(lines: readonly PricedLine[]): string {
  let cents = 0n;
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount !== null) cents += toUnits(amount, MONEY_DECIMALS);
  }
  return fromUnits(cents, MONEY_DECIMALS);
}

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
