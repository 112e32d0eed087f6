import { asc, eq, inArray } from 'drizzle-orm';
import {
  COUNT_SHEET_HEADERS,
  COUNT_SHEET_MESSAGES,
  countInputSchema,
  IMPORT_MESSAGES,
  STOCK_MAX_LINES,
  type CountSheetImportQuery,
  type ImportReport,
  type ImportReportError,
} from '@goc/contracts';
import type { Executor } from '../../db/client';
import { materials, stockBalances, units } from '../../db/schema';
import type { ExportColumn } from '../../lib/export/format';
import { cellText, parseNumber } from '../../lib/import/cells';
import type { Sheet } from '../../lib/import/read';
import { foldText } from '../../lib/import/references';

/*
 * The count sheet (hoja de conteo): what the books say a work holds of each material, exported
 * through the shared export mechanism, filled in at the work and read back through the shared
 * import reader. A row is found by its «Clave»; a blank «Cantidad contada» was not counted; every
 * problem of every row is reported, and only a clean sheet becomes a count.
 */

export interface CountSheetRow {
  code: string;
  material: string;
  unit: string | null;
  expected: number;
}

export const COUNT_SHEET_COLUMNS: readonly ExportColumn<CountSheetRow>[] = [
  { header: COUNT_SHEET_HEADERS.code, kind: 'text', value: (r) => r.code, width: 16 },
  { header: COUNT_SHEET_HEADERS.material, kind: 'text', value: (r) => r.material, width: 40 },
  { header: COUNT_SHEET_HEADERS.unit, kind: 'text', value: (r) => r.unit, width: 10 },
  { header: COUNT_SHEET_HEADERS.expected, kind: 'number', value: (r) => r.expected, width: 20 },
  { header: COUNT_SHEET_HEADERS.counted, kind: 'number', value: () => null, width: 20 },
];

/** Every material the work's store has held, by code, with what it holds now (zero included: it may be found). */
export async function countSheetRows(db: Executor, workId: number): Promise<CountSheetRow[]> {
  const rows = await db
    .select({ code: materials.code, material: materials.name, unit: units.abbreviation, expected: stockBalances.quantity })
    .from(stockBalances)
    .innerJoin(materials, eq(materials.id, stockBalances.materialId))
    .innerJoin(units, eq(units.id, stockBalances.unitId))
    .where(eq(stockBalances.workId, workId))
    .orderBy(asc(materials.code), asc(materials.id));
  return rows.map((r) => ({ ...r, expected: Number(r.expected) }));
}

export interface ReadCountSheet {
  report: ImportReport;
  /** The count's lines when the sheet has no problem. */
  lines: { materialId: number; countedQuantity: number }[];
}

/** The filled sheet → the count's lines, or every problem of every row (nothing is written here). */
export async function readCountSheet(db: Executor, sheet: Sheet, fileName: string, query: CountSheetImportQuery): Promise<ReadCountSheet> {
  const errors: ImportReportError[] = [];
  // `valid`: rows without a problem (a blank count is none); `created`: the count's lines among them.
  const report = (valid: number, created: number): ImportReport => ({ fileName, mode: query.mode, rows: sheet.rows.length, valid, created, updated: 0, unchanged: 0, errors });
  const columnOf = (header: string) => sheet.headers.findIndex((h) => foldText(h) === foldText(header));
  const codeColumn = columnOf(COUNT_SHEET_HEADERS.code);
  const countedColumn = columnOf(COUNT_SHEET_HEADERS.counted);
  for (const [index, header] of [
    [codeColumn, COUNT_SHEET_HEADERS.code],
    [countedColumn, COUNT_SHEET_HEADERS.counted],
  ] as const) {
    if (index < 0) errors.push({ row: 1, column: header, value: '', message: COUNT_SHEET_MESSAGES.missingColumn(header), record: '' });
  }
  if (errors.length > 0) return { report: report(0, 0), lines: [] };

  const codeOf = (cells: readonly unknown[]) => cellText((cells[codeColumn] ?? null) as Parameters<typeof cellText>[0]).trim();
  const codes = [...new Set(sheet.rows.map((r) => codeOf(r.cells)).filter((c) => c !== ''))];
  const known =
    codes.length === 0
      ? []
      : await db
          .select({ id: materials.id, code: materials.code, name: materials.name })
          .from(materials)
          .where(inArray(materials.code, codes));
  const byCode = new Map(known.map((m) => [m.code.toLowerCase(), m]));

  const lines: { materialId: number; countedQuantity: number; row: number; record: string; text: string }[] = [];
  const firstRow = new Map<number, number>();
  const failed = new Set<number>();
  const fail = (row: number, column: string, value: string, message: string, record: string) => {
    errors.push({ row, column, value, message, record });
    failed.add(row);
  };
  for (const { row, cells } of sheet.rows) {
    const counted = cells[countedColumn] ?? null;
    const countedText = cellText(counted).trim();
    const code = codeOf(cells);
    if (countedText === '') continue; // not counted
    const material = byCode.get(code.toLowerCase());
    const record = material ? `${material.code} · ${material.name}` : code;
    if (code === '') {
      fail(row, COUNT_SHEET_HEADERS.code, '', IMPORT_MESSAGES.required, record);
      continue;
    }
    if (!material) {
      fail(row, COUNT_SHEET_HEADERS.code, code, COUNT_SHEET_MESSAGES.unknownCode(code), record);
      continue;
    }
    const parsed = parseNumber(counted, false);
    if ('error' in parsed) {
      fail(row, COUNT_SHEET_HEADERS.counted, countedText, parsed.error, record);
      continue;
    }
    const first = firstRow.get(material.id);
    if (first !== undefined) {
      fail(row, COUNT_SHEET_HEADERS.code, code, IMPORT_MESSAGES.repeated(first), record);
      continue;
    }
    firstRow.set(material.id, row);
    lines.push({ materialId: material.id, countedQuantity: parsed.value as number, row, record, text: countedText });
  }

  // The count's own rules (bounds, decimals), each on the row it came from.
  const checked = countInputSchema.safeParse({ workId: query.workId, date: query.date, lines: lines.map(({ materialId, countedQuantity }) => ({ materialId, countedQuantity })) });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const [, index, field] = issue.path;
      const line = typeof index === 'number' ? lines[index] : undefined;
      if (line && field === 'countedQuantity') fail(line.row, COUNT_SHEET_HEADERS.counted, line.text, issue.message, line.record);
    }
  }
  if (errors.length === 0 && lines.length === 0) errors.push({ row: 0, column: '', value: '', message: COUNT_SHEET_MESSAGES.nothingCounted, record: '' });
  if (lines.length > STOCK_MAX_LINES) errors.push({ row: 0, column: '', value: '', message: COUNT_SHEET_MESSAGES.tooManyLines(STOCK_MAX_LINES), record: '' });
  errors.sort((a, b) => a.row - b.row);
  const fileProblem = errors.some((e) => e.row === 0);
  const valid = fileProblem ? 0 : sheet.rows.length - failed.size;
  const created = fileProblem ? 0 : lines.filter((l) => !failed.has(l.row)).length;
  return { report: report(valid, created), lines: errors.length === 0 ? lines.map(({ materialId, countedQuantity }) => ({ materialId, countedQuantity })) : [] };
}
