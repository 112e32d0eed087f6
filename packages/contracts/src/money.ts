/** es-MX pesos as every screen and every message shows them ($1,234.50). */
const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money summed in cents, so a sum of totals is exact to the cent. */
export const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** Accepts the API's decimal strings as well as numbers. */
export function formatPesos(value: number | string): string {
  return mxn.format(typeof value === 'string' ? Number(value) : value);
}
