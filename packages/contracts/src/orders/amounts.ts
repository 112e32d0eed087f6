import { QUANTITY_DECIMALS } from './orders';

/*
 * Order amounts on scaled integers, shared by the API (what it stores) and the SPA (the running
 * total of a form being written): money and quantities as the numeric strings PostgreSQL returns
 * (numeric(14,2), numeric(12,3)) or as numbers, so 0.105 m3 × $2.15 is $0.23 here exactly as in the
 * database's round(), never 0.22 from float noise.
 */

export const MONEY_DECIMALS = 2;

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

/** IVA's general rate in Mexico (16 %), in hundredths. */
export const IVA_PERCENT = 16n;

/**
 * An order's total with its IVA: the lines' prices are before tax (the CFDI's SubTotal is what an
 * invoice is matched against), so the subtotal is the order's total and IVA is 16 % of it, to the cent.
 */
export function withIva(subtotal: string | number): { subtotal: string; iva: string; total: string } {
  const cents = toUnits(subtotal, MONEY_DECIMALS);
  const iva = roundUnits(cents * IVA_PERCENT, 2);
  return { subtotal: fromUnits(cents, MONEY_DECIMALS), iva: fromUnits(iva, MONEY_DECIMALS), total: fromUnits(cents + iva, MONEY_DECIMALS) };
}
