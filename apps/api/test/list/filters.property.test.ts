import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS, MATCH_MODES_BY_TYPE, type AnyCatalog, type FieldFilter, type FilterConstraint, type Filters, type ListFieldSpec } from '@goc/contracts';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, listAll, listUrl, optionsOf, validCurp, type Api, type Row } from '../catalogs/support';
import { mexicoDay, oracleFields, oracleFilter, type OracleField } from './oracle';

/*
 * Property: for random filter combinations (fields × match modes × and/or × values, plus an optional q),
 * the API returns exactly the rows the in-memory oracle selects. Values are drawn from the data (pieces
 * of real texts in other letter case or without accents, real numbers and days) and from noise that
 * includes LIKE wildcards, so both matches and near misses are exercised.
 */

let t: TestApp;
let api: Api;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  api = apiFor(t.app, (await login(t.app)).token);
  // Rows with empty optional values, accents and wildcards beside the demo data.
  const companies = await optionsOf(api, '/companies');
  const categories = await optionsOf(api, '/categories');
  const cities = ['Querétaro', 'QUERETARO', 'León_1', '100% Saltillo', null];
  for (let i = 0; i < 24; i++) {
    await created(api, '/works', {
      code: `PR-${i}`,
      name: ['Ñandú norte', 'Edificio Águila', 'Bodega 50%', 'Nave_industrial', 'Casa Ámbar'][i % 5] + ` ${i}`,
      companyId: companies[i % companies.length]!.value,
      categoryId: categories[i % categories.length]!.value,
      city: cities[i % cities.length],
      startDate: i % 4 === 0 ? null : `2025-0${(i % 9) + 1}-1${i % 10}`,
      estimatedEndDate: i % 3 === 0 ? null : `2027-0${(i % 9) + 1}-2${i % 8}`,
      budget: i % 6 === 0 ? 0 : 1000 * i + 0.5 * (i % 2),
      status: (['planeacion', 'en_ejecucion', 'suspendida', 'terminada'] as const)[i % 4],
      active: i % 5 !== 0,
    });
  }
  for (let i = 0; i < 12; i++) {
    await created(api, '/employees', {
      employeeNumber: `PR-${i}`,
      firstName: ['José', 'JOSE', 'María_1', 'Ana%'][i % 4],
      lastName: ['Núñez', 'Nunez', 'Peña', 'Ávila'][i % 4],
      secondLastName: i % 3 === 0 ? null : 'López',
      curp: validCurp(700 + i),
      companyId: companies[i % companies.length]!.value,
      hireDate: i % 2 ? `2024-1${i % 3}-0${(i % 9) + 1}` : null,
      dailySalary: i % 4 === 0 ? null : 300 + i * 10.25,
      status: i % 2 ? 'activo' : 'baja',
    });
  }
});
afterAll(async () => t?.close());

/** Random letter case, and sometimes the accents stripped: what the fold must see through. */
const disguise = (text: string) =>
  fc.tuple(fc.boolean(), fc.boolean()).map(([upper, strip]) => {
    const s = strip ? text.normalize('NFD').replace(/[\u0300-\u0302\u0308]/g, '').normalize('NFC') : text;
    return upper ? s.toUpperCase() : s.toLowerCase();
  });

const piece = (text: string) =>
  fc.tuple(fc.nat(Math.max(0, text.length - 1)), fc.integer({ min: 1, max: 6 })).chain(([start, len]) => disguise(text.slice(start, start + len)));

const noise = fc.stringMatching(/^[aeoáéñÑ%_\\ x0-9-]{0,4}$/);

function textValue(texts: readonly string[]) {
  return texts.length === 0 ? noise : fc.oneof(fc.constantFrom(...texts).chain(piece), fc.constantFrom(...texts).chain(disguise), noise);
}

const labels = (rows: readonly Row[], field: OracleField): string[] =>
  rows.flatMap((r) => {
    const d = r[field.displayKey ?? ''];
    return (Array.isArray(d) ? d : [d]).filter((x) => x && typeof x === 'object').map((x) => String((x as { label: string }).label));
  });

/** An arbitrary constraint for the field, with values drawn from `rows`. */
function constraintArb(spec: ListFieldSpec, field: OracleField, rows: readonly Row[]) {
  const present = rows.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined);
  const mode = fc.constantFrom(...MATCH_MODES_BY_TYPE[spec.type]);
  switch (field.kind) {
    case 'text':
      return fc.record({ matchMode: mode, value: textValue(present.map(String)) });
    case 'number': {
      const nums = present.map(Number);
      const value = nums.length ? fc.oneof(fc.constantFrom(...nums), fc.constantFrom(...nums).map((v) => v + 0.5), fc.integer({ min: -5, max: 50_000 })) : fc.integer();
      return fc.record({ matchMode: mode, value });
    }
    case 'date': {
      const days = present.map(String);
      const random = fc.date({ min: new Date('2020-01-01'), max: new Date('2029-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.record({ matchMode: mode, value: days.length ? fc.oneof(fc.constantFrom(...days), random) : random });
    }
    case 'datetime': {
      const today = mexicoDay(new Date().toISOString());
      const shift = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      return fc.record({ matchMode: mode, value: fc.constantFrom(shift(-1), today, shift(1)) });
    }
    case 'boolean':
      return fc.record({ matchMode: mode, value: fc.boolean() });
    case 'enum':
      return fc.record({ matchMode: mode, value: fc.constantFrom(...(spec.enumValues ?? [])) });
    case 'reference':
    case 'multiReference': {
      const ids = rows.flatMap((r) => (Array.isArray(r[field.name]) ? (r[field.name] as number[]) : [r[field.name] as number])).filter((v) => typeof v === 'number');
      const id = ids.length ? fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 500 })) : fc.integer({ min: 1, max: 500 });
      return mode.chain(
        (m): fc.Arbitrary<FilterConstraint> =>
          m === 'equals' || m === 'notEquals' ? fc.record({ matchMode: fc.constant(m), value: id }) : fc.record({ matchMode: fc.constant(m), value: textValue(labels(rows, field)) }),
      );
    }
  }
}

function filtersArb(catalog: AnyCatalog, rows: readonly Row[]) {
  const fields = oracleFields(catalog);
  const specs = catalog.listFields.filter((s) => s.filterable);
  const fieldFilter = (spec: ListFieldSpec) =>
    fc.record({
      operator: fc.constantFrom('and' as const, 'or' as const),
      constraints: fc.array(constraintArb(spec, fields.get(spec.name)!, rows), { minLength: 1, maxLength: 3 }),
    }) as fc.Arbitrary<FieldFilter>;
  return fc
    .uniqueArray(fc.constantFrom(...specs), { minLength: 1, maxLength: 3, selector: (s) => s.name })
    .chain((chosen) => fc.tuple(...chosen.map((s) => fieldFilter(s).map((f) => [s.name, f] as const))))
    .map((entries): Filters => Object.fromEntries(entries));
}

describe.each([
  ['works', CATALOGS.works, 80],
  ['employees', CATALOGS.employees, 60],
  ['suppliers', CATALOGS.suppliers, 40],
] as const)('random filters on %s', (_name, catalog, runs) => {
  it('return exactly the rows of the in-memory filter', async () => {
    const { rows } = await listAll(api, catalog.resource);
    expect(rows.length).toBeLessThanOrEqual(100);
    const fields = oracleFields(catalog);
    const q = fc.option(textValue(rows.map((r) => String(r[catalog.label.fields[0]!]))), { nil: undefined, freq: 4 });
    await fc.assert(
      fc.asyncProperty(filtersArb(catalog, rows), q, async (filters, search) => {
        const query = { filters, pageSize: 100, ...(search?.trim() ? { q: search } : {}) };
        const res = await api.get(listUrl(catalog.resource, query));
        expect(res.statusCode, res.body).toBe(200);
        const got = (res.json() as { items: Row[] }).items.map((r) => r.id as number).sort((a, b) => a - b);
        const want = oracleFilter(fields, rows, { filters, q: search?.trim() ? search.trim() : undefined })
          .map((r) => r.id as number)
          .sort((a, b) => a - b);
        expect(got).toEqual(want);
      }),
      { numRuns: runs },
    );
  });
});

it('seeded data covers empty values, so negative modes are tested against them', async () => {
  const { rows } = await listAll(api, `/works`, { filters: { city: { operator: 'and', constraints: [{ matchMode: 'notContains', value: 'x' }] } } });
  expect(rows.some((r) => r.city === null)).toBe(true);
  expect((await api.get(`${API}/works?filters=${encodeURIComponent('{"city":{"constraints":[{"matchMode":"contains","value":"%"}]}}')}`)).json().items.map((r: Row) => r.city)).toEqual(
    expect.arrayContaining(['100% Saltillo']),
  );
});
