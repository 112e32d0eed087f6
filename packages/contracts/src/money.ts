/*
 * es-MX figures ($1,234.50; 1,234.5), written by hand: building Intl.NumberFormat's formatters cost
 * a phone's first screen some 10 ms of its main thread (40 on Lighthouse's slowed one). Like Intl,
 * the number's shortest decimal form is rounded half away from zero (1.005 → 1.01, where toFixed
 * reads the binary value and gives 1.00); a test holds both to Intl's results.
 */

/** Above this a number's shortest form has an exponent; no amount or count of GOC comes near it. */
const PLAIN_LIMIT = 1e21;
/** Below this a number's shortest form has an exponent; it rounds to 0 at the decimals GOC shows. */
const ZERO_BELOW = 1e-6;

/** The whole and decimal digits of |value| rounded to at most `maxFraction` (≤ 6) decimals. */
function roundedDigits(value: number, maxFraction: number): [whole: string, decimals: string] {
  const [whole = '0', decimals = ''] = (Math.abs(value) < ZERO_BELOW ? '0' : String(Math.abs(value))).split('.');
  if (decimals.length <= maxFraction) return [whole, decimals];
  const kept = `${whole}${decimals.slice(0, maxFraction)}`;
  const rounded = decimals[maxFraction]! >= '5' ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const split = rounded.length - maxFraction;
  return [rounded.slice(0, split).replace(/^0+(?=\d)/, '') || '0', rounded.slice(split)];
}

/** es-MX digits of a number: at least `minFraction`, at most `maxFraction` (≤ 6) decimals, thousands grouped by commas. */
export function formatDecimal(value: number, minFraction: number, maxFraction: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= PLAIN_LIMIT) return String(value);
  const [whole, decimals] = roundedDigits(value, maxFraction);
  const kept = decimals.replace(/0+$/, '').padEnd(minFraction, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kept ? `.${kept}` : ''}`;
}

/** Money summed in cents, so a sum of totals is exact to the cent. */
export const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** es-MX pesos as every screen and every message shows them ($1,234.50); accepts the API's decimal strings as well as numbers. */
export function formatPesos(value: number | string): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  const digits = formatDecimal(amount, 2, 2);
  return digits.startsWith('-') ? `-$${digits.slice(1)}` : `$${digits}`;
}
