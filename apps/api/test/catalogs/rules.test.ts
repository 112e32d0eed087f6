import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGS,
  EMPLOYEE_MESSAGES,
  FIELD_MESSAGES,
  MESSAGES,
  NSS_CHECK_DIGIT_WARNING,
  STATUS_SEEDS,
  WORK_MESSAGES,
  systemRowMessage,
} from '@goc/contracts';
import { duplicateFromConstraint } from '../../src/lib/crud/checks';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, firstId, listAll, nss, optionsOf, rfcMoral, validCurp, type Api, type Row } from './support';

/* Rules particular to some catalogues, on the generic mechanism: status system rows and single default,
 * dependent references, cross-field rules on merged records, warnings, links, inactive references. */

let t: TestApp;
let admin: Api;
let n = 500;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
});
afterAll(async () => t?.close());

const get = async (url: string) => (await admin.get(`${API}${url}`)).json() as Row;

const STATUS_CATALOGS = [
  [CATALOGS.registrationStatuses, STATUS_SEEDS.registrationStatuses],
  [CATALOGS.orderStatuses, STATUS_SEEDS.orderStatuses],
  [CATALOGS.stampStatuses, STATUS_SEEDS.stampStatuses],
  [CATALOGS.errorStatuses, STATUS_SEEDS.errorStatuses],
] as const;

describe.each(STATUS_CATALOGS.map(([c, seeds]) => [c.key, c, seeds] as const))('status catalogue %s', (_key, catalog, seeds) => {
  const resource = catalog.resource;
  const defaults = async () => (await listAll(admin, resource)).rows.filter((r) => r.isDefault === true);

  it('seeds the system rows with their codes and exactly one default', async () => {
    const { rows } = await listAll(admin, resource);
    expect(rows.map((r) => r.code)).toEqual(seeds.map((s) => s.code));
    expect((await defaults()).map((r) => r.code)).toEqual(seeds.filter((s) => 'isDefault' in s).map((s) => s.code));
  });

  it('lets a system row be renamed and recoloured, never its code changed nor the row deleted', async () => {
    const { rows } = await listAll(admin, resource);
    const system = rows[1]!;
    const res = await admin.patch(`${API}${resource}/${String(system.id)}`, { name: `${String(system.name)} (renombrado)`, color: 'purple', code: 'otro', version: system.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: system.code, color: 'purple', name: `${String(system.name)} (renombrado)` });
    const del = await admin.del(`${API}${resource}/${String(system.id)}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(systemRowMessage(catalog.nouns, `${String(system.name)} (renombrado)`));
    expect(del.json().message).toMatch(/^El estatus de (alta|orden|timbre|error) «.+» es del sistema y no se puede eliminar$/);
  });

  it('keeps exactly one default: setting one clears the other (a new version, audited); clearing the only one is refused', async () => {
    const [previous] = await defaults();
    const mine = await created(admin, resource, { name: `Predeterminado ${++n}`, isDefault: true });
    expect(mine.isDefault).toBe(true);
    expect((await defaults()).map((r) => r.id)).toEqual([mine.id]);
    const old = await get(`${resource}/${String(previous!.id)}`);
    expect(old.version).toBe(Number(previous!.version) + 1);
    const history = (await admin.get(`${API}${resource}/${String(previous!.id)}/history`)).json() as { changes: object }[];
    expect(history[0]!.changes).toEqual({ isDefault: { old: true, new: false } });

    const unset = await admin.patch(`${API}${resource}/${String(mine.id)}`, { isDefault: false, version: mine.version });
    expect(unset.statusCode).toBe(400);
    const e = catalog.nouns.article === 'la' ? 'a' : 'o';
    expect(unset.json().fields).toEqual({ isDefault: `Debe haber un ${catalog.nouns.singular} predeterminad${e}; marca otr${e} como predeterminad${e}` });

    const del = await admin.del(`${API}${resource}/${String(mine.id)}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`No se puede eliminar el ${catalog.nouns.singular} predeterminado; marca otro como predeterminado primero`);

    // Back to the seeded default through PATCH: the new row loses the flag and can go.
    const back = await admin.patch(`${API}${resource}/${String(previous!.id)}`, { isDefault: true, version: old.version });
    expect(back.statusCode).toBe(200);
    expect((await defaults()).map((r) => r.id)).toEqual([previous!.id]);
    expect((await admin.del(`${API}${resource}/${String(mine.id)}`)).statusCode).toBe(204);
  });
});

describe('works', () => {
  it('refuses a subcategory of another category (on create and when only the category changes)', async () => {
    const categories = await optionsOf(admin, '/categories');
    const subcategories = await optionsOf(admin, '/subcategories');
    const [c1, c2] = [categories[0]!, categories[1]!];
    const s1 = subcategories.find((s) => s.parentId === c1.value)!;
    const s2 = subcategories.find((s) => s.parentId === c2.value)!;
    const base = { code: `OB-R-${++n}`, name: 'Obra regla', companyId: await firstId(admin, '/companies') };
    const wrong = await admin.post(`${API}/works`, { ...base, categoryId: c1.value, subcategoryId: s2.value });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ subcategoryId: WORK_MESSAGES.subcategoryOutsideCategory });
    const work = await created(admin, '/works', { ...base, categoryId: c1.value, subcategoryId: s1.value });
    const move = await admin.patch(`${API}/works/${String(work.id)}`, { categoryId: c2.value, version: work.version });
    expect(move.statusCode).toBe(400);
    expect(move.json().fields).toEqual({ subcategoryId: WORK_MESSAGES.subcategoryOutsideCategory });
    const both = await admin.patch(`${API}/works/${String(work.id)}`, { categoryId: c2.value, subcategoryId: s2.value, version: work.version });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ category: { id: c2.value, label: c2.label }, subcategory: { id: s2.value, label: s2.label } });
  });

  it('checks the date rule on the merged record: a patch of only the end date before the stored start is refused', async () => {
    const work = await created(admin, '/works', {
      code: `OB-R-${++n}`,
      name: 'Obra fechas',
      companyId: await firstId(admin, '/companies'),
      categoryId: await firstId(admin, '/categories'),
      startDate: '2026-03-01',
    });
    const res = await admin.patch(`${API}/works/${String(work.id)}`, { estimatedEndDate: '2026-02-01', version: work.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ estimatedEndDate: WORK_MESSAGES.endBeforeStart });
  });
});

describe('employees', () => {
  it('saves an NSS with a wrong check digit and answers with a warning, on create and on update', async () => {
    const body = { employeeNumber: `R-${++n}`, firstName: 'Ana', lastName: 'López', curp: validCurp(n), companyId: await firstId(admin, '/companies'), nss: nss(n, false) };
    const res = await admin.post(`${API}/employees`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings).toEqual({ nss: NSS_CHECK_DIGIT_WARNING });
    expect(res.json().nss).toBe(body.nss);
    const fixed = await admin.patch(`${API}/employees/${String(res.json().id)}`, { nss: nss(n, true), version: 1 });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).not.toHaveProperty('warnings');
    const again = await admin.patch(`${API}/employees/${String(res.json().id)}`, { nss: `${nss(n, false).slice(0, 4)}-${nss(n, false).slice(4)}`, version: 2 });
    expect(again.json()).toMatchObject({ nss: nss(n, false), warnings: { nss: NSS_CHECK_DIGIT_WARNING } });
  });

  it('refuses an SDI below the daily salary, also when the patch only lowers the SDI', async () => {
    const base = { employeeNumber: `R-${++n}`, firstName: 'Luis', lastName: 'Ávila', curp: validCurp(n), companyId: await firstId(admin, '/companies') };
    const bad = await admin.post(`${API}/employees`, { ...base, dailySalary: 500, sdi: 400 });
    expect(bad.json().fields).toEqual({ sdi: EMPLOYEE_MESSAGES.sdiBelowDailySalary });
    const emp = await created(admin, '/employees', { ...base, dailySalary: 500, sdi: 525 });
    const lower = await admin.patch(`${API}/employees/${String(emp.id)}`, { sdi: 499.99, version: emp.version });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fields).toEqual({ sdi: EMPLOYEE_MESSAGES.sdiBelowDailySalary });
  });
});

describe('companies', () => {
  it('normalises RFC and registro patronal, and accepts a persona física RFC', async () => {
    const company = await created(admin, '/companies', { name: `Normalizada ${++n}`, rfc: ' gomj800101ab1 ', employerRegistration: 'b12-34567-890' });
    expect(company).toMatchObject({ rfc: 'GOMJ800101AB1', employerRegistration: 'B1234567890' });
  });
});

describe('suppliers', () => {
  it('writes material categories with the supplier, all or nothing, and audits their change', async () => {
    const categories = await optionsOf(admin, '/material-categories');
    const body = { name: `Proveedor ligado ${++n}`, rfc: rfcMoral(n) };
    const missing = await admin.post(`${API}/suppliers`, { ...body, materialCategoryIds: [categories[0]!.value, 999999] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ materialCategoryIds: FIELD_MESSAGES.options });
    expect((await listAll(admin, '/suppliers', { q: body.name })).total).toBe(0);

    const supplier = await created(admin, '/suppliers', { ...body, materialCategoryIds: [categories[1]!.value, categories[0]!.value] });
    expect(supplier.materialCategories).toEqual([categories[0], categories[1]].map((c) => ({ id: c!.value, label: c!.label })));
    const patched = await admin.patch(`${API}/suppliers/${String(supplier.id)}`, { materialCategoryIds: [categories[2]!.value], version: 1 });
    expect(patched.json().materialCategoryIds).toEqual([categories[2]!.value]);
    const [update] = (await admin.get(`${API}/suppliers/${String(supplier.id)}/history`)).json() as { changes: object }[];
    expect(update!.changes).toEqual({ materialCategoryIds: { old: [categories[0]!.value, categories[1]!.value], new: [categories[2]!.value] } });
  });
});

describe('references to inactive rows', () => {
  it('refuses choosing an inactive row, but keeps one a record already has', async () => {
    const unit = await created(admin, '/units', { abbreviation: `u${++n}`, name: `Unidad ${n}` });
    const material = await created(admin, '/materials', { code: `IN-${n}`, name: `Material ${n}`, unitId: unit.id, materialCategoryId: await firstId(admin, '/material-categories') });
    const off = await admin.patch(`${API}/units/${String(unit.id)}`, { active: false, version: unit.version });
    expect(off.statusCode).toBe(200);
    const edit = await admin.patch(`${API}/materials/${String(material.id)}`, { name: `Material ${n} editado`, version: material.version });
    expect(edit.statusCode).toBe(200);
    const choose = await admin.post(`${API}/materials`, { code: `IN-${n}-b`, name: `Otro ${n}`, unitId: unit.id, materialCategoryId: await firstId(admin, '/material-categories') });
    expect(choose.statusCode).toBe(400);
    expect(choose.json().fields).toEqual({ unitId: 'La unidad seleccionada está inactiva' });
  });
});

describe('options for other modules’ forms', () => {
  it('lets a user who may create materials read units and material categories options, not the catalogues', async () => {
    const roleId = await createRole(t.db, 'Solo materiales', { config_materials: ['create'] });
    const user = await createUser(t.app, { roleId });
    const api = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    expect((await api.get(`${API}/units/options`)).statusCode).toBe(200);
    expect((await api.get(`${API}/material-categories/options`)).statusCode).toBe(200);
    expect((await api.get(`${API}/materials/options`)).statusCode).toBe(200);
    const forbidden = await api.get(`${API}/units`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(MESSAGES.forbidden);
    expect((await api.get(`${API}/companies/options`)).statusCode).toBe(403);
  });
});

describe('unique violations raced past the pre-check', () => {
  it('name the field of the violated index', () => {
    const error = duplicateFromConstraint(CATALOGS.units, 'units_abbreviation_lower_uq', { abbreviation: 'KG', name: 'Kilo' });
    expect(error.statusCode).toBe(409);
    expect(error.fields).toEqual({ abbreviation: 'Ya existe una unidad con abreviatura «KG»' });
    expect(duplicateFromConstraint(CATALOGS.materials, 'materials_code_lower_uq', { code: 'M-1', name: 'x' }).fields).toEqual({
      code: 'Ya existe un material con clave «M-1»',
    });
  });
});
