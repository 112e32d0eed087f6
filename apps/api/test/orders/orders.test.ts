import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addBusinessDays, businessToday, LINES_EXPORT_MESSAGE, MESSAGES, ORDER_MESSAGES, orderDelivered, WORKFLOW_MESSAGES, type OrderDelivered } from '@goc/contracts';
import { domainEvents, employees, materials, orderLines, orderStatuses, orders, projects, suppliers, units, users, works as worksTable } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, listAll, listUrl, optionsOf, parseCsv, type Api, type Row } from '../catalogs/support';
import { statementsOf } from '../helpers/statements';
import type { EventEnvelope } from '../../src/lib/events/typed';

/*
 * Pedidos through the HTTP API on a seeded database: what a requester and purchasing may do at each
 * status, what each answer carries and what is stored. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const URL = `${API}/orders`;

let t: TestApp;
let ana: Api; // requester
let beto: Api; // another requester
let compras: Api; // history view + edit
let comprasId: number;
let lector: Api; // history view only
let jefa: Api; // requester who also has history edit
let anaId: number;
let anaName: string;
let workId: number;
let otherWorkId: number;
let projectId: number;
let otherProjectId: number;
let cement: number;
let sand: number;
let supplierId: number;
/** What a typed subscriber of `orders.delivered` received, as a module subscribes to it. */
const deliveries: { payload: OrderDelivered; event: EventEnvelope }[] = [];

type Line = { id: number; materialId: number; quantity: number; unitId: number; unit: { label: string }; unitPrice: number | null; amount: number | null; receivedQuantity: number };
type Order = Row & { id: number; version: number; folio: string; lines: Line[]; total: number; status: { code: string; name: string } };

/** Three weeks ahead: orders are needed today or later (Mexico City). */
const LATER = addBusinessDays(businessToday(), 21);

const draft = (over: Record<string, unknown> = {}) => ({
  workId,
  requiredDate: LATER,
  notes: 'Para la losa del nivel 3',
  lines: [
    { materialId: cement, quantity: 0.105, unitPrice: 2.15 },
    { materialId: sand, quantity: 12.5, notes: 'Arena lavada' },
  ],
  ...over,
});

async function createdBy(api: Api, body: unknown = draft()): Promise<Order> {
  const res = await api.post(URL, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

const move = (api: Api, order: { id: number }, body: Record<string, unknown>) => api.post(`${URL}/${order.id}/transitions`, body);

async function moved(api: Api, order: { id: number }, body: Record<string, unknown>): Promise<Order> {
  const res = await move(api, order, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** An order of ana's moved to `code` through the workflow. */
async function orderAt(code: 'enviado' | 'autorizado' | 'comprado'): Promise<Order> {
  let order = await createdBy(ana);
  order = await moved(ana, order, { to: 'enviado', version: order.version });
  if (code === 'enviado') return order;
  order = await moved(compras, order, { to: 'autorizado', version: order.version });
  if (code === 'autorizado') return order;
  return moved(compras, order, { to: 'comprado', version: order.version, supplierId, prices: [{ lineId: order.lines[1]!.id, unitPrice: 450 }] });
}

beforeAll(async () => {
  t = await createTestApp({
    demoData: true,
    prepare: (app) =>
      app.register(async (instance) => {
        instance.events.on(orderDelivered, {
          name: 'pruebas.entregas',
          handle: async (payload, { event }) => {
            deliveries.push({ payload, event });
          },
        });
      }),
  });
  const requester = await createRole(t.db, 'Residente de pedidos', { my_orders: ['view', 'create', 'edit', 'delete'] });
  const purchaser = await createRole(t.db, 'Compras de pedidos', { history: ['view', 'edit'] });
  const reader = await createRole(t.db, 'Consulta de pedidos', { history: ['view'] });
  const both = await createRole(t.db, 'Jefa de obra', { my_orders: ['view', 'create', 'edit', 'delete'], history: ['view', 'edit'] });
  const session = async (roleId: number) => {
    const user = await createUser(t.app, { roleId });
    return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
  };
  // Ana is linked to an employee: people read her name, never her username.
  const [free] = await t.db
    .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, secondLastName: employees.secondLastName })
    .from(employees)
    .where(sql`not exists (select 1 from users u where u.employee_id = ${employees.id})`)
    .limit(1);
  anaName = [free!.firstName, free!.lastName, free!.secondLastName].filter(Boolean).join(' ');
  const anaUser = await createUser(t.app, { roleId: requester, employeeId: free!.id });
  const a = { id: anaUser.id, api: apiFor(t.app, (await login(t.app, anaUser.username, anaUser.password)).token) };
  anaId = a.id;
  ana = a.api;
  beto = (await session(requester)).api;
  ({ api: compras, id: comprasId } = await session(purchaser));
  lector = (await session(reader)).api;
  jefa = (await session(both)).api;
  // The works an order form offers: those in planeación or en ejecución.
  const works = (await ana.get(`${API}/works/options?limit=200&filter=planeacion,en_ejecucion`)).json().items as { value: number }[];
  workId = Number(works[0]!.value);
  otherWorkId = Number(works[1]!.value);
  const [manager] = await t.db.select({ id: users.id }).from(users).limit(1);
  const [p1, p2] = await t.db
    .insert(projects)
    .values([
      { code: 'PR-T1', name: 'Losas', workId, managerId: manager!.id },
      { code: 'PR-T2', name: 'Fachada', workId: otherWorkId, managerId: manager!.id },
    ])
    .returning();
  projectId = p1!.id;
  otherProjectId = p2!.id;
  const mats = await optionsOf(ana, '/materials');
  cement = Number(mats[0]!.value);
  sand = Number(mats[1]!.value);
  supplierId = Number((await optionsOf(compras, '/suppliers'))[0]!.value);
});

afterAll(() => t.close());

describe('creating an order', () => {
  it('offers the materials with their unit as the option detail, which the form shows before the server copies it', async () => {
    const options = await optionsOf(ana, '/materials');
    const stored = await t.db.select({ id: materials.id, unit: units.abbreviation }).from(materials).innerJoin(units, eq(units.id, materials.unitId));
    const unitOf = new Map(stored.map((m) => [m.id, m.unit]));
    expect(options.length).toBeGreaterThan(1);
    for (const option of options) expect(option.detail, option.label).toBe(unitOf.get(Number(option.value)));
  });

  it('offers each material’s reference price as the option amount (none for a material without one), where a line’s price starts', async () => {
    await t.db.update(materials).set({ referencePrice: '1234.50' }).where(eq(materials.id, cement));
    await t.db.update(materials).set({ referencePrice: null }).where(eq(materials.id, sand));
    const options = (await ana.get(`${API}/materials/options?ids=${cement},${sand}`)).json().items as { value: number; amount?: number }[];
    expect(options.find((o) => o.value === cement)?.amount).toBe(1234.5);
    expect(options.find((o) => o.value === sand)).not.toHaveProperty('amount');
  });

  it('answers 201 with the folio, borrador, the requester, each material’s unit, exact amounts and the total', async () => {
    const order = await createdBy(ana, draft({ projectId }));
    expect(order.folio).toMatch(/^PED-\d{6}$/);
    expect(order).toMatchObject({ workId, projectId, requestedById: anaId, requiredDate: LATER, supplierId: null, lineCount: 2, version: 1 });
    expect(order.status).toMatchObject({ code: 'borrador', name: 'Borrador' });
    const [cementRow] = await t.db.select({ unitId: materials.unitId }).from(materials).where(eq(materials.id, cement));
    expect(order.lines[0]).toMatchObject({ materialId: cement, quantity: 0.105, unitPrice: 2.15, amount: 0.23, unitId: cementRow!.unitId, receivedQuantity: 0 });
    expect(order.lines[1]).toMatchObject({ materialId: sand, quantity: 12.5, unitPrice: null, amount: null, notes: 'Arena lavada' });
    expect(order.total).toBe(0.23);

    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ folio: order.folio, total: '0.23', lineCount: 2, requestedById: anaId });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    expect(lines.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      ['0.105', '2.15', '0.23'],
      ['12.500', null, null],
    ]);
  });

  it('writes ten lines in one statement of one parameter, each with its own unit, notes and price, no status look-up of its own, and reads them back with the order', async () => {
    const given = Array.from({ length: 10 }, (_, i) => ({
      materialId: i % 2 === 0 ? cement : sand,
      quantity: i + 1,
      ...(i % 3 === 0 ? { notes: `Partida ${i + 1}` } : {}),
      ...(i % 4 === 0 ? { unitPrice: 10.5 } : {}),
    }));
    let res: Awaited<ReturnType<Api['post']>> | undefined;
    const seen = await statementsOf(t.database, async () => {
      res = await ana.post(URL, draft({ lines: given }));
    });
    expect(res?.statusCode, res?.body).toBe(201);
    const inserts = seen.filter((s) => s.text.startsWith('insert into "order_lines"'));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.params).toHaveLength(1);
    expect(seen.filter((s) => s.text.startsWith('select "id", "code", "name" from "order_statuses"'))).toEqual([]);
    // The work and the materials it points at are checked by one statement.
    const pointed = seen.filter((s) => s.text.includes('"materials"."id" in (') || s.text.includes('"works"."id" in ('));
    expect(pointed).toHaveLength(1);
    expect(pointed[0]!.text).toMatch(/from "works" .* union all .* from "materials"|from "materials" .* union all .* from "works"/);
    // The requester's name comes with the order, not from a statement of its own.
    expect(seen.filter((s) => s.text.startsWith('select "users"."id", "users"."username"'))).toEqual([]);
    // The order read back with its lines in one statement.
    expect(seen.filter((s) => s.text.startsWith('select "order_lines"'))).toEqual([]);
    if (t.database.kind === 'postgres') {
      // Statements built once, prepared under their names: the read-back and the work's status.
      const named = seen.flatMap((s) => (s.name ? [s.name] : []));
      expect(named).toEqual(expect.arrayContaining(['goc_find_orders', 'goc_order_work']));
    }

    const order = res!.json() as Order;
    expect(order.status).toMatchObject({ code: 'borrador' });
    expect(order.requestedBy).toMatchObject({ id: anaId, label: anaName });
    const unitOf = new Map((await t.db.select({ id: materials.id, unitId: materials.unitId }).from(materials).where(inArray(materials.id, [cement, sand]))).map((m) => [m.id, m.unitId]));
    const stored = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    expect(stored.map((l) => [l.position, l.materialId, l.unitId, l.quantity, l.notes, l.unitPrice])).toEqual(
      given.map((l, i) => [i, l.materialId, unitOf.get(l.materialId), `${l.quantity}.000`, l.notes ?? null, l.unitPrice === undefined ? null : '10.50']),
    );
    expect(order.lines.map((l) => [l.materialId, l.quantity, l.unitId, l.unitPrice, l.amount])).toEqual(
      given.map((l) => [l.materialId, l.quantity, unitOf.get(l.materialId), l.unitPrice ?? null, l.unitPrice === undefined ? null : Math.round(l.quantity * l.unitPrice * 100) / 100]),
    );
    // A record's lines come in its own statement, a page's in one of their own: both read alike.
    const detail = (await ana.get(`${URL}/${order.id}`)).json() as Order;
    const listed = (await ana.get(listUrl('/orders', { q: order.folio }))).json() as { items: Order[] };
    expect(listed.items).toHaveLength(1);
    expect(detail.lines).toEqual(listed.items[0]!.lines);
    expect(detail.lines).toEqual(order.lines);
  });

  it('starts the timeline with the creation', async () => {
    const order = await createdBy(ana);
    const detail = (await ana.get(`${URL}/${order.id}`)).json() as { timeline: Row[] };
    expect(detail.timeline).toHaveLength(1);
    expect(detail.timeline[0]).toMatchObject({ from: null, to: { code: 'borrador' }, comment: null });
  });

  it('refuses no lines, a quantity of 0, a project of another work and an inactive material, in Spanish', async () => {
    const empty = await ana.post(URL, draft({ lines: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ lines: 'Agrega al menos 1 partida' });

    const zero = await ana.post(URL, draft({ lines: [{ materialId: cement, quantity: 0 }] }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toEqual({ 'lines.0.quantity': 'Debe ser mayor que 0' });

    const precise = await ana.post(URL, draft({ lines: [{ materialId: cement, quantity: 1.0001 }] }));
    expect(precise.json().fields).toEqual({ 'lines.0.quantity': 'Admite como máximo 3 decimales' });

    const foreign = await ana.post(URL, draft({ projectId: otherProjectId }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ projectId: ORDER_MESSAGES.projectOutsideWork });

    const [inactive] = await t.db.insert(materials).values({ code: 'INACT-1', name: 'Material dado de baja', materialCategoryId: (await t.db.select().from(materials).limit(1))[0]!.materialCategoryId, unitId: (await t.db.select().from(materials).limit(1))[0]!.unitId, active: false }).returning();
    const res = await ana.post(URL, draft({ lines: [{ materialId: inactive!.id, quantity: 1 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'lines.0.materialId': 'El material seleccionado está inactivo' });
  });

  it('gives 50 concurrent creates distinct, consecutive folios', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? ana : beto).post(URL, draft())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => Number((r.json() as Order).folio.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[49]! - numbers[0]!).toBe(49);
  });

  it('needs my_orders create', async () => {
    expect((await compras.post(URL, draft())).statusCode).toBe(403);
  });
});

describe('scoping', () => {
  it('shows a requester only their orders: 404 on get, history and every write of another’s, absent from list and export', async () => {
    const others = await createdBy(beto);
    expect((await ana.get(`${URL}/${others.id}`)).statusCode).toBe(404);
    expect((await ana.get(`${URL}/${others.id}`)).json().message).toBe('No se encontró el pedido');
    expect((await ana.get(`${URL}/${others.id}/history`)).statusCode).toBe(404);
    expect((await ana.get(`${URL}/${others.id}/pdf`)).statusCode).toBe(404);
    expect((await ana.patch(`${URL}/${others.id}`, { version: 1, notes: 'x' })).statusCode).toBe(404);
    expect((await ana.del(`${URL}/${others.id}`)).statusCode).toBe(404);
    expect((await move(ana, others, { to: 'enviado', version: 1 })).statusCode).toBe(404);
    expect((await ana.post(`${URL}/${others.id}/duplicate`)).statusCode).toBe(404);

    const { rows } = await listAll(ana, '/orders');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.requestedById === anaId)).toBe(true);
    const byFolio = await ana.get(listUrl('/orders', { q: others.folio }));
    expect(byFolio.json().total).toBe(0);
    const csv = await ana.get(listUrl('/orders', { format: 'csv', q: others.folio }, '/export'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(others.folio);
  });

  it('lets history see every order with scope=all, and refuses views the user may not open', async () => {
    const others = await createdBy(beto);
    const all = await compras.get(`${listUrl('/orders', { q: others.folio })}&scope=all`);
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((r: Row) => r.folio)).toEqual([others.folio]);
    expect((await compras.get(`${URL}/${others.id}`)).statusCode).toBe(200);
    expect((await compras.get(URL)).statusCode).toBe(403);
    expect((await ana.get(`${URL}?scope=all`)).statusCode).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('lets the requester replace the lines of a draft, recomputing the total', async () => {
    const order = await createdBy(ana);
    const res = await ana.patch(`${URL}/${order.id}`, { version: order.version, lines: [{ materialId: sand, quantity: 3, unitPrice: 100.1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 300.3, lineCount: 1, version: 2 });
    expect(await t.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id))).toHaveLength(1);
  });

  it('refuses a stale version', async () => {
    const order = await createdBy(ana);
    await ana.patch(`${URL}/${order.id}`, { version: order.version, notes: 'primera' });
    const stale = await ana.patch(`${URL}/${order.id}`, { version: order.version, notes: 'segunda' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MESSAGES.staleVersion);
  });

  it('refuses editing or deleting once sent, and anyone but the requester, naming why', async () => {
    const sent = await orderAt('enviado');
    const edit = await ana.patch(`${URL}/${sent.id}`, { version: sent.version, notes: 'tarde' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('Solo se puede editar un pedido en borrador; este pedido está «Enviado»');
    const del = await ana.del(`${URL}/${sent.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Solo se puede eliminar un pedido en borrador; este pedido está «Enviado»');

    const anas = await createdBy(ana);
    const other = await jefa.patch(`${URL}/${anas.id}`, { version: anas.version, notes: 'ajeno' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('Solo quien hizo el pedido puede editarlo');
    expect((await jefa.del(`${URL}/${anas.id}`)).json().message).toBe('Solo quien hizo el pedido puede eliminarlo');
  });

  it('deletes a draft with its lines', async () => {
    const order = await createdBy(ana);
    expect((await ana.del(`${URL}/${order.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual([]);
  });
});

describe('workflow', () => {
  it('lets only the requester send, and records who, when and from → to', async () => {
    const order = await createdBy(ana);
    expect((await move(compras, order, { to: 'enviado', version: order.version })).statusCode).toBe(403);
    expect((await move(jefa, order, { to: 'enviado', version: order.version })).json().message).toBe(WORKFLOW_MESSAGES.ownerOnly('Solicitante'));
    const sent = await moved(ana, order, { to: 'enviado', version: order.version });
    expect(sent.status.code).toBe('enviado');
    const detail = (await compras.get(`${URL}/${order.id}`)).json() as { timeline: Row[] };
    expect(detail.timeline.at(-1)).toMatchObject({ from: { code: 'borrador' }, to: { code: 'enviado' }, user: { id: anaId } });
  });

  it('authorises and rejects only with history edit; rejecting needs a reason', async () => {
    const order = await orderAt('enviado');
    expect((await move(ana, order, { to: 'autorizado', version: order.version })).statusCode).toBe(403);
    expect((await move(lector, order, { to: 'autorizado', version: order.version })).statusCode).toBe(403);
    const noReason = await move(compras, order, { to: 'rechazado', version: order.version });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ comment: 'Escribe el motivo' });
    const rejected = await moved(compras, order, { to: 'rechazado', version: order.version, comment: 'Excede el presupuesto' });
    expect(rejected.status.code).toBe('rechazado');
    const again = await move(compras, rejected, { to: 'autorizado', version: rejected.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('No se puede pasar a «Autorizado» desde «Rechazado»');
    // The transition's event, written in its transaction; the refused ones wrote none.
    const events = await t.db.select().from(domainEvents).where(and(eq(domainEvents.resource, 'orders'), eq(domainEvents.recordId, order.id))).orderBy(domainEvents.id);
    expect(events.at(-1)).toMatchObject({
      type: 'record.transitioned',
      fromStatus: 'enviado',
      toStatus: 'rechazado',
      metadata: { comment: 'Excede el presupuesto' },
    });
    expect(events.filter((e) => e.toStatus === 'rechazado')).toHaveLength(1);
  });

  it('cancels: the requester while borrador or enviado, purchasing once sent, always with a reason', async () => {
    // A draft belongs to its requester: purchasing (with or without my_orders) cannot cancel another person's.
    const mine = await createdBy(ana);
    for (const other of [compras, jefa]) {
      const refused = await move(other, mine, { to: 'cancelado', version: mine.version, comment: 'No procede' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ORDER_MESSAGES.cancelDraftOfOther);
    }
    expect((await moved(ana, mine, { to: 'cancelado', version: mine.version, comment: 'Me equivoqué' })).status.code).toBe('cancelado');
    const own = await createdBy(jefa);
    expect((await moved(jefa, own, { to: 'cancelado', version: own.version, comment: 'Duplicado' })).status.code).toBe('cancelado');

    const sent = await orderAt('enviado');
    expect((await move(ana, sent, { to: 'cancelado', version: sent.version })).json().fields).toEqual({ comment: 'Escribe el motivo' });
    expect((await moved(ana, sent, { to: 'cancelado', version: sent.version, comment: 'Ya no se necesita' })).status.code).toBe('cancelado');

    const authorised = await orderAt('autorizado');
    const late = await move(ana, authorised, { to: 'cancelado', version: authorised.version, comment: 'Tarde' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('No se puede pasar a «Cancelado» desde «Autorizado»');
    expect((await moved(compras, authorised, { to: 'cancelado', version: authorised.version, comment: 'Proveedor sin existencia' })).status.code).toBe('cancelado');
  });

  it('buys only with a supplier and a price on every line, updating the total', async () => {
    const order = await orderAt('autorizado');
    const bare = await move(compras, order, { to: 'comprado', version: order.version });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ supplierId: ORDER_MESSAGES.supplierRequired, 'lines.1.unitPrice': ORDER_MESSAGES.priceRequired });
    const [inactive] = await t.db.insert(suppliers).values({ name: 'Proveedor inactivo de pruebas', rfc: 'PIP010101AB1', active: false }).returning();
    const stale = await move(compras, order, { to: 'comprado', version: order.version, supplierId: inactive!.id, prices: [{ lineId: order.lines[1]!.id, unitPrice: 1 }] });
    expect(stale.json().fields).toEqual({ supplierId: 'El proveedor seleccionado está inactivo' });

    const bought = await moved(compras, order, { to: 'comprado', version: order.version, supplierId, prices: [{ lineId: order.lines[1]!.id, unitPrice: 450.5 }] });
    expect(bought).toMatchObject({ supplierId, status: { code: 'comprado' } });
    expect(bought.lines[1]).toMatchObject({ unitPrice: 450.5, amount: 5631.25 });
    // 0.23 + 12.5 × 450.50
    expect(bought.total).toBe(5631.48);
    const [stored] = await t.db.select({ total: orders.total }).from(orders).where(eq(orders.id, order.id));
    expect(stored!.total).toBe('5631.48');
  });

  it('receives in deliveries: partial then complete from the cumulative quantities, refusing more than ordered', async () => {
    const order = await orderAt('comprado');
    const [cementLine, sandLine] = order.lines;
    expect((await move(ana, order, { to: 'entregado', version: order.version, received: [{ lineId: cementLine!.id, quantity: 0.105 }] })).statusCode).toBe(403);
    const missing = await move(compras, order, { to: 'entregado', version: order.version });
    expect(missing.json().fields).toEqual({ received: ORDER_MESSAGES.receivedRequired });

    // Asked as complete, but sand is still missing: the server corrects it to partial.
    const first = await moved(compras, order, { to: 'entregado', version: order.version, received: [{ lineId: cementLine!.id, quantity: 0.105 }, { lineId: sandLine!.id, quantity: 10 }] });
    expect(first.status.code).toBe('entregado_parcial');
    expect(first.lines.map((l) => l.receivedQuantity)).toEqual([0.105, 10]);

    const over = await move(compras, first, { to: 'entregado', version: first.version, received: [{ lineId: sandLine!.id, quantity: 2.501 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ 'received.0.quantity': `La cantidad recibida en total (12.501 ${sandLine!.unit.label}) supera la pedida (12.5 ${sandLine!.unit.label})` });
    const foreign = await move(compras, first, { to: 'entregado', version: first.version, received: [{ lineId: 999999, quantity: 1 }] });
    expect(foreign.json().fields).toEqual({ 'received.0.lineId': ORDER_MESSAGES.unknownLine });

    const second = await moved(compras, first, { to: 'entregado_parcial', version: first.version, received: [{ lineId: sandLine!.id, quantity: 2.5 }] });
    expect(second.status.code).toBe('entregado');
    const stored = await t.db.select({ received: orderLines.receivedQuantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    expect(stored.map((s) => s.received)).toEqual(['0.105', '12.500']);

    const detail = (await ana.get(`${URL}/${order.id}`)).json() as { timeline: { to: { code: string } }[] };
    expect(detail.timeline.map((e) => e.to.code)).toEqual(['borrador', 'enviado', 'autorizado', 'comprado', 'entregado_parcial', 'entregado']);
    const closed = await move(compras, second, { to: 'cancelado', version: second.version, comment: 'x' });
    expect(closed.statusCode).toBe(409);

    // Each delivery published `orders.delivered` with what arrived in it (the refused ones nothing),
    // and a typed subscriber got the payload parsed, beside the event's id and author.
    await t.app.events.drain();
    const cents = (price: number | null) => Math.round(price! * 100);
    const received = deliveries.filter((d) => d.payload.orderId === order.id);
    expect(received.map((d) => d.payload)).toEqual([
      {
        orderId: order.id,
        workId: order.workId,
        delivery: 1,
        lines: [
          { orderLineId: cementLine!.id, materialId: cementLine!.materialId, quantity: '0.105', unitPriceCents: cents(cementLine!.unitPrice) },
          { orderLineId: sandLine!.id, materialId: sandLine!.materialId, quantity: '10.000', unitPriceCents: cents(sandLine!.unitPrice) },
        ],
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        orderId: order.id,
        workId: order.workId,
        delivery: 2,
        lines: [{ orderLineId: sandLine!.id, materialId: sandLine!.materialId, quantity: '2.500', unitPriceCents: cents(sandLine!.unitPrice) }],
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(received.map((d) => d.event)).toEqual([
      expect.objectContaining({ resource: 'orders', recordId: order.id, actorId: comprasId }),
      expect.objectContaining({ resource: 'orders', recordId: order.id, actorId: comprasId }),
    ]);
    expect(received[0]!.event.id).toBeLessThan(received[1]!.event.id);
    const written = await t.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'orders.delivered'), eq(domainEvents.recordId, order.id))).orderBy(domainEvents.id);
    expect(written.map((e) => e.metadata)).toEqual(received.map((d) => d.payload));
  });

  it('lets exactly one of two racing transitions win', async () => {
    const order = await orderAt('enviado');
    const [a, b] = await Promise.all([
      move(compras, order, { to: 'autorizado', version: order.version }),
      move(compras, order, { to: 'rechazado', version: order.version, comment: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('shows a renamed status by its new name everywhere', async () => {
    const order = await orderAt('enviado');
    await t.db.update(orderStatuses).set({ name: 'En compras' }).where(eq(orderStatuses.code, 'enviado'));
    try {
      expect(((await ana.get(`${URL}/${order.id}`)).json() as Order).status.name).toBe('En compras');
      const row = (await ana.get(listUrl('/orders', { q: order.folio }))).json().items[0] as Order;
      expect(row.status.name).toBe('En compras');
    } finally {
      await t.db.update(orderStatuses).set({ name: 'Enviado' }).where(eq(orderStatuses.code, 'enviado'));
    }
  });
});

describe('lists, duplicate and PDF', () => {
  it('filters by material exactly like a scan of the stored lines', async () => {
    await createdBy(ana, draft({ lines: [{ materialId: sand, quantity: 1 }] }));
    const res = await compras.get(`${listUrl('/orders', { pageSize: 100, filters: { materialId: { operator: 'and', constraints: [{ value: sand, matchMode: 'equals' }] } } })}&scope=all`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: Order[]; total: number };
    const withSand = await t.db.selectDistinct({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.materialId, sand));
    expect(body.total).toBe(withSand.length);
    const sandOrders = new Set(withSand.map((r) => r.orderId));
    expect(body.items.every((o) => sandOrders.has(o.id))).toBe(true);
  });

  it('sorts by total and exports exactly the filtered rows', async () => {
    const res = await compras.get(`${listUrl('/orders', { pageSize: 5, sort: [{ field: 'total', order: 'desc' }] })}&scope=all`);
    const totals = (res.json().items as Order[]).map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const mine = await listAll(ana, '/orders');
    const csv = await ana.get(listUrl('/orders', { format: 'csv' }, '/export'));
    const folios = csv.body.split('\n').slice(1).filter((l) => l.trim() !== '').map((l) => l.split(',')[0]);
    expect(folios).toEqual(mine.rows.map((r) => r.folio));
  });

  it('exports one row per line with lines=1 (CSV and XLSX): exactly the filtered orders, in the list’s order', async () => {
    const bought = await orderAt('comprado');
    await moved(compras, bought, { to: 'entregado_parcial', version: bought.version, received: [{ lineId: bought.lines[1]!.id, quantity: 5 }] });
    await createdBy(ana, draft({ lines: [{ materialId: sand, quantity: 3, unitPrice: 10 }] }));
    const query = { sort: [{ field: 'total', order: 'desc' as const }], filters: { materialId: { operator: 'and' as const, constraints: [{ value: sand, matchMode: 'equals' as const }] } } };
    const listed = (await listAll(ana, '/orders', query)).rows as Order[];
    const stored = new Map((await t.db.select().from(orderLines).where(inArray(orderLines.orderId, listed.map((o) => o.id)))).map((l) => [l.id, l]));
    const expected = listed.flatMap((o) => o.lines.map((l) => [o.folio, String(l.quantity), l.unit.label, l.amount === null ? '' : l.amount.toFixed(2), String(Number(stored.get(l.id)!.receivedQuantity))]));
    expect(expected.some(([, , , , received]) => received === '5')).toBe(true);

    const url = `${listUrl('/orders', { ...query, format: 'csv' }, '/export')}&scope=mine&lines=1`;
    const csv = await ana.get(url);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="pedidos-partidas-\d{4}-\d{2}-\d{2}\.csv"/);
    const [headers, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    for (const h of ['Folio', 'Total', 'Material', 'Cantidad', 'Unidad', 'Precio unitario', 'Importe', 'Recibido', 'Notas', 'Notas (partida)']) expect(headers).toContain(h);
    const at = (name: string) => headers!.indexOf(name);
    const pick = (row: string[]) => [row[at('Folio')], row[at('Cantidad')], row[at('Unidad')], row[at('Importe')], row[at('Recibido')]];
    expect(rows.map(pick)).toEqual(expected);
    const materialLabels = listed.flatMap((o) => o.lines.map((l) => (l as Line & { material: { label: string } }).material.label));
    expect(rows.map((r) => r[at('Material')])).toEqual(materialLabels);
    expect(materialLabels[0]).toMatch(/ · /);

    const xlsx = await ana.get(url.replace('format=csv', 'format=xlsx'));
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells = (n: number) => [at('Folio'), at('Cantidad'), at('Unidad'), at('Importe'), at('Recibido')].map((i) => sheet.getRow(n).getCell(i + 1).value);
    expect(sheet.rowCount).toBe(expected.length + 1);
    expect(Array.from({ length: expected.length }, (_, i) => cells(i + 2))).toEqual(
      expected.map(([folio, quantity, unit, amount, received]) => [folio, Number(quantity), unit, amount === '' ? null : Number(amount), Number(received)]),
    );

    const perOrder = await ana.get(url.replace('&lines=1', '&lines=0'));
    expect(parseCsv(perOrder.body).length - 1).toBe(listed.length);
    const bad = await ana.get(url.replace('lines=1', 'lines=si'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ lines: LINES_EXPORT_MESSAGE });
  });

  it('duplicates an order as a new draft of the caller, needed on its date while still ahead', async () => {
    const sent = await orderAt('enviado');
    const res = await ana.post(`${URL}/${sent.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as Order;
    expect(copy.folio).not.toBe(sent.folio);
    expect(copy).toMatchObject({ workId: sent.workId, projectId: sent.projectId, requestedById: anaId, requiredDate: LATER, status: { code: 'borrador' } });
    expect(copy.lines.map((l) => [l.materialId, l.quantity])).toEqual(sent.lines.map((l) => [l.materialId, l.quantity]));
    expect((await compras.post(`${URL}/${sent.id}/duplicate`)).statusCode).toBe(403);
  });

  it('prints an order as a PDF', async () => {
    const order = await createdBy(ana);
    const res = await ana.get(`${URL}/${order.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.folio}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await lector.get(`${URL}/${order.id}/pdf`)).statusCode).toBe(200);
  });
});

describe('stored consistency', () => {
  it('keeps every order’s stored total equal to the sum of its lines’ amounts', async () => {
    const ids = (await t.db.select({ id: orders.id }).from(orders)).map((r) => r.id);
    const lines = await t.db.select({ orderId: orderLines.orderId, amount: orderLines.amount }).from(orderLines).where(inArray(orderLines.orderId, ids));
    const sums = new Map<number, number>();
    for (const l of lines) sums.set(l.orderId, (sums.get(l.orderId) ?? 0) + Math.round(Number(l.amount ?? 0) * 100));
    const stored = await t.db.select({ id: orders.id, total: orders.total, lineCount: orders.lineCount }).from(orders).where(and(inArray(orders.id, ids)));
    for (const o of stored) expect(Math.round(Number(o.total) * 100), `pedido ${o.id}`).toBe(sums.get(o.id) ?? 0);
  });
});

describe('what an order may be for (work, project, date)', () => {
  const refusal = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() as { message: string; fields?: Record<string, string> } });

  async function workInStatus(status: 'terminada' | 'suspendida' | 'planeacion'): Promise<{ id: number; name: string }> {
    const [work] = await t.db.select({ id: worksTable.id, name: worksTable.name }).from(worksTable).where(eq(worksTable.status, status)).limit(1);
    if (work) return work;
    const [made] = await t.db.update(worksTable).set({ status }).where(eq(worksTable.id, otherWorkId)).returning({ id: worksTable.id, name: worksTable.name });
    return made!;
  }

  it('offers only works in planeación or en ejecución and projects not finished, and refuses an undeclared filter', async () => {
    const offered = (await ana.get(`${API}/works/options?limit=200&filter=planeacion,en_ejecucion`)).json().items as { value: number }[];
    const statuses = await t.db.select({ id: worksTable.id, status: worksTable.status }).from(worksTable).where(inArray(worksTable.id, offered.map((o) => o.value)));
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['planeacion', 'en_ejecucion'].filter((s) => statuses.some((w) => w.status === s))));
    const all = await optionsOf(ana, '/works');
    expect(all.length).toBeGreaterThan(offered.length);
    const bad = await ana.get(`${API}/works/options?filter=cerrada`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ filter: '«cerrada» no es un valor válido para el filtro de opciones' });
    const undeclared = await ana.get(`${API}/materials/options?filter=x`);
    expect(undeclared.json().fields).toEqual({ filter: 'Este catálogo no admite filtro de opciones' });
  });

  it('refuses creating or editing an order for a finished or suspended work, naming it; a running one is accepted', async () => {
    const finished = await workInStatus('terminada');
    const res = refusal(await ana.post(URL, draft({ workId: finished.id })));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ workId: `La obra «${finished.name}» está terminada: solo se piden materiales para obras en planeación o en ejecución` });
    const suspended = await workInStatus('suspendida');
    expect(refusal(await ana.post(URL, draft({ workId: suspended.id }))).body.fields).toEqual({
      workId: `La obra «${suspended.name}» está suspendida: solo se piden materiales para obras en planeación o en ejecución`,
    });
    const order = await createdBy(ana);
    const moved = refusal(await ana.patch(`${URL}/${order.id}`, { version: order.version, workId: finished.id }));
    expect(moved.status).toBe(400);
    expect(moved.body.fields?.workId).toBe(ORDER_MESSAGES.workNotOrderable(finished.name, 'terminada'));
  });

  it('refuses a finished project; an open one is accepted', async () => {
    await t.db.update(projects).set({ status: 'terminado' }).where(eq(projects.id, projectId));
    try {
      const res = refusal(await ana.post(URL, draft({ projectId })));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ projectId: 'El proyecto «Losas» está terminado: ya no se le piden materiales' });
    } finally {
      await t.db.update(projects).set({ status: 'activo' }).where(eq(projects.id, projectId));
    }
    expect((await createdBy(ana, draft({ projectId }))).projectId).toBe(projectId);
  });

  it('refuses a required date before today on create, edit and send; today is accepted', async () => {
    const today = businessToday();
    const yesterday = addBusinessDays(today, -1);
    const message = `La fecha requerida no puede ser anterior a hoy (${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)})`;
    const created = refusal(await ana.post(URL, draft({ requiredDate: yesterday })));
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual({ requiredDate: message });
    const order = await createdBy(ana, draft({ requiredDate: today }));
    const edited = refusal(await ana.patch(`${URL}/${order.id}`, { version: order.version, requiredDate: yesterday }));
    expect(edited.body.fields).toEqual({ requiredDate: message });
    // A draft written earlier whose date has passed since: sending it is refused until the date is fixed.
    await t.db.update(orders).set({ requiredDate: yesterday }).where(eq(orders.id, order.id));
    const sent = refusal(await move(ana, order, { to: 'enviado', version: order.version }));
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe(message);
    const fixed = (await ana.patch(`${URL}/${order.id}`, { version: order.version, requiredDate: LATER })).json() as Order;
    expect((await moved(ana, fixed, { to: 'enviado', version: fixed.version })).status.code).toBe('enviado');
  });

  it('refuses sending a draft whose work closed since, and a duplicate of it asks for another work; past dates become today', async () => {
    const order = await createdBy(ana, draft({ workId: otherWorkId }));
    const [work] = await t.db.update(worksTable).set({ status: 'terminada' }).where(eq(worksTable.id, otherWorkId)).returning({ name: worksTable.name });
    try {
      const sent = refusal(await move(ana, order, { to: 'enviado', version: order.version }));
      expect(sent.status).toBe(409);
      expect(sent.body.message).toBe(ORDER_MESSAGES.workNotOrderable(work!.name, 'terminada'));
      const copy = refusal(await ana.post(`${URL}/${order.id}/duplicate`));
      expect(copy.status).toBe(409);
      expect(copy.body).toMatchObject({ message: `La obra «${work!.name}» ya no recibe pedidos: elige otra obra para el duplicado`, fields: { workId: ORDER_MESSAGES.duplicateNeedsWork(work!.name) } });
    } finally {
      await t.db.update(worksTable).set({ status: 'en_ejecucion' }).where(eq(worksTable.id, otherWorkId));
    }
    await t.db.update(orders).set({ requiredDate: '2020-01-15' }).where(eq(orders.id, order.id));
    const copy = (await ana.post(`${URL}/${order.id}/duplicate`)).json() as Order;
    expect(copy.requiredDate).toBe(businessToday());
  });
});

describe('people and history in words', () => {
  it('shows the requester by the linked employee’s name in the detail, the list and the history', async () => {
    const order = await createdBy(ana);
    expect(((await ana.get(`${URL}/${order.id}`)).json() as Order).requestedBy).toEqual({ id: anaId, label: anaName });
    const listed = (await compras.get(`${URL}?scope=all&pageSize=100&sort=-createdAt`)).json().items as Order[];
    expect(listed.find((o) => o.id === order.id)?.requestedBy).toEqual({ id: anaId, label: anaName });
    const [created] = (await ana.get(`${URL}/${order.id}/history`)).json() as { user: { name: string }; labels: Record<string, Record<string, string>> }[];
    expect(created!.user.name).toBe(anaName);
    expect(created!.labels.users).toEqual({ [String(anaId)]: anaName });
  });

  it('names every reference an entry mentions, lines included, and keeps each delivery as the lines’ received quantities', async () => {
    const order = await orderAt('comprado');
    const [cementLine, sandLine] = order.lines;
    await moved(compras, order, { to: 'entregado_parcial', version: order.version, received: [{ lineId: sandLine!.id, quantity: 6 }] });
    const history = (await compras.get(`${URL}/${order.id}/history`)).json() as { action: string; changes: Record<string, { old: unknown; new: unknown }>; labels: Record<string, Record<string, string>> }[];
    const [delivery, purchase] = history;
    expect(delivery!.action).toBe('transition');
    expect(Object.keys(delivery!.changes).sort()).toEqual(['lines', 'statusId']);
    const lines = delivery!.changes.lines as { old: { receivedQuantity: number }[]; new: { receivedQuantity: number; materialId: number }[] };
    expect(lines.new.map((l) => l.receivedQuantity)).toEqual([0, 6]);
    const materialLabels = await optionsOf(ana, '/materials');
    expect(delivery!.labels.materials).toEqual({
      [String(cement)]: materialLabels.find((m) => m.value === cement)!.label,
      [String(sand)]: materialLabels.find((m) => m.value === sand)!.label,
    });
    expect(Object.values(delivery!.labels.orderStatuses ?? {}).sort()).toEqual(['Comprado', 'Entregado parcial']);
    expect(Object.keys(delivery!.labels.units ?? {})).toEqual(expect.arrayContaining([String(cementLine!.unitId), String(sandLine!.unitId)]));
    expect(purchase!.labels.suppliers).toEqual({ [String(supplierId)]: (await optionsOf(compras, '/suppliers'))[0]!.label });
  });

  it('carries the comment typed when sending with the entry of that status change, as the timeline shows it', async () => {
    const order = await createdBy(ana);
    const sent = await moved(ana, order, { to: 'enviado', version: order.version, comment: 'Urge para el colado del viernes' });
    const history = (await ana.get(`${URL}/${order.id}/history`)).json() as { action: string; comment: string | null }[];
    expect(history.map((e) => [e.action, e.comment])).toEqual([
      ['transition', 'Urge para el colado del viernes'],
      ['create', null],
    ]);
    const detail = (await ana.get(`${URL}/${sent.id}`)).json() as { timeline: { comment: string | null }[] };
    expect(detail.timeline.map((e) => e.comment)).toEqual([null, 'Urge para el colado del viernes']);
  });
});
