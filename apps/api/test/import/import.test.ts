import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportJob, type ImportReport } from '@goc/contracts';
import { auditLog, materials } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, nss, validCurp, type Api } from '../catalogs/support';
import { csv, upload, workbook } from './support';

/* Spreadsheet import of catalogues and employees (issue 19), on PGlite and PostgreSQL. */

const HEADERS = ['Clave', 'Nombre', 'Descripción', 'Categoría de materiales', 'Unidad', 'Precio de referencia', 'Activo'];
const material = (n: number, overrides: Partial<Record<number, string>> = {}) =>
  HEADERS.map((_, i) => overrides[i] ?? [`MAT-${n}`, `Material ${n}`, '', 'acero', n % 2 ? 'pza' : 'PIEZA', '$1,234.50', 'Sí'][i]!);

describe('importing spreadsheets', () => {
  let t: TestApp;
  let token: string;
  let api: Api;
  let unitId: number;

  const countMaterials = async () => (await t.db.select({ id: materials.id }).from(materials)).length;
  const report = (body: string) => JSON.parse(body) as ImportReport;
  const commit = (name: string, content: Buffer, match: 'code' | 'none' = 'none') => upload(t.app, token, '/materials', name, content, { mode: 'commit', match });

  beforeAll(async () => {
    t = await createTestApp();
    token = (await login(t.app)).token;
    api = apiFor(t.app, token);
    unitId = (await api.post(`${API}/units`, { abbreviation: 'pza', name: 'Pieza' })).json().id;
    await api.post(`${API}/units`, { abbreviation: 'm³', name: 'Metro cúbico' });
    await api.post(`${API}/material-categories`, { name: 'Acero' });
  });
  afterAll(async () => t?.close());

  it('validates without writing, then commits every row of a clean file in one import', async () => {
    const file = await workbook(HEADERS, [material(1), material(2), material(3)]);
    const validated = await upload(t.app, token, '/materials', 'materiales.xlsx', file);
    expect(validated.statusCode).toBe(200);
    expect(report(validated.body)).toEqual({ fileName: 'materiales.xlsx', mode: 'validate', rows: 3, valid: 3, created: 3, updated: 0, unchanged: 0, errors: [] });
    expect(await countMaterials()).toBe(0);

    const committed = await commit('materiales.xlsx', file);
    expect(committed.statusCode).toBe(200);
    expect(report(committed.body)).toMatchObject({ mode: 'commit', rows: 3, created: 3, errors: [] });
    const stored = await t.db.select().from(materials).where(eq(materials.code, 'MAT-2'));
    expect(stored[0]).toMatchObject({ name: 'Material 2', unitId, referencePrice: '1234.50', active: true, description: null });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'materials'));
    expect(audit.filter((a) => a.action === 'create')).toHaveLength(3);
    const imports = audit.filter((a) => a.action === 'import');
    expect(imports).toHaveLength(1);
    expect(imports[0]!.metadata).toEqual({ fileName: 'materiales.xlsx', rows: 3, match: 'none', created: 3, updated: 0, unchanged: 0 });
  });

  it('reports exactly the 3 bad rows of 1 000 (row, column, message) and writes nothing on commit', async () => {
    const before = await countMaterials();
    const rows = Array.from({ length: 1000 }, (_, i) => material(100 + i));
    rows[9] = material(109, { 4: 'kilo' });
    rows[499] = material(599, { 5: 'mil pesos' });
    rows[998] = material(1098, { 1: '' });
    const file = Buffer.from(csv(HEADERS, rows));
    const expected = [
      { row: 11, column: 'Unidad', value: 'kilo', message: 'No existe; usa un valor de la hoja «Unidades»', record: 'MAT-109 · Material 109' },
      { row: 501, column: 'Precio de referencia', value: 'mil pesos', message: IMPORT_MESSAGES.money, record: 'MAT-599 · Material 599' },
      { row: 1000, column: 'Nombre', value: '', message: 'Este dato es obligatorio', record: 'MAT-1098' },
    ];
    const validated = await upload(t.app, token, '/materials', 'mil.csv', file);
    expect(validated.statusCode).toBe(200);
    expect(report(validated.body).errors).toEqual(expected);
    expect(report(validated.body).valid).toBe(997);

    const committed = await commit('mil.csv', file);
    expect(committed.statusCode).toBe(422);
    expect(report(committed.body)).toMatchObject({ rows: 1000, created: 0, errors: expected });
    expect(await countMaterials()).toBe(before);
  });

  it('refuses codes already stored or repeated in the file; with match=code a second commit updates instead of duplicating', async () => {
    const first = await workbook(HEADERS, [material(1, { 1: 'Material uno' }), material(2), material(2, { 1: 'Otro' })]);
    const refused = report((await upload(t.app, token, '/materials', 'm.xlsx', first)).body).errors;
    expect(refused).toEqual([
      { row: 2, column: 'Clave', value: 'MAT-1', record: 'MAT-1 · Material uno', message: 'Ya existe un material con clave «MAT-1»' },
      { row: 3, column: 'Clave', value: 'MAT-2', record: 'MAT-2 · Material 2', message: 'Ya existe un material con clave «MAT-2»' },
      { row: 3, column: 'Nombre', value: 'Material 2', record: 'MAT-2 · Material 2', message: 'Ya existe un material con nombre «Material 2»' },
      { row: 4, column: 'Clave', value: 'MAT-2', record: 'MAT-2 · Otro', message: 'Repetido en el archivo (fila 3)' },
    ]);

    const before = await countMaterials();
    const again = await workbook(HEADERS, [material(1, { 1: 'Material uno', 5: '99.9' }), material(2), material(4)]);
    const res = await commit('m.xlsx', again, 'code');
    expect(res.statusCode).toBe(200);
    expect(report(res.body)).toMatchObject({ rows: 3, created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(await countMaterials()).toBe(before + 1);
    const [one] = await t.db.select().from(materials).where(eq(materials.code, 'MAT-1'));
    expect(one).toMatchObject({ name: 'Material uno', referencePrice: '99.90', version: 2 });
    const updates = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'materials'), eq(auditLog.entityId, one!.id), eq(auditLog.action, 'update')));
    expect(updates).toHaveLength(1);
  });

  it('reads a Windows-1252 CSV separated by semicolons, accents and ñ intact', async () => {
    const text = csv(HEADERS, [material(7000, { 1: 'Señal eléctrica «Ñandú»'.replace(/[«»]/g, ''), 4: 'METRO CUBICO', 5: '1,500' })], ';');
    const bytes = Buffer.from(text, 'latin1');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const res = await commit('excel-windows.csv', bytes);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(materials).where(eq(materials.code, 'MAT-7000'));
    expect(row).toMatchObject({ name: 'Señal eléctrica Ñandú', referencePrice: '1500.00' });
    const shown = (await api.get(`${API}/materials/${row!.id}`)).json();
    expect(shown.unit.label).toBe('m³');
  });

  it('stores a formula as its cached value and text that looks like a formula as text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Datos');
    sheet.addRow(HEADERS);
    sheet.addRow(['MAT-8000', { formula: 'CONCATENATE("Cable ","THW")', result: 'Cable THW' }, '=HYPERLINK("http://malo.example","clic")', 'Acero', 'pza', { formula: '2*3', result: 6 }, 'No']);
    const res = await commit('formulas.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(materials).where(eq(materials.code, 'MAT-8000'));
    expect(row).toMatchObject({ name: 'Cable THW', description: '=HYPERLINK("http://malo.example","clic")', referencePrice: '6.00', active: false });
  });

  it('answers 413 beyond 20 000 rows or 10 MB, and names unknown and missing columns', async () => {
    const big = csv(HEADERS, Array.from({ length: 20_001 }, (_, i) => material(i)));
    const tooMany = await upload(t.app, token, '/materials', 'grande.csv', Buffer.from(big));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(IMPORT_MESSAGES.tooManyRows);

    const heavy = await upload(t.app, token, '/materials', 'pesado.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().message).toBe(IMPORT_MESSAGES.tooLarge);

    const odd = await upload(t.app, token, '/materials', 'raro.csv', Buffer.from(csv(['Clave', 'Color favorito'], [['X', 'azul']])));
    expect(report(odd.body).errors).toEqual([
      { row: 1, column: 'Color favorito', value: 'Color favorito', message: 'Columna desconocida «Color favorito»; usa los encabezados de la plantilla', record: '' },
      { row: 1, column: 'Nombre', value: '', message: 'Falta la columna obligatoria «Nombre»', record: '' },
      { row: 1, column: 'Categoría de materiales', value: '', message: 'Falta la columna obligatoria «Categoría de materiales»', record: '' },
      { row: 1, column: 'Unidad', value: '', message: 'Falta la columna obligatoria «Unidad»', record: '' },
    ]);
  });

  it('needs create on the module, and edit too for match=code', async () => {
    const file = Buffer.from(csv(HEADERS, [material(9000)]));
    const viewer = await createUser(t.app, { roleId: await createRole(t.db, 'Solo ve materiales', { config_materials: ['view'] }) });
    const viewerToken = (await login(t.app, viewer.username, viewer.password)).token;
    expect((await upload(t.app, viewerToken, '/materials', 'm.csv', file)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${API}/materials/import/template`, headers: { authorization: `Bearer ${viewerToken}` } })).statusCode).toBe(403);

    const creator = await createUser(t.app, { roleId: await createRole(t.db, 'Crea materiales', { config_materials: ['view', 'create'] }) });
    const creatorToken = (await login(t.app, creator.username, creator.password)).token;
    expect((await upload(t.app, creatorToken, '/materials', 'm.csv', file, { match: 'code' })).statusCode).toBe(403);
    expect((await upload(t.app, creatorToken, '/materials', 'm.csv', file)).statusCode).toBe(200);
  });

  it('with Prefer: respond-async answers 202 and the job reports progress and the outcome to its owner only', async () => {
    const file = Buffer.from(csv(HEADERS, Array.from({ length: 100 }, (_, i) => material(10_000 + i))));
    const res = await upload(t.app, token, '/materials', 'lote.csv', file, { mode: 'commit', async: true });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json() as { jobId: string };
    let job: ImportJob;
    do {
      await new Promise((r) => setTimeout(r, 50));
      job = (await api.get(`${API}/imports/${jobId}`)).json();
    } while (job.state === 'running');
    expect(job).toMatchObject({ state: 'done', processed: 200, total: 200, statusCode: 200, report: { rows: 100, created: 100, errors: [] } });

    const other = await createUser(t.app);
    const otherToken = (await login(t.app, other.username, other.password)).token;
    const foreign = await apiFor(t.app, otherToken).get(`${API}/imports/${jobId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(IMPORT_MESSAGES.jobNotFound);
  });

  it('offers a template: the columns, an example row the schema accepts, a sheet of units and a drop-down', async () => {
    const res = await api.get(`${API}/materials/import/template?format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="plantilla-materiales-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const data = book.worksheets[0]!;
    expect((data.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(data.getCell('E2').value).toBe('m³');
    expect(book.getWorksheet('Unidades')?.getColumn(1).values.slice(2)).toEqual(['m³', 'pza']);
    expect(data.getCell('E3').dataValidation).toMatchObject({ type: 'list', formulae: ["'Unidades'!$A$2:$A$3"] });

    const asCsv = await api.get(`${API}/materials/import/template?format=csv`);
    expect(asCsv.body.split('\r\n')[0]).toBe(`\uFEFF${HEADERS.join(',')}`);
    // The template imports as it comes.
    const roundTrip = await upload(t.app, token, '/materials', 'plantilla.xlsx', res.rawPayload);
    expect(report(roundTrip.body)).toMatchObject({ rows: 1, created: 1, errors: [] });
  });

  it('imports employees with the forms\' validators, dd/mm/aaaa dates and companies by name', async () => {
    const company = (await api.post(`${API}/companies`, { name: 'Constructora del Bajío', rfc: 'CBA010101AB1' })).json();
    expect(company.id).toBeTypeOf('number');
    const headers = ['Número de empleado', 'Nombre(s)', 'Apellido paterno', 'CURP', 'NSS', 'Empresa', 'Fecha de ingreso', 'Salario diario', 'SDI', 'Estatus'];
    const rows = [
      ['E-1', 'Ana', 'Pérez', validCurp(1), nss(1), 'constructora del bajio', '15/03/2024', '300', '$315.50', 'Activo'],
      ['E-2', 'Luis', 'Núñez', 'PEGA900101HQTRRL09', nss(2), 'Constructora del Bajío', '31/02/2024', '300', '200', 'Jubilado'],
    ];
    const bad = report((await upload(t.app, token, '/employees', 'empleados.csv', Buffer.from(csv(headers, rows)))).body).errors;
    expect(bad.map((e) => [e.row, e.column])).toEqual([
      [3, 'CURP'],
      [3, 'Fecha de ingreso'],
      [3, 'Estatus'],
    ]);
    expect(bad[1]!.message).toBe(IMPORT_MESSAGES.date);
    expect(bad[2]!.message).toBe('Valor no válido; usa uno de: Activo, Baja');

    const res = await upload(t.app, token, '/employees', 'empleados.csv', Buffer.from(csv(headers, [rows[0]!])), { mode: 'commit' });
    expect(res.statusCode).toBe(200);
    const list = (await api.get(`${API}/employees?q=Ana`)).json();
    expect(list.items[0]).toMatchObject({ employeeNumber: 'E-1', curp: validCurp(1), hireDate: '2024-03-15', dailySalary: 300, sdi: 315.5, companyId: company.id });
  });
});
