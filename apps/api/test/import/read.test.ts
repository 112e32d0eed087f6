import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@goc/contracts';
import { readSheet } from '../../src/lib/import/read';

/* The .xlsx reader streams the first sheet: plain values of every kind of cell, the rest skipped. */

async function book(fill: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading an .xlsx', () => {
  afterEach(() => vi.restoreAllMocks());
  it('gives the first sheet as plain values: dates, numbers, rich text, links, formulas; blank rows and later sheets left out', async () => {
    const file = await book((workbook) => {
      const data = workbook.addWorksheet('Datos');
      data.addRow(['Nombre', 'Fecha', 'Monto', 'Sitio', ' Notas ']);
      data.addRow([{ richText: [{ text: 'Ana ' }, { font: { bold: true }, text: 'Pérez' }] }, new Date(Date.UTC(2024, 2, 15)), 1234.5, { text: 'clic', hyperlink: 'http://x.example' }, { formula: '1+1', result: 2 }]);
      data.addRow([]);
      data.addRow(['Luis', null, '=HYPERLINK("http://malo.example")', true, null]);
      const serial = data.getCell('B4');
      serial.value = 45366;
      serial.numFmt = 'dd/mm/yyyy';
      workbook.addWorksheet('Unidades').addRow(['pza']);
    });
    const sheet = await readSheet(file);
    expect(sheet.headers).toEqual(['Nombre', 'Fecha', 'Monto', 'Sitio', 'Notas']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['Ana Pérez', new Date(Date.UTC(2024, 2, 15)), 1234.5, 'clic', 2] },
      { row: 4, cells: ['Luis', new Date(Date.UTC(2024, 2, 15)), '=HYPERLINK("http://malo.example")', true, null] },
    ]);
  });

  it('stops at the first row beyond the limit, and refuses what is not a workbook', async () => {
    const file = await book((workbook) => {
      const data = workbook.addWorksheet('Datos');
      data.addRow(['Clave']);
      for (let i = 0; i <= IMPORT_LIMITS.maxRows; i += 1) data.addRow([`C-${i}`]);
    });
    await expect(readSheet(file)).rejects.toMatchObject({ statusCode: 413, message: IMPORT_MESSAGES.tooManyRows });
    const zipOfNothing = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    await expect(readSheet(zipOfNothing)).rejects.toMatchObject({ statusCode: 400, message: IMPORT_MESSAGES.unreadable });
  });

  it('reads the whole workbook when the streaming reader fails on it', async () => {
    const file = await book((workbook) => {
      const data = workbook.addWorksheet('Datos');
      data.addRow(['Clave', 'Nombre']);
      data.addRow(['C-1', 'Cemento']);
      data.addRow([]);
      data.addRow(['C-2', { richText: [{ text: 'Arena ' }, { text: 'fina' }] }]);
      workbook.addWorksheet('Unidades').addRow(['pza']);
    });
    const streamed = await readSheet(file);
    vi.spyOn(ExcelJS.stream.xlsx, 'WorkbookReader').mockImplementation(() => {
      throw new Error('FILE_ENDED');
    });
    const loaded = await readSheet(file);
    expect(ExcelJS.stream.xlsx.WorkbookReader).toHaveBeenCalled();
    expect(loaded).toEqual(streamed);
    expect(loaded.rows).toEqual([
      { row: 2, cells: ['C-1', 'Cemento'] },
      { row: 4, cells: ['C-2', 'Arena fina'] },
    ]);
  });
});
