import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATCH_MODES_BY_TYPE,
  MESSAGES,
  notFoundMessage,
  rowLabel,
  type FieldFilter,
  type OptionPage,
  type FilterConstraint,
  type ListFieldSpec,
  type SortEntry,
} from '@goc/contracts';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { fold, mexicoDay, oracleFields, oracleFilter, oracleSort, type OracleField } from '../list/oracle';
import { CASES, type CaseContext } from './cases';
import {
  API,
  apiFor,
  expectedCsvCell,
  exportedFields,
  listAll,
  listUrl,
  parseCsv,
  readXlsx,
  type Api,
  type Row,
} from './support';

/*
 * The table-driven suite: every catalogue (the 15 configuration catalogues, roles and users) goes
 * through the same list, export, options, write, history and permission checks, against the demo data
 * plus the rows each case creates. Expected rows come from the in-memory oracle (test/list/oracle.ts).
 */

let t: TestApp;
let admin: Api;
/** Users whose role lacks one flag on every module ('none' lacks all four). */
const restricted: Record<'none' | 'create' | 'edit' | 'delete', Api> = {} as never;
let counter = 0;
const ctx = (): CaseContext => ({ api: admin, app: t.app, seq: () => ++counter });

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
  const everything = ['view', 'create', 'edit', 'delete'] as const;
  const allModulesWithout = (missing: string) =>
    Object.fromEntries(CASES.map((c) => [c.catalog.module, everything.filter((a) => a !== missing)]));
  for (const missing of ['none', 'create', 'edit', 'delete'] as const) {
    const roleId = await createRole(t.db, `Sin ${missing}`, missing === 'none' ? {} : allModulesWithout(missing));
    const user = await createUser(t.app, { roleId });
    restricted[missing] = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
  }
});
afterAll(async () => t?.close());

const ids = (rows: readonly Row[]) => rows.map((r) => r.id as number);
const filterOf = (constraints: FilterConstraint[], operator: 'and' | 'or' = 'and'): FieldFilter => ({ operator, constraints });

/** Text needles taken from a value: fold-compatible (upper case, accents stripped) so they must match it. */
function textNeedles(value: string): Record<string, string> {
  const folded = fold(value);
  const wildcard = folded.search(/[%_]/);
  const middle = wildcard >= 0 ? folded.slice(Math.max(0, wildcard - 2), wildcard + 2) : folded.slice(1, 5);
  return {
    startsWith: folded.slice(0, 3).toUpperCase(),
    contains: middle.toUpperCase(),
    notContains: middle,
    endsWith: folded.slice(-3),
    equals: folded.toUpperCase(),
    notEquals: value,
  };
}

const labelOf = (d: unknown) => (d && typeof d === 'object' ? String((d as { label: string }).label) : null);

/** Constraints exercising every match mode of a field, with values taken from `row`. */
function constraintsFor(spec: ListFieldSpec, field: OracleField, row: Row): FilterConstraint[] {
  const modes = MATCH_MODES_BY_TYPE[spec.type];
  const raw = row[field.name];
  switch (field.kind) {
    case 'text': {
      const needles = textNeedles(String(raw));
      return modes.map((m) => ({ matchMode: m, value: needles[m] ?? String(raw) }));
    }
    case 'number':
      return modes.map((m) => ({ matchMode: m, value: Number(raw) }));
    case 'date':
      return modes.map((m) => ({ matchMode: m, value: String(raw) }));
    case 'datetime':
      return modes.map((m) => ({ matchMode: m, value: mexicoDay(String(raw)) }));
    case 'boolean':
      return modes.map((m) => ({ matchMode: m, value: true }));
    case 'enum':
      return modes.map((m) => ({ matchMode: m, value: String(raw) }));
    case 'reference':
    case 'multiReference': {
      const display = row[field.displayKey ?? ''];
      const first = Array.isArray(display) ? display[0] : display;
      const needles = textNeedles(labelOf(first) ?? '');
      const id = field.kind === 'reference' ? Number(raw) : Number((raw as number[])[0]);
      return modes.map((m) => (m === 'equals' || m === 'notEquals' ? { matchMode: m, value: id } : { matchMode: m, value: needles[m] ?? '' }));
    }
  }
}

/** A row with a value for the field, preferring the case's first created row (accents, wildcards). */
function sampleRow(rows: readonly Row[], field: OracleField, preferred: Row | undefined): Row | undefined {
  const has = (r: Row) => {
    const v = r[field.name];
    return v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
  };
  return preferred && has(preferred) ? preferred : rows.find(has);
}

describe.each(CASES.map((c) => [c.catalog.key, c] as const))('%s', (_key, testCase) => {
  const { catalog } = testCase;
  const resource = catalog.resource;
  const fields = oracleFields(catalog);
  let first: Row;
  let second: Row;
  let all: Row[] = [];

  const fresh = async () => {
    all = (await listAll(admin, resource)).rows;
  };

  it('creates rows (201) that read back identically', async () => {
    const [a, b] = await testCase.bodies(ctx());
    for (const [body, assign] of [
      [a, (r: Row) => (first = r)],
      [b, (r: Row) => (second = r)],
    ] as const) {
      const res = await admin.post(`${API}${resource}`, body);
      expect(res.statusCode, res.body).toBe(201);
      const entity = res.json() as Row;
      expect(entity.version).toBe(1);
      expect(Object.keys(entity)).not.toContain('password');
      expect(Object.keys(entity)).not.toContain('passwordHash');
      const read = await admin.get(`${API}${resource}/${String(entity.id)}`);
      expect(read.statusCode).toBe(200);
      const { warnings: _warnings, ...stored } = entity;
      expect(read.json()).toEqual(stored);
      assign(stored);
    }
    await fresh();
  });

  it('filters with every match mode of every filterable field (exact rows)', async () => {
    let nonEmpty = 0;
    for (const spec of catalog.listFields.filter((s) => s.filterable)) {
      const field = fields.get(spec.name);
      if (!field) throw new Error(`no oracle field ${spec.name}`);
      const row = sampleRow(all, field, first);
      if (!row) continue;
      for (const constraint of constraintsFor(spec, field, row)) {
        const filters = { [spec.name]: filterOf([constraint]) };
        const res = await admin.get(listUrl(resource, { filters, pageSize: 100 }));
        expect(res.statusCode, `${spec.name} ${constraint.matchMode} ${res.body}`).toBe(200);
        const body = res.json() as { items: Row[]; total: number };
        const expected = oracleFilter(fields, all, { filters, q: undefined });
        expect(body.total, `${spec.name} ${constraint.matchMode} ${JSON.stringify(constraint.value)}`).toBe(expected.length);
        expect(ids(body.items).sort((x, y) => x - y), `${spec.name} ${constraint.matchMode}`).toEqual(
          ids(expected)
            .sort((x, y) => x - y)
            .slice(0, 100),
        );
        if (expected.length > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(3);
  });

  it('combines constraints with or / and on a field and AND across fields', async () => {
    const text = catalog.listFields.find((s) => s.filterable && s.type === 'text' && first[s.name]);
    const other = catalog.listFields.find((s) => s.filterable && s.name !== text?.name && s.type !== 'text' && first[s.name] !== null && first[s.name] !== undefined);
    expect(text).toBeDefined();
    const needles = textNeedles(String(first[text!.name]));
    const queries = [
      { [text!.name]: filterOf([{ matchMode: 'startsWith', value: needles.startsWith! }, { matchMode: 'contains', value: 'e' }], 'or') },
      { [text!.name]: filterOf([{ matchMode: 'contains', value: needles.contains! }, { matchMode: 'notContains', value: 'zzz' }], 'and') },
      ...(other ? [{ [text!.name]: filterOf([{ matchMode: 'contains', value: 'a' }]), [other.name]: filterOf(constraintsFor(other, fields.get(other.name)!, first).slice(0, 1)) }] : []),
    ];
    for (const filters of queries) {
      const body = (await admin.get(listUrl(resource, { filters, pageSize: 100 }))).json() as { items: Row[]; total: number };
      expect(ids(body.items).sort((x, y) => x - y)).toEqual(ids(oracleFilter(fields, all, { filters, q: undefined })).sort((x, y) => x - y));
    }
  });

  it('searches q accent- and case-insensitively over text and related names', async () => {
    const label = rowLabel(catalog, first);
    const word = fold(label.split(/\s+/)[0] ?? label).toUpperCase();
    const reference = catalog.fields.find((f) => f.type === 'reference' && first[f.name] !== null && f.list.column);
    const queries = [word, label.toUpperCase(), ...(reference ? [labelOf(first[reference.reference!.displayKey]) ?? ''] : []), 'sin coincidencias xyzzy'];
    for (const q of queries) {
      const { rows, total } = await listAll(admin, resource, { q });
      const expected = oracleFilter(fields, all, { filters: {}, q });
      expect(total, q).toBe(expected.length);
      expect(ids(rows).sort((x, y) => x - y)).toEqual(ids(expected).sort((x, y) => x - y));
    }
    expect(ids((await listAll(admin, resource, { q: word })).rows)).toContain(first.id);
  });

  it('sorts by every sortable field both ways (related names too), with a stable tiebreak on id', async () => {
    const sortable = catalog.listFields.filter((s) => s.sortable);
    for (const spec of sortable) {
      for (const order of ['asc', 'desc'] as const) {
        const sort: SortEntry[] = [{ field: spec.name, order }];
        const { rows } = await listAll(admin, resource, { sort });
        expect(ids(rows), `${spec.name} ${order}`).toEqual(ids(oracleSort(fields, all, sort)));
      }
    }
    const multi: SortEntry[] = sortable.slice(0, 3).map((s, i) => ({ field: s.name, order: i % 2 ? 'desc' : 'asc' }));
    expect(ids((await listAll(admin, resource, { sort: multi })).rows)).toEqual(ids(oracleSort(fields, all, multi)));
    // No sort: the catalogue's default order.
    expect(ids((await listAll(admin, resource)).rows)).toEqual(ids(oracleSort(fields, all, catalog.defaultSort)));
  });

  it('pages: bounded size, exact slices and total', async () => {
    const ordered = oracleSort(fields, all, catalog.defaultSort);
    const res = await admin.get(listUrl(resource, { page: 2, pageSize: 3 }));
    expect(res.json()).toMatchObject({ total: all.length, page: 2, pageSize: 3 });
    expect(ids(res.json().items)).toEqual(ids(ordered.slice(3, 6)));
    const beyond = await admin.get(listUrl(resource, { page: 999, pageSize: 10 }));
    expect(beyond.json()).toMatchObject({ items: [], total: all.length });
    const tooBig = await admin.get(`${API}${resource}?pageSize=101`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields).toEqual({ pageSize: 'El tamaño de página debe ser un número entero entre 1 y 100' });
  });

  it('refuses unknown fields, modes that do not apply and unsortable fields with Spanish messages', async () => {
    const unknown = await admin.get(listUrl(resource, { filters: { inventado: filterOf([{ matchMode: 'contains', value: 'x' }]) } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Campo de filtro desconocido: inventado',
      fields: { 'filters.inventado': 'Campo de filtro desconocido: inventado' },
    });
    const text = catalog.listFields.find((s) => s.type === 'text' && s.filterable)!;
    const badMode = await admin.get(listUrl(resource, { filters: { [text.name]: filterOf([{ matchMode: 'gt', value: 'x' }]) } }));
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().message).toBe(`El modo "gt" no aplica al campo "${text.label}"`);
    const badSort = await admin.get(`${API}${resource}?sort=-inventado`);
    expect(badSort.json()).toMatchObject({ statusCode: 400, message: 'Campo de orden desconocido: inventado' });
    const badExport = await admin.get(`${API}${resource}/export?format=csv&sort=inventado`);
    expect(badExport.statusCode).toBe(400);
    expect((await admin.get(`${API}${resource}/export?format=pdf`)).json().fields).toEqual({ format: 'El formato de exportación debe ser xlsx o csv' });
  });

  it('exports exactly the filtered, sorted list as CSV (BOM, Spanish headers, dd/mm/yy, money with 2 decimals)', async () => {
    const text = catalog.label.fields[0]!;
    const query = { filters: { [text]: filterOf([{ matchMode: 'contains', value: 'a' }, { matchMode: 'contains', value: 'o' }], 'or') }, sort: [{ field: text, order: 'desc' as const }] };
    const listed = (await listAll(admin, resource, query)).rows;
    expect(listed.length).toBeGreaterThan(0);
    const res = await admin.get(listUrl(resource, { ...query, format: 'csv' }, '/export'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [headers, ...rows] = parseCsv(res.body.slice(1));
    const exported = exportedFields(catalog);
    expect(headers).toEqual(exported.map((f) => f.label));
    expect(rows).toEqual(listed.map((row) => exported.map((f) => expectedCsvCell(f, row))));
  });

  it('exports the same rows as XLSX (parsed back: headers, values, date and money formats)', async () => {
    const query = { sort: [...catalog.defaultSort] };
    const listed = (await listAll(admin, resource, query)).rows;
    const res = await admin.get(listUrl(resource, { ...query, format: 'xlsx' }, '/export'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const exported = exportedFields(catalog);
    const { headers, rows, formats } = await readXlsx(res.rawPayload, exported);
    expect(headers).toEqual(exported.map((f) => f.label));
    expect(rows).toEqual(listed.map((row) => exported.map((f) => expectedCsvCell(f, row).replace(/^'(?=[=+\-@])/, ''))));
    exported.forEach((f, i) => {
      if (f.type === 'money') expect(formats[i]).toBe('#,##0.00');
      if (f.type === 'date') expect(formats[i]).toBe('dd/mm/yy');
    });
  });

  it('offers active rows as options, in the default order, with their labels, a bounded page at a time', async () => {
    const res = await admin.get(`${API}${resource}/options?limit=200`);
    expect(res.statusCode).toBe(200);
    const active = catalog.fields.some((f) => f.name === 'active') ? all.filter((r) => r.active === true) : all;
    const expected = oracleSort(fields, active, catalog.defaultSort);
    const page = res.json() as OptionPage;
    expect(page.items.map((o) => o.value)).toEqual(ids(expected));
    expect(page.items.map((o) => o.label)).toEqual(expected.map((r) => rowLabel(catalog, r)));
    // A system row carries its code (a screen finds «aplicado» by it); other rows and catalogues carry none.
    const codeField = catalog.systemRows?.codeField;
    expect(page.items.map((o) => o.code)).toEqual(expected.map((r) => (codeField && typeof r[codeField] === 'string' ? r[codeField] : undefined)));
    expect(page.hasMore).toBe(false);
    if (catalog.fields.some((f) => f.name === 'active')) expect(page.items.map((o) => o.value)).not.toContain(second.id);

    const first = (await admin.get(`${API}${resource}/options?limit=1`)).json() as OptionPage;
    expect(first.items.map((o) => o.value)).toEqual(ids(expected).slice(0, 1));
    expect(first.hasMore).toBe(expected.length > 1);
  });

  it('searches options by every word of their label (accents and case ignored) and gives the labels of held ids', async () => {
    const active = catalog.fields.some((f) => f.name === 'active') ? all.filter((r) => r.active === true) : all;
    const target = active[active.length - 1];
    if (!target) return;
    const label = rowLabel(catalog, target);
    const word = label.split(/\s+/).find((w) => w.length > 1) ?? label;
    const query = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    const res = await admin.get(`${API}${resource}/options?limit=200&q=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    const expected = oracleSort(fields, active.filter((r) => fold(rowLabel(catalog, r)).includes(fold(word))), catalog.defaultSort);
    expect((res.json() as OptionPage).items.map((o) => o.value)).toEqual(ids(expected));

    const held = await admin.get(`${API}${resource}/options?ids=${second.id},${target.id}`);
    expect(held.statusCode).toBe(200);
    expect((held.json() as OptionPage).items.map((o) => Number(o.value)).sort((a, b) => a - b)).toEqual(
      [...new Set([Number(second.id), Number(target.id)])].sort((a, b) => a - b),
    );
    expect((await admin.get(`${API}${resource}/options?ids=1,x`)).statusCode).toBe(400);
    expect((await admin.get(`${API}${resource}/options?limit=0`)).json().fields).toEqual({ limit: 'El límite debe ser un número entre 1 y 200' });
  });

  it('answers 400 with Spanish field errors for invalid input', async () => {
    const { body, fields: expected } = await testCase.invalid(ctx());
    const res = await admin.post(`${API}${resource}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation, fields: expected });
    expect((await listAll(admin, resource)).total).toBe(all.length);
  });

  it.runIf(testCase.duplicate)('refuses a case-insensitive duplicate with 409 naming the field', async () => {
    const { body, fields: expected } = await testCase.duplicate!(ctx(), first);
    const res = await admin.post(`${API}${resource}`, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: Object.values(expected)[0], fields: expected });
  });

  it('updates with the version read; a stale version is refused with 409 and nothing is written', async () => {
    const patch = await testCase.patch(ctx());
    const ok = await admin.patch(`${API}${resource}/${String(first.id)}`, { ...patch, version: first.version });
    expect(ok.statusCode, ok.body).toBe(200);
    const updated = ok.json() as Row;
    expect(updated.version).toBe(2);
    expect(Date.parse(String(updated.updatedAt))).toBeGreaterThanOrEqual(Date.parse(String(first.updatedAt)));
    const before = (await admin.get(`${API}${resource}/${String(first.id)}`)).json();
    expect(before).toEqual(updated);

    const stale = await admin.patch(`${API}${resource}/${String(first.id)}`, { ...patch, version: first.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'El registro fue modificado por otro usuario' });
    expect((await admin.get(`${API}${resource}/${String(first.id)}`)).json()).toEqual(before);

    const missingVersion = await admin.patch(`${API}${resource}/${String(first.id)}`, patch);
    expect(missingVersion.json().fields).toEqual({ version: 'Falta la versión del registro; recarga e inténtalo de nuevo' });
    first = updated;
  });

  it('keeps the history of the record, newest first, with the user and old → new values', async () => {
    const res = await admin.get(`${API}${resource}/${String(first.id)}/history`);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as { action: string; user: { username: string }; changes: Record<string, { old: unknown; new: unknown }> }[];
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries.every((e) => e.user.username === 'admin')).toBe(true);
    const [update, create] = entries;
    for (const [name, change] of Object.entries(update!.changes)) {
      if (!name.startsWith('permissions.')) expect(change.new).toEqual(first[name]);
    }
    expect(Object.keys(update!.changes).length).toBeGreaterThan(0);
    const label = catalog.label.fields[0]!;
    expect(create!.changes[label]).toEqual({ old: null, new: create!.changes[label]!.new });
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|Cemento y arena/);
  });

  it.runIf(testCase.useIt)('refuses to delete a record others use (409 naming them) and deletes it once free', async () => {
    const message = await testCase.useIt!(ctx(), first);
    const res = await admin.del(`${API}${resource}/${String(first.id)}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message });
    expect((await admin.get(`${API}${resource}/${String(first.id)}`)).statusCode).toBe(200);
  });

  it('deletes a free record (204), then 404 in Spanish; the deletion is in its history', async () => {
    const res = await admin.del(`${API}${resource}/${String(second.id)}`);
    expect(res.statusCode, res.body).toBe(204);
    const gone = await admin.get(`${API}${resource}/${String(second.id)}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(notFoundMessage(catalog.nouns));
    const history = (await admin.get(`${API}${resource}/${String(second.id)}/history`)).json() as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['delete', 'create']);
    expect((await admin.del(`${API}${resource}/${String(second.id)}`)).statusCode).toBe(404);
  });

  it('answers 403 for each missing flag', async () => {
    const one = `${API}${resource}/${String(first.id)}`;
    for (const url of [`${API}${resource}`, one, `${one}/history`, `${API}${resource}/export?format=csv`, `${API}${resource}/options`]) {
      const res = await restricted.none.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(MESSAGES.forbidden);
    }
    expect((await restricted.none.post(`${API}${resource}`, {})).statusCode).toBe(403);
    expect((await restricted.none.patch(one, {})).statusCode).toBe(403);
    expect((await restricted.none.del(one)).statusCode).toBe(403);

    expect((await restricted.create.get(`${API}${resource}`)).statusCode).toBe(200);
    expect((await restricted.create.post(`${API}${resource}`, {})).statusCode).toBe(403);
    expect((await restricted.edit.patch(one, { version: 1 })).statusCode).toBe(403);
    expect((await restricted.delete.del(one)).statusCode).toBe(403);
    // A flag that is present lets the request through to validation.
    expect((await restricted.delete.post(`${API}${resource}`, {})).statusCode).toBe(400);
  });
});
