import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, STOCK_MESSAGES, type ImportReport } from '@goc/contracts';
import { auditLog, materials, stockBalances, stockMovements, stockOpenings, works } from '../../src/db/schema';
import { enterDelivery } from '../../src/modules/stock/service';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API } from '../catalogs/support';
import { csv, upload, workbook } from '../import/support';
import { stockFixtures } from './fixtures';

/*
 * Inventario inicial by import (docs/stock.md, docs/import.md): the template, the dry run reporting
 * every problem of every row in Spanish, and the commit writing every row as an «inventario
 * inicial» movement of its work, or none of them. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const OPENINGS = '/stock/openings';
const HEADERS = ['Obra', 'Material', 'Cantidad', 'Costo unitario', 'Fecha'];

let t: TestApp;
let admin: string;
let residente: string; // stock view + create: records salidas, but does not set what the store is worth
let fx: Awaited<ReturnType<typeof stockFixtures>>;
let workCodes: string[];
let materialCodes: string[];

const file = (rows: string[][]) => Buffer.from(csv(HEADERS, rows));
const report = (res: { json(): unknown }) => res.json() as ImportReport;

async function balanceOf(workIndex: number, materialIndex: number) {
  const [row] = await t.db
    .select({ quantity: stockBalances.quantity, value: stockBalances.value, averageCost: stockBalances.averageCost })
    .from(stockBalances)
    .where(and(eq(stockBalances.workId, fx.works[workIndex]!.id), eq(stockBalances.materialId, fx.materials[materialIndex]!.id)));
  return row ? { quantity: Number(row.quantity), value: Number(row.value), averageCost: Number(row.averageCost) } : null;
}

const openingsOf = (workIndex: number) => t.db.select().from(stockOpenings).where(eq(stockOpenings.workId, fx.works[workIndex]!.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  const user = await createUser(t.app, { roleId: await createRole(t.db, 'Residente sin ajustes', { stock: ['view', 'create'] }) });
  residente = (await login(t.app, user.username, user.password)).token;
  // 0, 1, 2: en ejecución; 3: terminada.
  fx = await stockFixtures(t.db, ['en_ejecucion', 'en_ejecucion', 'en_ejecucion', 'terminada'], ['Cemento gris', 'Varilla', 'Arena']);
  const workRows = await t.db.select({ id: works.id, code: works.code }).from(works).where(inArray(works.id, fx.works.map((w) => w.id)));
  workCodes = fx.works.map((w) => workRows.find((r) => r.id === w.id)!.code);
  const materialRows = await t.db.select({ id: materials.id, code: materials.code }).from(materials).where(inArray(materials.id, fx.materials.map((m) => m.id)));
  materialCodes = fx.materials.map((m) => materialRows.find((r) => r.id === m.id)!.code);
});

afterAll(() => t.close());

describe('inventario inicial by import', () => {
  it('offers a template with the opening columns, for stock edit only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${OPENINGS}/import/template?format=csv`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const [header, example] = res.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(HEADERS.join(','));
    expect(example).toBeTruthy();
    const refused = await t.app.inject({ method: 'GET', url: `${API}${OPENINGS}/import/template?format=csv`, headers: bearer(residente) });
    expect(refused.statusCode).toBe(403);
    expect((await upload(t.app, residente, OPENINGS, 'inicial.csv', file([[workCodes[0]!, materialCodes[0]!, '1', '10', '']]))).statusCode).toBe(403);
  });

  it('the dry run reports every problem of every row in Spanish and writes nothing', async () => {
    const res = await upload(
      t.app,
      admin,
      OPENINGS,
      'inicial.csv',
      file([
        [workCodes[0]!, materialCodes[0]!, '10', '$250.50', ''],
        ['OBRA-QUE-NO-EXISTE', materialCodes[1]!, '5', '100', ''],
        [workCodes[0]!, materialCodes[1]!, '0', '100', ''],
        [workCodes[0]!, materialCodes[2]!, 'doce', '-3', '31/02/2026'],
        [workCodes[0]!, materialCodes[0]!, '2', '240', ''],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = report(res);
    expect(body.rows).toBe(5);
    expect(body.valid).toBe(1);
    const problems = body.errors.map((e) => [e.row, e.column, e.message]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [3, 'Obra', expect.stringContaining('No existe')],
        [4, 'Cantidad', 'Debe ser mayor que 0'],
        [5, 'Cantidad', IMPORT_MESSAGES.number],
        [5, 'Costo unitario', expect.stringMatching(/importe|negativ|mayor/i)],
        [5, 'Fecha', IMPORT_MESSAGES.date],
        [6, 'Material', IMPORT_MESSAGES.repeated(2)],
      ]),
    );
    expect(await openingsOf(0)).toEqual([]);
    expect(await balanceOf(0, 0)).toBeNull();
  });

  it('imports every row as an «inventario inicial» movement at its unit cost, audited', async () => {
    const book = await workbook(HEADERS, [
      [workCodes[1]!, materialCodes[0]!, 10, 250.5, null],
      [workCodes[1]!, materialCodes[1]!, 2.5, '$1,180.00', '15/11/2026'],
      [workCodes[2]!, materialCodes[0]!, 3, 240, null],
    ]);
    const res = await upload(t.app, admin, OPENINGS, 'inicial.xlsx', book, { mode: 'commit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(report(res)).toMatchObject({ rows: 3, valid: 3, created: 3, errors: [] });

    expect(await balanceOf(1, 0)).toEqual({ quantity: 10, value: 2505, averageCost: 250.5 });
    expect(await balanceOf(1, 1)).toEqual({ quantity: 2.5, value: 2950, averageCost: 1180 });
    expect(await balanceOf(2, 0)).toEqual({ quantity: 3, value: 720, averageCost: 240 });

    const kardex = await t.app.inject({ method: 'GET', url: `${API}/stock/kardex?workId=${fx.works[1]!.id}&materialId=${fx.materials[1]!.id}`, headers: bearer(admin) });
    expect(kardex.statusCode).toBe(200);
    expect(kardex.json().items).toEqual([
      expect.objectContaining({ kind: 'inventario_inicial', date: '2026-11-15', quantity: 2.5, unitCost: 1180, amount: 2950, balance: 2.5, concept: 'Inventario inicial' }),
    ]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'stockOpenings'), eq(auditLog.action, 'import')));
    expect(audit?.metadata).toMatchObject({ fileName: 'inicial.xlsx', rows: 3, created: 3 });

    // The same opening again is a row error: one per work and material.
    const again = await upload(t.app, admin, OPENINGS, 'inicial.csv', file([[workCodes[1]!, materialCodes[0]!, '1', '1', '']]));
    expect(report(again).errors).toEqual([expect.objectContaining({ row: 2, column: 'Material', message: expect.stringContaining('Ya existe') })]);
  });

  it('all or nothing: a material the work already moved, or a closed work, refuses the whole file', async () => {
    await enterDelivery(t.db, {
      key: 'openings-test:1',
      orderId: 1,
      workId: fx.works[0]!.id,
      date: '2026-11-20',
      folio: 'PED-T1',
      lines: [{ lineId: 1, materialId: fx.materials[2]!.id, quantity: 4, unitPriceCents: 10_000 }],
    });
    const moved = await upload(
      t.app,
      admin,
      OPENINGS,
      'inicial.csv',
      file([
        [workCodes[0]!, materialCodes[1]!, '7', '90', ''],
        [workCodes[0]!, materialCodes[2]!, '5', '100', ''],
      ]),
      { mode: 'commit' },
    );
    expect(moved.statusCode, moved.body).toBe(422);
    expect(report(moved).errors).toEqual([{ row: 3, column: 'Material', value: String(fx.materials[2]!.id), message: STOCK_MESSAGES.openingAfterMovements, record: expect.any(String) }]);

    const closed = await upload(t.app, admin, OPENINGS, 'inicial.csv', file([[workCodes[3]!, materialCodes[0]!, '1', '1', '']]), { mode: 'commit' });
    expect(closed.statusCode).toBe(422);
    expect(report(closed).errors).toEqual([expect.objectContaining({ row: 2, column: 'Obra', message: expect.stringContaining('está terminada') })]);

    // Nothing of either file: no opening, no movement, the delivered balance as it was.
    expect(await openingsOf(0)).toEqual([]);
    expect(await openingsOf(3)).toEqual([]);
    expect(await balanceOf(0, 1)).toBeNull();
    expect(await balanceOf(0, 2)).toEqual({ quantity: 4, value: 400, averageCost: 100 });
    const kinds = await t.db.select({ kind: stockMovements.kind }).from(stockMovements).where(eq(stockMovements.workId, fx.works[0]!.id));
    expect(kinds).toEqual([{ kind: 'entrada' }]);
  });
});
