import { formatPesos } from '@goc/contracts';

/**
 * Number formats of docs/product.md (es-MX): es-MX grouping, money in MXN ($1,234.50). Dates are
 * formatted by the contracts' date module (Mexico City time, whatever the browser's zone).
 */
const LOCALE = 'es-MX';

/** es-MX grouping: 1,234.5 — `fractionDigits` fixes the decimals when given. */
export function formatNumber(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormatter(fractionDigits).format(value);
}

/** Building an Intl.NumberFormat costs far more than formatting: one per decimals setting, reused by every cell. */
const numberFormatters = new Map<number | undefined, Intl.NumberFormat>();

function numberFormatter(fractionDigits: number | undefined): Intl.NumberFormat {
  let formatter = numberFormatters.get(fractionDigits);
  if (!formatter) {
    const options: Intl.NumberFormatOptions =
      fractionDigits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
    formatter = new Intl.NumberFormat(LOCALE, options);
    numberFormatters.set(fractionDigits, formatter);
  }
  return formatter;
}

/** MXN: $1,234.50. Accepts the API's decimal strings as well as numbers. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'string' ? Number(value) : value;
  return Number.isNaN(amount) ? '' : formatPesos(amount);
}

/** A part of a whole in percent, unrounded (0 of nothing is 0; something of nothing is all of it). */
export function percentOf(part: number, whole: number): number {
  if (whole > 0) return (part / whole) * 100;
  return part > 0 ? 100 : 0;
}

const percentFormatters = [0, 1].map((digits) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }));

/**
 * A percentage as people read it: one decimal under 10 % (0.39 → '0.4 %', where a rounded '0 %'
 * would hide that something was bought), whole numbers above ('57 %').
 */
export function formatPercent(value: number): string {
  const small = Math.abs(value) < 9.95;
  if (value > 0 && value < 0.05) return '< 0.1 %';
  return `${percentFormatters[small ? 1 : 0]!.format(value)} %`;
}
