import { formatDecimal, formatPesos } from '@goc/contracts';

/**
 * Number formats of docs/product.md (es-MX): es-MX grouping, money in MXN ($1,234.50). Dates are
 * formatted by the contracts' date module (Mexico City time, whatever the browser's zone).
 */

/** es-MX grouping: 1,234.5 — `fractionDigits` fixes the decimals when given (up to 3 otherwise). */
export function formatNumber(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return fractionDigits === undefined ? formatDecimal(value, 0, 3) : formatDecimal(value, fractionDigits, fractionDigits);
}

/** 1 234 567 bytes → "1.2 MB", 2 048 → "2 KB", es-MX grouping (1,536.4 MB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 0)} KB`;
  return `${formatNumber(bytes / (1024 * 1024), 1)} MB`;
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

/**
 * A percentage as people read it: one decimal under 10 % (0.39 → '0.4 %', where a rounded '0 %'
 * would hide that something was bought), whole numbers above ('57 %'). Non-breaking spaces keep
 * the sign on the number's line in a narrow card.
 */
export function formatPercent(value: number): string {
  const small = Math.abs(value) < 9.95;
  if (value > 0 && value < 0.05) return '<\u00a00.1\u00a0%';
  return `${formatDecimal(value, 0, small ? 1 : 0)}\u00a0%`;
}
