import { and, eq, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, f, MESSAGES, WORKFLOW_MESSAGES } from '@goc/contracts';
import { auditLog, materials, orderStatuses, recordTimeline, users, works } from '../../src/db/schema';
import { registerResourceRoutes } from '../../src/lib/crud/routes';
import type { ResourceBinding } from '../../src/lib/crud/types';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, firstId, listUrl, type Api, type Row } from '../catalogs/support';

/*
 * A test resource that uses every part of the resource mechanism a business module needs: views that
 * scope rows per user, child lines written with the parent, a computed column, a gapless sequence, a
 * declared workflow with its permissions and timeline, and per-row guards. It lives only here, on its
 * own tables, so the mechanism is proven independently of any module.
 */

const requests = pgTable('test_requests', {
  id: serial('id').primaryKey(),
  folio: text('folio').notNull(),
  workId: integer('work_id').notNull().references(() => works.id),
  requestedById: integer('requested_by_id').notNull().references(() => users.id),
  statusId: integer('status_id').notNull().references(() => orderStatuses.id),
  notes: text('notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

const requestLines = pgTable('test_request_lines', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id').notNull().references(() => requests.id),
  position: integer('position').notNull(),
  materialId: integer('material_id').notNull().references(() => materials.id),
  quantity: integer('quantity').notNull(),
  unitPrice: numeric('unit_price', { precision: 14, scale: 2 }),
});

const CREATE_TABLES = [
  sql`create table test_requests (
    id serial primary key,
    folio text not null unique,
    work_id integer not null references works(id),
    requested_by_id integer not null references users(id),
    status_id integer not null references order_statuses(id),
    notes text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  sql`create table test_request_lines (
    id serial primary key,
    request_id integer not null references test_requests(id),
    position integer not null,
    material_id integer not null references materials(id),
    quantity integer not null,
    unit_price numeric(14, 2)
  )`,
];

const ONLY_DRAFTS = 'Solo se modifica mientras está en borrador';

const declaration = defineResource({
  key: 'testRequests',
  resource: '/test-requests',
  module: 'my_orders',
  nouns: { singular: 'solicitud', plural: 'solicitudes', article: 'la' },
  fields: {
    folio: f.text({ label: 'Folio', readOnly: true }),
    workId: f.reference({ label: 'Obra', target: 'works', displayKey: 'work', required: true }),
    requestedById: f.reference({ label: 'Solicitante', target: 'users', displayKey: 'requestedBy', readOnly: true }),
    statusId: f.status({ label: 'Estatus', target: 'orderStatuses', displayKey: 'status' }),
    notes: f.textarea({ label: 'Notas', maxLength: 500 }),
    lines: f.lines({
      label: 'Partidas',
      nouns: { singular: 'partida', plural: 'partidas', article: 'la' },
      min: 1,
      max: 20,
      fields: {
        materialId: f.reference({ label: 'Material', target: 'materials', displayKey: 'material', required: true }),
        quantity: f.number({ label: 'Cantidad', integer: true, min: 1, max: 100_000, required: true }),
        unitPrice: f.money({ label: 'Precio unitario' }),
        amount: f.money({ label: 'Importe', readOnly: true }),
      },
    }),
    total: f.money({ label: 'Total', readOnly: true }),
  },
  label: { fields: ['folio'] },
  defaultSort: 'folio',
  views: { mine: { label: 'Mías', module: 'my_orders' }, all: { label: 'Todas', module: 'history' } },
  guards: {
    edit: (row) => (row.status?.code === 'borrador' ? null : ONLY_DRAFTS),
    delete: (row) => (row.status?.code === 'borrador' ? null : ONLY_DRAFTS),
  },
  workflow: {
    statusField: 'statusId',
    statusKey: 'status',
    ownerField: 'requestedById',
    actions: [
      { to: 'enviado', label: 'Enviar', icon: 'pi pi-send', from: ['borrador'], permission: { module: 'my_orders', action: 'edit' }, ownerOnly: true },
      { to: 'autorizado', label: 'Autorizar', icon: 'pi pi-check', from: ['enviado'], permission: { module: 'history', action: 'edit' } },
      {
        to: 'cancelado',
        label: 'Cancelar',
        icon: 'pi pi-times',
        from: ['borrador', 'enviado'],
        permission: { module: 'my_orders', action: 'edit' },
        ownerOnly: true,
        commentRequired: true,
      },
    ],
  },
  extraFilters: { material: { label: 'Material', type: 'reference', target: 'materials' } },
});

const binding: ResourceBinding<typeof declaration> = {
  declaration,
  table: requests,
  computed: {
    total: sql`(select coalesce(sum(l.quantity * l.unit_price), 0) from test_request_lines l where l.request_id = ${requests.id})`,
  },
  lines: {
    lines: {
      table: requestLines,
      owner: requestLines.requestId,
      position: requestLines.position,
      computed: { amount: sql`(${requestLines.quantity} * ${requestLines.unitPrice})` },
    },
  },
  filters: { material: { lines: 'lines', field: 'materialId' } },
  views: { mine: (actor) => eq(requests.requestedById, actor.userId), all: () => undefined },
  sequences: { folio: { counter: 'test_requests', format: (n) => `TST-${String(n).padStart(6, '0')}` } },
  workflow: { statusTable: orderStatuses },
  hooks: {
    async beforeCreate({ tx, actor }) {
      const [draft] = await tx.select({ id: orderStatuses.id }).from(orderStatuses).where(eq(orderStatuses.code, 'borrador'));
      return { requestedById: actor.userId, statusId: draft?.id };
    },
  },
};

const URL = `${API}/test-requests`;

let t: TestApp;
let ana: Api; // requester
let beto: Api; // another requester
let compras: Api; // history view + edit
let lector: Api; // history view only
let anaId: number;
let workId: number;
let cement: number;
let sand: number;

const draft = (over: Record<string, unknown> = {}) => ({
  workId,
  notes: 'Para la losa',
  lines: [
    { materialId: cement, quantity: 3, unitPrice: 250.5 },
    { materialId: sand, quantity: 2, unitPrice: null },
  ],
  ...over,
});

async function createdBy(api: Api, body: unknown = draft()): Promise<Row> {
  const res = await api.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

beforeAll(async () => {
  t = await createTestApp({
    demoData: true,
    prepare: (app) => app.register(async (scope) => void registerResourceRoutes(scope, binding), { prefix: API }),
  });
  for (const statement of CREATE_TABLES) await t.db.execute(statement);
  const requester = await createRole(t.db, 'Residente de prueba', { my_orders: ['view', 'create', 'edit', 'delete'] });
  const purchaser = await createRole(t.db, 'Compras de prueba', { history: ['view', 'edit'] });
  const reader = await createRole(t.db, 'Lector de prueba', { history: ['view'] });
  const session = async (roleId: number) => {
    const user = await createUser(t.app, { roleId });
    return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
  };
  const a = await session(requester);
  anaId = a.id;
  ana = a.api;
  beto = (await session(requester)).api;
  compras = (await session(purchaser)).api;
  lector = (await session(reader)).api;
  const admin = apiFor(t.app, (await login(t.app)).token);
  workId = await firstId(admin, '/works');
  cement = await firstId(admin, '/materials', 0);
  sand = await firstId(admin, '/materials', 1);
});

afterAll(() => t.close());

describe('resource mechanism: create with lines, sequence and computed columns', () => {
  it('creates with the server-set columns, the folio, the lines and their computed amounts', async () => {
    const row = await createdBy(ana);
    expect(row).toMatchObject({
      folio: expect.stringMatching(/^TST-\d{6}$/),
      requestedById: anaId,
      status: { code: 'borrador', name: 'Borrador' },
      total: 751.5,
      version: 1,
    });
    const lines = row.lines as Row[];
    expect(lines.map((l) => [l.materialId, l.quantity, l.unitPrice, l.amount])).toEqual([
      [cement, 3, 250.5, 751.5],
      [sand, 2, null, null],
    ]);
    const [audit] = await t.db.select().from(auditLog).where(sql`${auditLog.entity} = 'testRequests' and ${auditLog.entityId} = ${row.id as number}`);
    expect(audit?.changes).toMatchObject({ lines: { old: null, new: [{ materialId: cement, quantity: 3 }, { materialId: sand, quantity: 2 }] } });
  });

  it('refuses bad lines with messages on the line field, and nothing is stored', async () => {
    const before = await t.db.$count(requests);
    const none = await ana.post(URL, draft({ lines: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.lines).toBe('Agrega al menos 1 partida');
    const badMaterial = await ana.post(URL, draft({ lines: [{ materialId: cement, quantity: 1 }, { materialId: 999_999, quantity: 1 }] }));
    expect(badMaterial.statusCode).toBe(400);
    expect(Object.keys(badMaterial.json().fields)).toEqual(['lines.1.materialId']);
    const badQuantity = await ana.post(URL, draft({ lines: [{ materialId: cement, quantity: 0 }] }));
    expect(badQuantity.statusCode).toBe(400);
    expect(Object.keys(badQuantity.json().fields)).toEqual(['lines.0.quantity']);
    expect(await t.db.$count(requests)).toBe(before);
  });

  it('gives 30 concurrent creates distinct, consecutive folios', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? ana : beto).post(URL, draft())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const numbers = results.map((r) => Number(String(r.json().folio).slice(4))).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => first + i));
  });

  it('filters and sorts by the computed total and filters through the lines', async () => {
    const cheap = await createdBy(ana, draft({ lines: [{ materialId: sand, quantity: 1, unitPrice: 1 }] }));
    const res = await ana.get(listUrl('/test-requests', { sort: [{ field: 'total', order: 'asc' }], filters: { total: { operator: 'and', constraints: [{ value: 1, matchMode: 'equals' }] } } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((r: Row) => r.id)).toEqual([cheap.id]);
    const withCement = await ana.get(listUrl('/test-requests', { pageSize: 100, filters: { material: { operator: 'and', constraints: [{ value: cement, matchMode: 'equals' }] } } }));
    expect(withCement.json().items.length).toBeGreaterThan(0);
    expect(withCement.json().items.map((r: Row) => r.id)).not.toContain(cheap.id);
    const sorted = await ana.get(listUrl('/test-requests', { pageSize: 100, sort: [{ field: 'total', order: 'desc' }] }));
    const totals = sorted.json().items.map((r: Row) => r.total as number);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('exports the computed column', async () => {
    const res = await ana.get(listUrl('/test-requests', { format: 'xlsx', filters: { total: { operator: 'and', constraints: [{ value: 751.5, matchMode: 'equals' }] } } }, '/export'));
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const totalColumn = headers.indexOf('Total') + 1;
    expect(totalColumn).toBeGreaterThan(0);
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(totalColumn).value).toBe(751.5);
  });
});

describe('resource mechanism: scoping', () => {
  let others: Row;
  beforeAll(async () => {
    others = await createdBy(beto, draft({ notes: 'De Beto' }));
  });

  it('lists only the caller’s rows under `mine`, every row under `all`', async () => {
    const mine = await ana.get(listUrl('/test-requests', { pageSize: 100 }));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.every((r: Row) => r.requestedById === anaId)).toBe(true);
    const all = await compras.get(`${listUrl('/test-requests', { pageSize: 100 })}&scope=all`);
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((r: Row) => r.id)).toContain(others.id);
  });

  it('refuses a view the caller may not open (403) and an unknown view (400)', async () => {
    expect((await ana.get(`${URL}?scope=all`)).statusCode).toBe(403);
    expect((await compras.get(`${URL}?scope=mine`)).statusCode).toBe(403);
    const unknown = await ana.get(`${URL}?scope=todas`);
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 404 for another user’s row on every route, and leaks nothing through filters or exports', async () => {
    const id = others.id as number;
    const notFound = { statusCode: 404 };
    expect(await ana.get(`${URL}/${id}`)).toMatchObject(notFound);
    expect(await ana.get(`${URL}/${id}/history`)).toMatchObject(notFound);
    expect(await ana.patch(`${URL}/${id}`, { version: 1, notes: 'x' })).toMatchObject(notFound);
    expect(await ana.del(`${URL}/${id}`)).toMatchObject(notFound);
    expect(await ana.post(`${URL}/${id}/transitions`, { to: 'cancelado', version: 1, comment: 'x' })).toMatchObject(notFound);
    const byFolio = await ana.get(listUrl('/test-requests', { q: String(others.folio) }));
    expect(byFolio.json().total).toBe(0);
    const csv = await ana.get(listUrl('/test-requests', { format: 'csv', q: String(others.folio) }, '/export'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(String(others.folio));
    const [stored] = await t.db.select({ notes: requests.notes, version: requests.version }).from(requests).where(eq(requests.id, id));
    expect(stored).toEqual({ notes: 'De Beto', version: 1 });
  });

  it('lets a user with the `all` view read any row', async () => {
    const res = await lector.get(`${URL}/${others.id as number}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().timeline).toEqual([]);
  });
});

describe('resource mechanism: updates, guards and workflow actions', () => {
  it('replaces the lines as a whole on update, in one audited write', async () => {
    const row = await createdBy(ana);
    const res = await ana.patch(`${URL}/${row.id as number}`, { version: 1, lines: [{ materialId: sand, quantity: 10, unitPrice: 2 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, total: 20, lines: [{ materialId: sand, quantity: 10, amount: 20 }] });
    expect(await t.db.$count(requestLines, eq(requestLines.requestId, row.id as number))).toBe(1);
    const stale = await ana.patch(`${URL}/${row.id as number}`, { version: 1, notes: 'tarde' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.staleVersion);
  });

  it('moves through the declared actions with their permissions, comments and timeline', async () => {
    const row = await createdBy(ana);
    const id = row.id as number;
    const move = (api: Api, body: Record<string, unknown>) => api.post(`${URL}/${id}/transitions`, body);

    // Authorising a draft: compras holds the permission, but no action starts at borrador.
    const early = await move(compras, { to: 'autorizado', version: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(WORKFLOW_MESSAGES.notFrom('Borrador', 'Autorizado'));

    expect((await move(lector, { to: 'autorizado', version: 1 })).statusCode).toBe(403);
    const noComment = await move(ana, { to: 'cancelado', version: 1 });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().fields.comment).toBe(WORKFLOW_MESSAGES.commentRequired);

    const sent = await move(ana, { to: 'enviado', version: 1, comment: 'Urgente' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ version: 2, status: { code: 'enviado' } });

    const edit = await ana.patch(`${URL}/${id}`, { version: 2, notes: 'cambio' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ONLY_DRAFTS);
    expect((await ana.del(`${URL}/${id}`)).statusCode).toBe(409);

    const again = await move(ana, { to: 'enviado', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORKFLOW_MESSAGES.notFrom('Enviado', 'Enviado'));

    const [first, second] = await Promise.all([move(compras, { to: 'autorizado', version: 2 }), move(compras, { to: 'autorizado', version: 2 })]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);

    const detail = await ana.get(`${URL}/${id}`);
    expect(detail.json().timeline.map((e: Row) => [(e.from as Row | null)?.code ?? null, (e.to as Row).code, e.comment])).toEqual([
      ['borrador', 'enviado', 'Urgente'],
      ['enviado', 'autorizado', null],
    ]);
    expect(await t.db.$count(recordTimeline, and(eq(recordTimeline.entity, declaration.key), eq(recordTimeline.entityId, id)))).toBe(2);
    const history = (await ana.get(`${URL}/${id}/history`)).json() as Row[];
    expect(history[0]).toMatchObject({ action: 'transition', changes: { statusId: { old: expect.any(Number), new: expect.any(Number) } } });
  });

  it('keeps owner-only actions for the owner, even for a user who may see the row', async () => {
    const row = await createdBy(ana);
    const res = await compras.post(`${URL}/${row.id as number}/transitions`, { to: 'enviado', version: 1 });
    expect(res.statusCode).toBe(403);
  });
});
