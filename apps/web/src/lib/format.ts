/** Display formats of PRODUCT.md (es-MX): dates dd/mm/yy, es-MX grouping, money in MXN ($1,234.50). */
const LOCALE = 'es-MX';

const dateFormatter = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: '2-digit' });
const timeFormatter = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: false });
const longDateFormatter = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const moneyFormatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export type DateInput = Date | string | number | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Accepts Date, epoch ms and ISO strings; a bare 'YYYY-MM-DD' is a calendar day, not UTC midnight. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/mm/yy, or '' when there is no date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormatter.format(date) : '';
}

/** dd/mm/yy HH:mm (24 h). */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${dateFormatter.format(date)} ${timeFormatter.format(date)}` : '';
}

/** 'sábado, 22 de noviembre de 2025' — for greetings and headings, never for tables. */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateFormatter.format(date) : '';
}

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
