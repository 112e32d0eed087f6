import { BUSINESS_TIME_ZONE } from '../list/fields';

/*
 * How exported values look (PRODUCT.md: dates dd/mm/yy, money in MXN). CSV writes these texts; XLSX
 * writes real numbers and dates with the same display formats.
 */

/** What kind of value a column holds, which decides its CSV text and its XLSX cell type / format. */
export type ExportKind = 'text' | 'number' | 'money' | 'date' | 'datetime';

export interface ExportColumn<Row> {
  /** Spanish header (the field's label). */
  header: string;
  kind: ExportKind;
  /** text / number / money: the value; date: 'YYYY-MM-DD'; datetime: an ISO timestamp. */
  value: (row: Row) => string | number | null;
  /** XLSX column width in characters. */
  width?: number;
}

/** 'YYYY-MM-DD' → 'dd/mm/yy'. */
export function formatDay(day: string): string {
  const [y = '', m = '', d = ''] = day.split('-');
  return `${d}/${m}/${y.slice(-2)}`;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock parts of an instant in Mexico City. */
export function businessClock(iso: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO timestamp → 'dd/mm/yy HH:mm' in Mexico City. */
export function formatDateTime(iso: string): string {
  const c = businessClock(iso);
  return `${pad(c.day)}/${pad(c.month)}/${pad(c.year % 100)} ${pad(c.hour)}:${pad(c.minute)}`;
}

/** Money with exactly two decimals and a dot, as Excel in es-MX reads it: 1234.5 → '1234.50'. */
export function formatMoney(value: number): string {
  return value.toFixed(2);
}

/** 'Categorías de materiales' → 'categorias-de-materiales' for file names. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
