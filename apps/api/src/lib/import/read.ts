import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@goc/contracts';
import { AppError } from '../errors';

/*
 * A spreadsheet's first sheet as header + rows of plain cell values. Formulas give their cached
 * result (never evaluated); text that looks like a formula stays text. CSV: UTF-8 (with or without
 * BOM) or Windows-1252, comma or semicolon, detected.
 */

export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

export const tooManyRows = () => new AppError(413, IMPORT_MESSAGES.tooManyRows);
const unreadable = (cause?: unknown) => new AppError(400, IMPORT_MESSAGES.unreadable, { cause });

const isBlank = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) return xlsxCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : xlsxCell(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return null;
}

/** Collects a worksheet's rows as a reader hands them over: row 1 is the header, blank rows are left out. */
function sheetCollector() {
  const sheet: Sheet = { headers: [], rows: [] };
  let width = 0;
  return {
    sheet,
    add(row: ExcelJS.Row) {
      if (row.number === 1) {
        width = row.cellCount;
        sheet.headers = Array.from({ length: width }, (_, i) => String(xlsxCell(row.getCell(i + 1).value) ?? '').trim());
        return;
      }
      const cells = Array.from({ length: width }, (_, i) => xlsxCell(row.getCell(i + 1).value));
      if (isBlank(cells)) return;
      if (sheet.rows.length === IMPORT_LIMITS.maxRows) throw tooManyRows();
      sheet.rows.push({ row: row.number, cells });
    },
  };
}

/**
 * The first worksheet, streamed (exceljs' WorkbookReader): rows are read one by one and only their
 * plain values kept, never the whole workbook model — a 10 000-row file stays a few MB, and a file
 * beyond the row limit stops at the first row too many.
 */
async function streamXlsx(buffer: Buffer): Promise<Sheet | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'cache',
    // Styles tell a date cell from a number; hyperlinks are read as their text.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheet: Sheet | null = null;
  for await (const worksheet of reader) {
    if (sheet) {
      // Later sheets (a template's lists) are read past, so the archive's stream moves on.
      for await (const row of worksheet) void row;
      continue;
    }
    const collector = sheetCollector();
    for await (const row of worksheet) collector.add(row);
    sheet = collector.sheet;
  }
  return sheet;
}

/** The first worksheet from the whole workbook loaded in memory (bounded by the upload limit). */
async function loadXlsx(buffer: Buffer): Promise<Sheet | null> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type, which Node's no longer matches.
  await workbook.xlsx.load(buffer as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return null;
  const collector = sheetCollector();
  worksheet.eachRow((row) => collector.add(row));
  return collector.sheet;
}

/**
 * The streaming reader first; when it fails or finds no sheet, the whole workbook is loaded instead.
 * The streaming reader parks the sheets it meets before the shared strings in temporary files, and it
 * was seen to fail now and then on a workbook it had just read (twice in CI, on a busy machine: the
 * check said «Sin errores», the import of the same bytes «No se pudo leer el archivo»).
 */
async function readXlsx(buffer: Buffer): Promise<Sheet> {
  let sheet: Sheet | null = null;
  try {
    sheet = await streamXlsx(buffer);
  } catch (error) {
    if (error instanceof AppError) throw error;
  }
  if (!sheet) {
    try {
      sheet = await loadXlsx(buffer);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable(error);
    }
  }
  if (!sheet) throw unreadable();
  return sheet;
}

/** UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (Excel's «CSV» on Windows). */
export function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/** The delimiter of the header line: semicolon when it has more of them than commas outside quotes. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

function readCsv(buffer: Buffer): Sheet {
  const text = decodeText(buffer);
  let records: string[][];
  try {
    records = parse(text, { delimiter: detectDelimiter(text), bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw unreadable();
  }
  const [header, ...data] = records;
  if (!header) return { headers: [], rows: [] };
  if (data.length > IMPORT_LIMITS.maxRows) throw tooManyRows();
  const rows: SheetRow[] = [];
  data.forEach((record, index) => {
    const cells = header.map((_, i) => record[i] ?? null);
    if (!isBlank(cells)) rows.push({ row: index + 2, cells });
  });
  return { headers: header.map((h) => h.trim()), rows };
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An .xlsx (a zip) or a CSV, told apart by their first bytes, whatever the file is called. */
export async function readSheet(buffer: Buffer): Promise<Sheet> {
  const sheet = buffer.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(buffer) : readCsv(buffer);
  if (sheet.rows.length > IMPORT_LIMITS.maxRows) throw tooManyRows();
  return sheet;
}
