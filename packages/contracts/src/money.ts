/** es-MX pesos as every screen shows them ($1,234.50), for messages written on the server. */
const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMxn(value: number | string): string {
  return mxn.format(typeof value === 'string' ? Number(value) : value);
}
