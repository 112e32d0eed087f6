/**
 * Number formats of docs/product.md (es-MX): es-MX grouping, money in MXN ($1,234.50). Dates are
 * formatted by the contracts' date module (Mexico City time, whatever the browser's zone).
 */
const LOCALE = 'es-MX';

const moneyFormatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  return Number.isNaN(amount) ? '' : moneyFormatter.format(amount);
}
