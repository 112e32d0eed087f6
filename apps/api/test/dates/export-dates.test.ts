import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { csvStream } from '../../src/lib/export/csv';
import type { ExportColumn } from '../../src/lib/export/format';
import { xlsxStream } from '../../src/lib/export/xlsx';

/*
 * Exported dates read as in Mexico City, whatever the process zone (package.json runs this file again
 * under TZ=UTC): a day as it is, an instant as Mexico City's wall clock, dd/mm/yy.
 */

interface Row {
  day: string | null;
  at: string | null;
}

const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Día', kind: 'date', value: (r) => r.day },
  { header: 'Momento', kind: 'datetime', value: (r) => r.at },
];

const ROWS: Row[] = [
  { day: '2026-11-23', at: '2026-11-24T05:59:00.000Z' },
  { day: '2027-01-01', at: '2022-07-01T04:30:00.000Z' },
  { day: null, at: null },
];

async function* batches(): AsyncGenerator<Row[]> {
  yield ROWS;
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('dates in exports', () => {
  it('CSV writes dd/mm/yy and Mexico City time', async () => {
    const text = (await collect(csvStream(COLUMNS, batches()))).toString('utf8');
    expect(text).toBe('\uFEFFDía,Momento\r\n23/11/26,23/11/26 23:59\r\n01/01/27,30/06/22 23:30\r\n,\r\n');
  });

  it('XLSX writes real dates holding Mexico City wall-clock time, shown dd/mm/yy', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(xlsxStream(COLUMNS, batches(), 'Fechas'))) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cell = (row: number, col: number) => sheet.getRow(row).getCell(col);
    expect((cell(2, 1).value as Date).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect((cell(2, 2).value as Date).toISOString()).toBe('2026-11-23T23:59:00.000Z');
    expect((cell(3, 2).value as Date).toISOString()).toBe('2022-06-30T23:30:00.000Z');
    expect(cell(4, 1).value).toBeNull();
    expect([cell(2, 1).numFmt, cell(2, 2).numFmt]).toEqual(['dd/mm/yy', 'dd/mm/yy hh:mm']);
  });
});
