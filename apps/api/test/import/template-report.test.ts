import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_RESOURCES, CATALOGS, importReportSchema, type AnyResource } from '@goc/contracts';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';
import { upload, workbook } from './support';

/*
 * The import template's example row is a row the import accepts as it is, for every importable
 * resource, on the demo database; the dry-run report names each bad row's record and counts the
 * good rows. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const IMPORTABLE = [...Object.values(CATALOGS), ...Object.values(BUSINESS_RESOURCES)].filter((r): r is AnyResource => r?.import !== undefined);

let t: TestApp;
let token: string;
let api: Api;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  token = (await login(t.app)).token;
  api = apiFor(t.app, token);
});
afterAll(async () => t?.close());

describe('the template example row', () => {
  it('covers the importable resources', () => {
    expect(IMPORTABLE.map((r) => r.key)).toEqual(expect.arrayContaining(['employees', 'materials', 'works', 'companies', 'suppliers']));
  });

  it.each(IMPORTABLE.map((r) => [r.key, r] as const))('%s: passes its own dry run with no error', async (_key, resource) => {
    const template = await api.get(`${API}${resource.resource}/import/template?format=xlsx`);
    expect(template.statusCode, template.body).toBe(200);
    const res = await upload(t.app, token, resource.resource, 'plantilla.xlsx', template.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(importReportSchema.parse(res.json())).toMatchObject({ rows: 1, valid: 1, created: 1, errors: [] });
  });

  it('employees: a real-looking CURP, RFC and NSS, and an active work of the database', async () => {
    const res = await api.get(`${API}/employees/import/template?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (label: string) => String(sheet.getRow(2).getCell(headers.indexOf(label) + 1).value);
    expect(cell('CURP')).toBe('LOHM920415MJCPRR07');
    expect(cell('RFC')).toBe('LOHM920415QK3');
    expect(cell('NSS')).toBe('04199234560');
    const works = (await api.get(`${API}/works/options?limit=200`)).json() as { items: { label: string }[] };
    expect(works.items.map((w) => w.label)).toContain(cell('Obra'));
  });
});

describe('the dry-run report', () => {
  it('names each bad row by its record and counts the good rows', async () => {
    const template = await api.get(`${API}/employees/import/template?format=csv`);
    const headers = template.body.replace(/^\uFEFF/, '').split('\r\n')[0]!.split(',');
    const row = (values: Record<string, string>) => headers.map((h) => values[h] ?? '');
    const company = ((await api.get(`${API}/companies/options?limit=1`)).json() as { items: { label: string }[] }).items[0]!.label;
    const base = { Empresa: company, 'Apellido paterno': 'Pérez' };
    const file = await workbook(headers, [
      row({ ...base, 'Número de empleado': 'IMP-1', 'Nombre(s)': 'Ana', 'Apellido materno': 'Ruiz', CURP: 'LOHM920415MJCPRR07' }),
      row({ ...base, 'Número de empleado': 'IMP-2', 'Nombre(s)': 'Luis', CURP: 'XXXX000000XXXXXXX0' }),
      row({ ...base, 'Número de empleado': 'IMP-3', 'Nombre(s)': 'Sofía', 'Apellido materno': 'Díaz', CURP: 'LOHM920415MJCPRR07' }),
    ]);
    const res = await upload(t.app, token, '/employees', 'altas.xlsx', file);
    const report = importReportSchema.parse(res.json());
    expect(report).toMatchObject({ rows: 3, valid: 1 });
    expect(report.errors.map((e) => [e.row, e.record, e.column])).toEqual([
      [3, 'Luis Pérez', 'CURP'],
      [4, 'Sofía Pérez Díaz', 'CURP'],
    ]);

    const materials = await workbook(['Clave', 'Nombre', 'Unidad', 'Categoría de materiales'], [['MAT-IMP-1', 'Clavo de 2½"', 'no-existe', 'no-existe']]);
    const bad = importReportSchema.parse((await upload(t.app, token, '/materials', 'm.xlsx', materials)).json());
    expect(bad.valid).toBe(0);
    expect(new Set(bad.errors.map((e) => e.record))).toEqual(new Set(['MAT-IMP-1 · Clavo de 2½"']));
  });

  it('a wrong column spoils every row: no good row, and no record named', async () => {
    const file = await workbook(['Clave', 'Nombre', 'Color favorito'], [['MAT-X', 'X']]);
    const report = importReportSchema.parse((await upload(t.app, token, '/materials', 'm.xlsx', file)).json());
    expect(report.valid).toBe(0);
    expect(report.errors.every((e) => e.record === '')).toBe(true);
  });
});
