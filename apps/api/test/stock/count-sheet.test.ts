import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, COUNT_SHEET_HEADERS, COUNT_SHEET_MESSAGES, IMPORT_MESSAGES, type ImportReport, type StockCount } from '@goc/contracts';
import { materials, stockCounts } from '../../src/db/schema';
import { enterDelivery } from '../../src/modules/stock/service';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API } from '../catalogs/support';
import { multipart, workbook, type CellInput } from '../import/support';
import { stockFixtures } from './fixtures';

/*
 * The count sheet (docs/stock.md): exported with what the books say the work holds, filled in at the
 * work and imported back as a count waiting for approval — every problem of every row reported in
 * Spanish first, nothing recorded from a sheet with any. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const TODAY = businessToday();
const H = COUNT_SHEET_HEADERS;

let t: TestApp;
let residente: string; // stock view + create
let viewer: string; // stock view
let fx: Awaited<ReturnType<typeof stockFixtures>>;
let codes: string[];

const sheetUrl = (workId: number, format: 'xlsx' | 'csv') => `${API}/stock/counts/sheet?workId=${workId}&format=${format}`;

function importSheet(token: string, content: Buffer, mode: 'validate' | 'commit', workId = fx.works[0]!.id) {
  const { payload, headers } = multipart('conteo.xlsx', content);
  return t.app.inject({ method: 'POST', url: `${API}/stock/counts/import?workId=${workId}&date=${TODAY}&mode=${mode}`, headers: { ...bearer(token), ...headers }, payload });
}

async function readBook(bytes: Buffer): Promise<CellInput[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: CellInput[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as CellInput[]).slice(1)));
  return rows;
}

const countsOf = async () => (await t.db.select({ id: stockCounts.id }).from(stockCounts)).length;

beforeAll(async () => {
  t = await createTestApp();
  const token = async (name: string, grants: Parameters<typeof createRole>[2]) => {
    const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
    return (await login(t.app, user.username, user.password)).token;
  };
  residente = await token('Residente contador', { stock: ['view', 'create'] });
  viewer = await token('Consulta de almacén', { stock: ['view'] });
  fx = await stockFixtures(t.db, ['en_ejecucion', 'en_ejecucion'], ['Cemento gris', 'Varilla', 'Arena']);
  const rows = await t.db.select({ id: materials.id, code: materials.code }).from(materials).where(inArray(materials.id, fx.materials.map((m) => m.id)));
  codes = fx.materials.map((m) => rows.find((r) => r.id === m.id)!.code);
  await enterDelivery(t.db, {
    key: 'count-sheet:1',
    orderId: 1,
    workId: fx.works[0]!.id,
    date: TODAY,
    folio: 'PED-C1',
    lines: [
      { lineId: 1, materialId: fx.materials[0]!.id, quantity: 12.5, unitPriceCents: 20_000 },
      { lineId: 2, materialId: fx.materials[1]!.id, quantity: 40, unitPriceCents: 9_000 },
    ],
  });
});

afterAll(() => t.close());

describe('count sheet', () => {
  it('exports every material the work holds with its quantity on the books and a blank column to count', async () => {
    const res = await t.app.inject({ method: 'GET', url: sheetUrl(fx.works[0]!.id, 'xlsx'), headers: bearer(viewer) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hoja-de-conteo-.+\.xlsx"$/);
    expect(await readBook(res.rawPayload)).toEqual([
      [H.code, H.material, H.unit, H.expected, H.counted],
      [codes[0], fx.materials[0]!.name, fx.unit, 12.5],
      [codes[1], fx.materials[1]!.name, fx.unit, 40],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: sheetUrl(fx.works[0]!.id, 'csv'), headers: bearer(viewer) });
    expect(csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe([H.code, H.material, H.unit, H.expected, H.counted].join(','));
    expect((await t.app.inject({ method: 'GET', url: sheetUrl(999_999, 'xlsx'), headers: bearer(viewer) })).statusCode).toBe(404);
  });

  it('reports every problem of every row in Spanish and records nothing', async () => {
    const before = await countsOf();
    const book = await workbook(
      [H.code, H.material, H.expected, H.counted],
      [
        [codes[0]!, 'Cemento', 12.5, 'doce'],
        ['NO-EXISTE', 'Algo', 0, 3],
        [codes[1]!, 'Varilla', 40, -1],
        [codes[2]!, 'Arena', 0, null],
        [codes[1]!, 'Varilla', 40, 39],
      ],
    );
    for (const mode of ['validate', 'commit'] as const) {
      const res = await importSheet(residente, book, mode);
      expect(res.statusCode, res.body).toBe(mode === 'validate' ? 200 : 422);
      const report = res.json() as ImportReport;
      expect(report.errors.map((e) => [e.row, e.column, e.message])).toEqual([
        [2, H.counted, IMPORT_MESSAGES.number],
        [3, H.code, COUNT_SHEET_MESSAGES.unknownCode('NO-EXISTE')],
        [4, H.counted, 'Debe ser mayor o igual a 0'],
        [6, H.code, IMPORT_MESSAGES.repeated(4)],
      ]);
      expect(report).toMatchObject({ rows: 5, valid: 1 });
    }
    const missing = await importSheet(residente, await workbook([H.code, H.material], [[codes[0]!, 'Cemento']]), 'validate');
    expect((missing.json() as ImportReport).errors).toEqual([expect.objectContaining({ column: H.counted, message: COUNT_SHEET_MESSAGES.missingColumn(H.counted) })]);
    const blank = await importSheet(residente, await workbook([H.code, H.counted], [[codes[0]!, null]]), 'validate');
    expect((blank.json() as ImportReport).errors).toEqual([expect.objectContaining({ message: COUNT_SHEET_MESSAGES.nothingCounted })]);
    expect(await countsOf()).toBe(before);
  });

  it('the exported sheet filled in becomes a count waiting for approval', async () => {
    const exported = await t.app.inject({ method: 'GET', url: sheetUrl(fx.works[0]!.id, 'xlsx'), headers: bearer(residente) });
    const [header, ...rows] = await readBook(exported.rawPayload);
    // Counted at the work: 11 of the first, the second left blank (not counted), and a material found that the books lack.
    const filled = await workbook(header as string[], [
      [...rows[0]!, 11],
      [...rows[1]!],
      [codes[2]!, fx.materials[2]!.name, fx.unit, 0, '2.5'],
    ]);
    const checked = await importSheet(residente, filled, 'validate');
    expect(checked.json()).toMatchObject({ rows: 3, valid: 3, created: 2, errors: [] });
    expect((await importSheet(viewer, filled, 'commit')).statusCode).toBe(403);

    const res = await importSheet(residente, filled, 'commit');
    expect(res.statusCode, res.body).toBe(201);
    const count = res.json() as StockCount;
    expect(count).toMatchObject({ status: 'por_aprobar', date: TODAY, work: { id: fx.works[0]!.id } });
    expect(count.lines.map((l) => [l.materialId, l.expectedQuantity, l.countedQuantity, l.difference])).toEqual([
      [fx.materials[0]!.id, 12.5, 11, -1.5],
      [fx.materials[2]!.id, 0, 2.5, 2.5],
    ]);
  });
});
