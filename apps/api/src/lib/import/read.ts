import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importableFields, type AnyResource } from '@goc/contracts';
import { AppError } from '../errors';
import { runParser, workerFile } from '../parser-pool';
import { csvCensus } from './csv-census';

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
const tooManyColumns = (limit: number) => new AppError(413, IMPORT_MESSAGES.tooManyColumns(limit));
const tooManyBlankRecords = () => new AppError(413, IMPORT_MESSAGES.tooManyBlankRecords);

/** What a file may hold beyond IMPORT_LIMITS: its header's width, which the resource knows. */
export interface ReadLimits {
  /** Columns the header may use, up to its last non-blank cell. */
  maxColumns: number;
}

const ANY_WIDTH: ReadLimits = { maxColumns: IMPORT_LIMITS.maxColumns };

const isBlankCell = (c: Cell) => c === null || (typeof c === 'string' && c.trim() === '');

/** A cell's text within Excel's own limit. */
function bounded(cell: Cell, row: number): Cell {
  if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.maxCellChars) throw new AppError(413, IMPORT_MESSAGES.cellTooLong(row));
  return cell;
}

function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value) return xlsxCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : xlsxCell(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return null;
}

/**
 * The header up to its last non-blank cell, refused past `maxColumns`. A stray blank cell far to the
 * right (column XFD) costs nothing: only the cells a row holds are visited, never its whole width.
 */
function headerOf(cells: Iterable<[number, Cell]>, row: number, limits: ReadLimits): string[] {
  const headers: string[] = [];
  for (const [column, cell] of cells) {
    const text = String(bounded(cell, row) ?? '').trim();
    if (text === '') continue;
    if (column > limits.maxColumns) throw tooManyColumns(limits.maxColumns);
    headers[column - 1] = text;
  }
  return Array.from(headers, (header) => header ?? '');
}

/** A row's cells under the header (those beyond it are left out), or null when all are blank. */
function rowOf(cells: Iterable<[number, Cell]>, row: number, width: number): Cell[] | null {
  const out: Cell[] = new Array<Cell>(width).fill(null);
  let blank = true;
  for (const [column, cell] of cells) {
    if (column > width) continue;
    out[column - 1] = bounded(cell, row);
    if (!isBlankCell(cell)) blank = false;
  }
  return blank ? null : out;
}

function* xlsxCells(row: ExcelJS.Row): Generator<[number, Cell]> {
  const cells: [number, Cell][] = [];
  row.eachCell((cell, column) => cells.push([column, xlsxCell(cell.value)]));
  yield* cells;
}

/** Collects a worksheet's rows as a reader hands them over: row 1 is the header, blank rows are left out. */
function sheetCollector(limits: ReadLimits) {
  const sheet: Sheet = { headers: [], rows: [] };
  return {
    sheet,
    add(row: ExcelJS.Row) {
      if (row.number === 1) {
        sheet.headers = headerOf(xlsxCells(row), 1, limits);
        return;
      }
      const cells = rowOf(xlsxCells(row), row.number, sheet.headers.length);
      if (!cells) return;
      if (sheet.rows.length === IMPORT_LIMITS.maxRows) throw tooManyRows();
      sheet.rows.push({ row: row.number, cells });
    },
  };
}

/**
 * The archive's parts, checked before exceljs inflates any of them: how many there are and what each
 * says it inflates to, then each inflated with a cap on its output, which must match what it declared,
 * so a part cannot lie its way past the limits. A 300 KB file holding a 300 MB cell is refused here,
 * having inflated at most the limit. The check inflates synchronously, on this (parser) thread, not
 * on libuv's thread pool that the whole process shares.
 */
async function checkArchive(buffer: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw unreadable(error);
  }
  const inflatedTooLarge = () => new AppError(413, IMPORT_MESSAGES.inflatedTooLarge);
  try {
    if (zip.entryCount > IMPORT_LIMITS.maxEntries) throw new AppError(413, IMPORT_MESSAGES.tooManyEntries);
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.uncompressedSize > IMPORT_LIMITS.maxEntryBytes) throw inflatedTooLarge();
      total += entry.uncompressedSize;
      if (total > IMPORT_LIMITS.maxInflatedBytes) throw inflatedTooLarge();
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw unreadable();
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry, { decodeFileData: false })) chunks.push(chunk as Buffer);
      const stored = Buffer.concat(chunks);
      let inflatedBytes: number;
      try {
        inflatedBytes = entry.compressionMethod === 0 ? stored.length : inflateRawSync(stored, { maxOutputLength: IMPORT_LIMITS.maxEntryBytes }).length;
      } catch (error) {
        if (error instanceof RangeError) throw inflatedTooLarge();
        throw error;
      }
      if (inflatedBytes !== entry.uncompressedSize) throw unreadable();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  } finally {
    zip.close();
  }
}

/**
 * The first worksheet, streamed (exceljs' WorkbookReader): rows are read one by one and only their
 * plain values kept, never the whole workbook model — a 10 000-row file stays a few MB, and a file
 * beyond the row limit stops at the first row too many.
 */
async function streamXlsx(buffer: Buffer, limits: ReadLimits): Promise<Sheet | null> {
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
    const collector = sheetCollector(limits);
    for await (const row of worksheet) collector.add(row);
    sheet = collector.sheet;
  }
  return sheet;
}

/** The first worksheet from the whole workbook loaded in memory (bounded by the upload limit). */
async function loadXlsx(buffer: Buffer, limits: ReadLimits): Promise<Sheet | null> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type, which Node's no longer matches.
  await workbook.xlsx.load(buffer as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  const worksheet = workbook.worksheets[0];
  if (!worksheet) return null;
  const collector = sheetCollector(limits);
  worksheet.eachRow((row) => collector.add(row));
  return collector.sheet;
}

/**
 * The streaming reader first; when it fails or finds no sheet, the whole workbook is loaded instead.
 * The streaming reader parks the sheets it meets before the shared strings in temporary files, and it
 * was seen to fail now and then on a workbook it had just read (twice in CI, on a busy machine: the
 * check said «Sin errores», the import of the same bytes «No se pudo leer el archivo»).
 */
async function readXlsx(buffer: Buffer, limits: ReadLimits): Promise<Sheet> {
  await checkArchive(buffer);
  let sheet: Sheet | null = null;
  try {
    sheet = await streamXlsx(buffer, limits);
  } catch (error) {
    if (error instanceof AppError) throw error;
  }
  if (!sheet) {
    try {
      sheet = await loadXlsx(buffer, limits);
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

function* numbered(record: readonly string[]): Generator<[number, Cell]> {
  for (let i = 0; i < record.length; i += 1) yield [i + 1, record[i]!];
}

/** Slices fed to the CSV parser, so that it stops where reading stops rather than parsing the whole text first. */
function* slices(bytes: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * A CSV's records read as a stream, counted as they come: empty lines are skipped by the parser
 * itself (a million of them cost a fraction of a second), lines whose cells are all empty are
 * counted and refused past IMPORT_LIMITS.maxBlankRecords, and data rows past the limit stop the
 * reading at the first one too many.
 */
async function readCsvRecords(text: string, delimiter: ',' | ';', limits: ReadLimits): Promise<Sheet> {
  const parser = Readable.from(slices(Buffer.from(text, 'utf8'))).pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  const sheet: Sheet = { headers: [], rows: [] };
  let header = true;
  let blanks = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number; empty_lines: number } }>) {
      // The spreadsheet row: records so far (the header is the first) plus the empty lines skipped.
      const row = info.records + info.empty_lines;
      if (header) {
        if (record.length > IMPORT_LIMITS.maxColumns) throw tooManyColumns(IMPORT_LIMITS.maxColumns);
        sheet.headers = headerOf(numbered(record), row, limits);
        header = false;
        continue;
      }
      const cells = rowOf(numbered(record.slice(0, sheet.headers.length)), row, sheet.headers.length);
      if (!cells) {
        blanks += 1;
        if (blanks > IMPORT_LIMITS.maxBlankRecords) throw tooManyBlankRecords();
        continue;
      }
      if (sheet.rows.length === IMPORT_LIMITS.maxRows) throw tooManyRows();
      sheet.rows.push({ row, cells });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  } finally {
    parser.destroy();
  }
  return sheet;
}

/**
 * A CSV: counted first (csvCensus), so that the shapes costly to csv-parse — a header of thousands of
 * columns, tens of thousands of records of bare delimiters, a million empty lines — are answered
 * before it parses more than the header.
 */
async function readCsv(buffer: Buffer, limits: ReadLimits): Promise<Sheet> {
  const text = decodeText(buffer);
  const delimiter = detectDelimiter(text);
  const census = csvCensus(text, delimiter, IMPORT_LIMITS);
  if (census.verdict === 'tooManyColumns') throw tooManyColumns(IMPORT_LIMITS.maxColumns);
  if (census.verdict === 'read') return readCsvRecords(text, delimiter, limits);
  // The header is checked as the reading checks it (this import's width, its cells) before anything else is said.
  const sheet = await readCsvRecords(text.slice(0, census.headerEnd), delimiter, limits);
  if (census.verdict === 'tooManyBlankRecords') throw tooManyBlankRecords();
  return sheet;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * An .xlsx (a zip) or a CSV, told apart by their first bytes, whatever the file is called, read in
 * this thread: what the parser worker runs (readSheetOffThread).
 */
export async function readSheet(buffer: Buffer, limits: ReadLimits = ANY_WIDTH): Promise<Sheet> {
  const sheet = buffer.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(buffer, limits) : await readCsv(buffer, limits);
  if (sheet.rows.length > IMPORT_LIMITS.maxRows) throw tooManyRows();
  return sheet;
}

/** The header's width an import of `resource` accepts: its importable fields and a margin. */
export const columnLimit = (resource: AnyResource): number => Math.min(importableFields(resource).length + IMPORT_LIMITS.columnMargin, IMPORT_LIMITS.maxColumns);

const READ_WORKER = workerFile(import.meta.url, 'read-worker');

/**
 * readSheet in a parser worker (lib/parser-pool.ts), so that reading a file never holds up the
 * requests this thread answers, and a reader that overruns its time or memory fails only the import.
 */
export async function readSheetOffThread(buffer: Buffer, limits: ReadLimits): Promise<Sheet> {
  // A copy of its own, moved to the worker (the upload's buffer may share memory with others).
  const bytes = new Uint8Array(buffer);
  return runParser<Sheet>(READ_WORKER, { bytes, limits }, IMPORT_LIMITS.readSeconds, { tooSlow: IMPORT_MESSAGES.tooSlow, failed: IMPORT_MESSAGES.readerFailed, busy: IMPORT_MESSAGES.busy }, [bytes.buffer]);
}
