/*
 * How exported values look (docs/product.md: dates dd/mm/yy, money in MXN). CSV writes these texts
 * (dates through the contracts' date module); XLSX writes real numbers and dates with the same
 * display formats.
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
