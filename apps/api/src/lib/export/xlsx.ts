import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { businessDayStart, businessWallClock } from '@goc/contracts';
import type { ExportColumn, ExportKind } from './format';

export const NUMBER_FORMATS: Partial<Record<ExportKind, string>> = {
  money: '#,##0.00',
  date: 'dd/mm/yy',
  datetime: 'dd/mm/yy hh:mm',
};

/** Excel dates have no time zone: a cell holds the wall-clock time, stored as if it were UTC. */
export function cellValue<Row>(column: ExportColumn<Row>, row: Row): string | number | Date | null {
  const value = column.value(row);
  if (value === null || value === '') return null;
  switch (column.kind) {
    case 'money':
      return Math.round(Number(value) * 100) / 100;
    case 'number':
      return Number(value);
    case 'date': {
      const c = businessWallClock(businessDayStart(String(value)));
      return new Date(Date.UTC(c.year, c.month - 1, c.day));
    }
    case 'datetime': {
      const c = businessWallClock(String(value));
      return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
    }
    case 'text':
      return String(value);
  }
}

/**
 * An .xlsx written with exceljs' streaming WorkbookWriter: each batch's rows are committed (flushed
 * to the zip stream) before the next batch is read, and reading pauses while the client is behind.
 */
export function xlsxStream<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>, sheetName: string): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? Math.min(Math.max(c.header.length + 2, c.kind === 'text' ? 18 : 12), 60),
    ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };

  (async () => {
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => cellValue(c, row))).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
