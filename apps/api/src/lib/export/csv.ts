import { Readable } from 'node:stream';
import { formatDateTime, formatDay } from '@goc/contracts';
import { formatMoney, type ExportColumn } from './format';

/** Excel recognises UTF-8 (accents, ñ) only with a byte-order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell that Excel would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe:
 * OWASP's CSV-injection advice, since exported data comes from users.
 */
function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === '') return '';
  switch (column.kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'number':
      return String(value);
    case 'date':
      return formatDay(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'text':
      return quote(neutraliseFormula(String(value)));
  }
}

const line = (cells: readonly string[]) => `${cells.join(',')}\r\n`;

/** RFC 4180 CSV (comma, CRLF) with a BOM, pulled batch by batch as the client reads. */
export function csvStream<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + line(columns.map((c) => quote(c.header)));
    for await (const batch of batches) {
      yield batch.map((row) => line(columns.map((c) => csvCell(c, row)))).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
