import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, FIELD_MESSAGES, STOCK_MESSAGES, stockMoved } from '@goc/contracts';
import { auditLog, domainEvents, stockBalances, stockMovements } from '../../src/db/schema';
import { enterDelivery } from '../../src/modules/stock/service';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, listUrl, ORDER_DATE, type Api, type Row } from '../catalogs/support';
import { stockFixtures } from './fixtures';

/*
 * Almacén de obra through the HTTP API (docs/stock.md): existencias, kardex, salidas never below
 * zero (also under concurrency), transfers sent and received with losses, counts applied by `stock`
 * edit. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the concurrent requests
 * really run at once on separate connections).
 */

const TODAY = businessToday();

let t: TestApp;
let admin: Api;
let residente: Api; // stock view + create
let outsider: Api; // no stock flags
let fx: Awaited<ReturnType<typeof stockFixtures>>;
let deliveries = 0;

const work = (i: number) => fx.works[i]!.id;
const material = (i: number) => fx.materials[i]!.id;

/** An order's delivery entering the store (what the orders event does), priced per unit. */
async function delivered(workIndex: number, lines: [materialIndex: number, quantity: number, unitPrice: number][]) {
  deliveries += 1;
  return enterDelivery(t.db, {
    key: `test-delivery:${deliveries}`,
    orderId: 1000 + deliveries,
    workId: work(workIndex),
    date: TODAY,
    folio: `PED-T${deliveries}`,
    lines: lines.map(([m, quantity, unitPrice], lineId) => ({ lineId, materialId: material(m), quantity, unitPriceCents: unitPrice * 100 })),
  });
}

async function balance(workIndex: number, materialIndex: number) {
  const [row] = await t.db
    .select()
    .from(stockBalances)
    .where(and(eq(stockBalances.workId, work(workIndex)), eq(stockBalances.materialId, material(materialIndex))));
  return row ? { quantity: Number(row.quantity), value: Number(row.value), averageCost: Number(row.averageCost) } : null;
}

const consume = (api: Api, workIndex: number, lines: [materialIndex: number, quantity: number][], concept = 'Losa nivel 2') =>
  api.post(`${API}/stock/consumptions`, { workId: work(workIndex), date: TODAY, concept, receivedBy: 'Cuadrilla Pérez', lines: lines.map(([m, quantity]) => ({ materialId: material(m), quantity })) });

async function sessionWith(name: string, grants: Parameters<typeof createRole>[2]): Promise<Api> {
  const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
  return apiFor(t.app, (await login(t.app, user.username, user.password)).token);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = apiFor(t.app, (await login(t.app)).token);
  residente = await sessionWith('Residente de almacén', { stock: ['view', 'create'] });
  outsider = await sessionWith('Sin almacén', { works: ['view'] });
  // 0, 1: en ejecución; 2: planeación; 3: terminada; 4: suspendida.
  fx = await stockFixtures(t.db, ['en_ejecucion', 'en_ejecucion', 'planeacion', 'terminada', 'suspendida'], ['Cemento gris', 'Varilla', 'Arena', 'Grava']);
});

afterAll(() => t.close());

describe('existencias and weighted average cost', () => {
  it('entries at their unit prices give the weighted average; a salida leaves at it', async () => {
    await delivered(0, [[0, 10, 100]]);
    await delivered(0, [[0, 10, 130]]);
    expect(await balance(0, 0)).toEqual({ quantity: 20, value: 2300, averageCost: 115 });

    const res = await consume(residente, 0, [[0, 5]]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { lines: Row[]; concept: string; work: { id: number } };
    expect(body.lines).toEqual([expect.objectContaining({ materialId: material(0), quantity: 5, unitCost: 115, amount: 575, balance: 15 })]);
    expect(await balance(0, 0)).toEqual({ quantity: 15, value: 1725, averageCost: 115 });
  });

  it('lists existencias with the list protocol, filtered by work and material, and exports them', async () => {
    const url = listUrl('/stock', { filters: { workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: work(0) }] } } });
    const res = await residente.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: Row[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ workId: work(0), materialId: material(0), quantity: 15, averageCost: 115, value: 1725, material: { id: material(0) } });

    const exported = await residente.get(listUrl('/stock', { format: 'csv' }, '/export'));
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(fx.materials[0]!.name);

    expect((await outsider.get(url)).statusCode).toBe(403);
    // Its filters and forms pick works, materials and units without their catalogues' pages.
    for (const picker of ['works', 'materials', 'units']) expect((await residente.get(`${API}/${picker}/options`)).statusCode, picker).toBe(200);
  });

  it('the kardex shows each movement with the balance after it, oldest first', async () => {
    const res = await residente.get(`${API}/stock/kardex?workId=${work(0)}&materialId=${material(0)}`);
    expect(res.statusCode, res.body).toBe(200);
    const kardex = res.json() as { items: Row[]; quantity: number; value: number; unit: string; total: number };
    expect(kardex).toMatchObject({ quantity: 15, value: 1725, unit: fx.unit, total: 3 });
    expect(kardex.items.map((m) => [m.kind, m.quantity, m.balance, m.balanceValue])).toEqual([
      ['entrada', 10, 10, 1000],
      ['entrada', 10, 20, 2300],
      ['consumo', -5, 15, 1725],
    ]);
    expect(kardex.items[2]).toMatchObject({ concept: 'Losa nivel 2', amount: -575, unitCost: 115 });
    expect((await residente.get(`${API}/stock/kardex?workId=${work(0)}&materialId=999999`)).statusCode).toBe(404);
  });

  it('suggests the concepts already used at the work', async () => {
    const res = await residente.get(`${API}/stock/concepts?workId=${work(0)}`);
    expect(res.json()).toEqual(['Losa nivel 2']);
  });
});

describe('salidas', () => {
  it('never go below zero: 409 naming what the work holds, and nothing is written', async () => {
    const before = await t.db.$count(stockMovements);
    const res = await consume(residente, 0, [[0, 16]]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`Solo hay 15 ${fx.unit} de ${fx.materials[0]!.name} en la obra`);
    // A second line that fits is rolled back with the refused one.
    const mixed = await consume(residente, 0, [[0, 1], [1, 1]]);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(`Solo hay 0 ${fx.unit} de ${fx.materials[1]!.name} en la obra`);
    expect(await t.db.$count(stockMovements)).toBe(before);
    expect(await balance(0, 0)).toMatchObject({ quantity: 15 });
  });

  it('refuses bad input with Spanish field messages', async () => {
    const res = await residente.post(`${API}/stock/consumptions`, {
      workId: work(0),
      date: '2026-02-30',
      concept: '  ',
      lines: [
        { materialId: material(0), quantity: 1.2345 },
        { materialId: material(0), quantity: 0 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      date: FIELD_MESSAGES.date,
      concept: STOCK_MESSAGES.conceptRequired,
      'lines.0.quantity': FIELD_MESSAGES.decimals(3),
      'lines.1.quantity': FIELD_MESSAGES.positive,
      'lines.1.materialId': STOCK_MESSAGES.repeatedMaterial,
    });
    const empty = await residente.post(`${API}/stock/consumptions`, { workId: work(0), date: TODAY, concept: 'x', lines: [] });
    expect(empty.json().fields).toMatchObject({ lines: STOCK_MESSAGES.linesRequired });
    const unknown = await residente.post(`${API}/stock/consumptions`, { workId: work(0), date: TODAY, concept: 'x', lines: [{ materialId: 999999, quantity: 1 }] });
    expect(unknown.json().fields).toMatchObject({ 'lines.0.materialId': STOCK_MESSAGES.unknownMaterial });
  });

  it('a terminada work takes no movement', async () => {
    await delivered(3, [[0, 5, 100]]);
    const res = await consume(residente, 3, [[0, 1]]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`^La obra «[^»]*${fx.works[3]!.name}» está terminada: ya no registra movimientos de almacén$`));
  });

  it('concurrent salidas of the last units: exactly one wins', async () => {
    await delivered(1, [[2, 2, 50]]);
    const results = await Promise.all([consume(residente, 1, [[2, 2]]), consume(admin, 1, [[2, 2]])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(`Solo hay 0 ${fx.unit} de ${fx.materials[2]!.name} en la obra`);
    expect(await balance(1, 2)).toEqual({ quantity: 0, value: 0, averageCost: 0 });

    await delivered(1, [[2, 5, 10]]);
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => consume(i % 2 ? admin : residente, 1, [[2, 1]])));
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(many.filter((r) => r.statusCode === 409)).toHaveLength(1);
    expect(await balance(1, 2)).toEqual({ quantity: 0, value: 0, averageCost: 0 });
  });

  it('every movement publishes stock.moved about the work’s balance, offered to webhooks', async () => {
    const rows = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'stock.moved')).orderBy(domainEvents.id);
    const consumed = rows.map((r) => stockMoved.payload.parse(r.metadata)).filter((p) => p.kind === 'consumo' && p.workId === work(0));
    const [held] = await t.db.select({ id: stockBalances.id }).from(stockBalances).where(and(eq(stockBalances.workId, work(0)), eq(stockBalances.materialId, material(0))));
    expect(consumed[0]).toMatchObject({ balanceId: held!.id, materialId: material(0), quantity: '-5.000', amount: '-575.00', balance: '15.000', transferId: null });
    expect(rows.every((r) => r.resource === 'stockBalances')).toBe(true);
    const catalog = (await admin.get(`${API}/webhooks/events`)).json() as { items: { name: string; label: string }[] };
    expect(catalog.items).toContainEqual({ name: 'stock.moved', label: 'Existencias: movimiento registrado' });
  });

  it('every salida is audited', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'stockConsumptions'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ action: 'create' });
    expect(JSON.stringify(rows[0]!.changes)).toContain('Losa nivel 2');
  });
});

describe('deliveries', () => {
  it('a delivery recorded on an order enters its work at the line price, once however often the event comes', async () => {
    type Order = { id: number; version: number; folio: string; lines: { id: number }[]; status: { code: string } };
    const move = async (order: Order, body: Row) => {
      const res = await admin.post(`${API}/orders/${order.id}/transitions`, { version: order.version, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Order;
    };
    const created = await admin.post(`${API}/orders`, { workId: work(1), requiredDate: ORDER_DATE, lines: [{ materialId: material(3), quantity: 10, unitPrice: 20 }] });
    expect(created.statusCode, created.body).toBe(201);
    let order = created.json() as Order;
    order = await move(order, { to: 'enviado' });
    order = await move(order, { to: 'autorizado' });
    order = await move(order, { to: 'comprado', supplierId: fx.supplierId, prices: [{ lineId: order.lines[0]!.id, unitPrice: 25.5 }] });
    order = await move(order, { to: 'entregado_parcial', received: [{ lineId: order.lines[0]!.id, quantity: 4 }] });
    await t.app.events.drain();
    await t.app.events.drain();
    expect(await balance(1, 3)).toEqual({ quantity: 4, value: 102, averageCost: 25.5 });

    // The same delivery's event again (a redelivery): nothing more enters.
    const [event] = await t.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'orders.delivered'), eq(domainEvents.recordId, order.id)));
    await t.db.insert(domainEvents).values({ type: event!.type, resource: event!.resource, recordId: event!.recordId, actorId: event!.actorId, metadata: event!.metadata });
    await t.app.events.drain();
    expect(await balance(1, 3)).toEqual({ quantity: 4, value: 102, averageCost: 25.5 });

    await move(order, { to: 'entregado', received: [{ lineId: order.lines[0]!.id, quantity: 6 }] });
    await t.app.events.drain();
    expect(await balance(1, 3)).toEqual({ quantity: 10, value: 255, averageCost: 25.5 });
    const kardex = (await residente.get(`${API}/stock/kardex?workId=${work(1)}&materialId=${material(3)}`)).json() as { items: Row[] };
    expect(kardex.items.map((m) => [m.kind, m.quantity, m.balance, m.concept, m.reference])).toEqual([
      ['entrada', 4, 4, `Entrega del pedido ${order.folio}`, `Pedido ${order.id}`],
      ['entrada', 6, 10, `Entrega del pedido ${order.folio}`, `Pedido ${order.id}`],
    ]);
  });

  it('the same delivery entering twice adds nothing', async () => {
    const entry = { key: 'test-delivery:twice', orderId: 77, workId: work(2), date: TODAY, folio: 'PED-000077', lines: [{ lineId: 1, materialId: material(3), quantity: '4.000', unitPriceCents: 1250 }] };
    expect(await enterDelivery(t.db, entry)).toBe(1);
    expect(await enterDelivery(t.db, entry)).toBe(0);
    expect(await balance(2, 3)).toEqual({ quantity: 4, value: 50, averageCost: 12.5 });
  });
});

describe('traspasos', () => {
  type Transfer = { id: number; version: number; status: string; folio: string; lines: Row[]; lossReason: string | null };

  it('leave the origin at once and arrive en tránsito; a partial receipt records the loss with its reason', async () => {
    await delivered(0, [[1, 10, 80]]);
    const sent = await residente.post(`${API}/stock/transfers`, { fromWorkId: work(0), toWorkId: work(2), lines: [{ materialId: material(1), quantity: 6 }] });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = sent.json() as Transfer;
    expect(transfer).toMatchObject({ status: 'en_transito', folio: `TRA-${String(transfer.id).padStart(6, '0')}` });
    expect(transfer.lines).toEqual([expect.objectContaining({ materialId: material(1), quantity: 6, receivedQuantity: null, amount: 480 })]);
    expect(await balance(0, 1)).toEqual({ quantity: 4, value: 320, averageCost: 80 });
    expect(await balance(2, 1)).toBeNull();

    const listed = await residente.get(`${API}/stock/transfers?workId=${work(2)}&status=en_transito`);
    expect((listed.json() as Transfer[]).map((x) => x.id)).toEqual([transfer.id]);

    const receive = (body: Row) => residente.post(`${API}/stock/transfers/${transfer.id}/receive`, { version: transfer.version, ...body });
    const noReason = await receive({ lines: [{ materialId: material(1), quantity: 5 }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ lossReason: STOCK_MESSAGES.lossReasonRequired });
    const over = await receive({ lines: [{ materialId: material(1), quantity: 7 }] });
    expect(over.json().fields).toEqual({ 'lines.0.quantity': STOCK_MESSAGES.overReceipt('6', '7') });
    const foreign = await receive({ lines: [{ materialId: material(0), quantity: 1 }] });
    expect(foreign.json().fields).toEqual({ 'lines.0.materialId': STOCK_MESSAGES.unknownTransferMaterial });

    const received = await receive({ lines: [{ materialId: material(1), quantity: 5 }], lossReason: 'Una varilla llegó doblada' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'recibido', lossReason: 'Una varilla llegó doblada', lines: [expect.objectContaining({ receivedQuantity: 5 })] });
    expect(await balance(2, 1)).toEqual({ quantity: 5, value: 400, averageCost: 80 });
    const kardex = await residente.get(`${API}/stock/kardex?workId=${work(2)}&materialId=${material(1)}`);
    expect((kardex.json() as { items: Row[] }).items.map((m) => [m.kind, m.quantity, m.balance, m.concept])).toEqual([
      ['traspaso_entrada', 6, 6, `${transfer.folio} de la obra de origen`],
      ['merma', -1, 5, 'Una varilla llegó doblada'],
    ]);

    const again = await receive({ lines: [{ materialId: material(1), quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STOCK_MESSAGES.transferReceived);
  });

  it('only between works in planeación or en ejecución, never to the same work, never beyond stock', async () => {
    const to = (toIndex: number, quantity = 1) => residente.post(`${API}/stock/transfers`, { fromWorkId: work(0), toWorkId: work(toIndex), lines: [{ materialId: material(1), quantity }] });
    for (const closed of [3, 4]) {
      const res = await to(closed);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/solo hay traspasos entre obras en planeación o en ejecución/);
    }
    const same = await to(0);
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual({ toWorkId: STOCK_MESSAGES.sameWork });
    const beyond = await to(1, 5);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe(`Solo hay 4 ${fx.unit} de ${fx.materials[1]!.name} en la obra`);
    expect(await balance(0, 1)).toMatchObject({ quantity: 4 });
  });
});

describe('inventario físico', () => {
  type Count = { id: number; version: number; status: string; lines: Row[] };

  it('a count waits for approval; applying it (stock edit only) turns each difference into an adjustment', async () => {
    // Work 1 holds 0 of Arena (material 2); work 0 holds 14 of Cemento gris after the tests above.
    const held = (await balance(0, 0))!.quantity;
    const created = await residente.post(`${API}/stock/counts`, {
      workId: work(0),
      date: TODAY,
      lines: [
        { materialId: material(0), countedQuantity: held - 2 },
        { materialId: material(1), countedQuantity: 4 },
        { materialId: material(3), countedQuantity: 3 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const count = created.json() as Count;
    expect(count.status).toBe('por_aprobar');
    expect(count.lines.map((l) => [l.expectedQuantity, l.countedQuantity, l.difference])).toEqual([
      [held, held - 2, -2],
      [4, 4, 0],
      [0, 3, 3],
    ]);

    // Whoever applies counts (stock edit: the administrator here) is told one waits, never the one who counted.
    await t.app.events.drain();
    const told = (await admin.get(`${API}/notifications`)).json() as { items: { type: string; title: string; body: string; link: string }[] };
    expect(told.items.filter((n) => n.type === 'stock_count')).toEqual([
      expect.objectContaining({ title: expect.stringMatching(/^Conteo de .+ por aprobar$/), body: '2 materiales con diferencia contra los libros', link: '/almacen' }),
    ]);
    const own = (await residente.get(`${API}/notifications`)).json() as { items: { type: string }[] };
    expect(own.items.filter((n) => n.type === 'stock_count')).toEqual([]);

    const apply = (api: Api, body: Row) => api.post(`${API}/stock/counts/${count.id}/apply`, { version: count.version, ...body });
    expect((await apply(residente, { reason: 'Conteo mensual' })).statusCode).toBe(403);
    const noReason = await apply(admin, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: STOCK_MESSAGES.adjustmentReasonRequired });

    const applied = await apply(admin, { reason: 'Conteo mensual' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'aplicado', reason: 'Conteo mensual' });
    expect(await balance(0, 0)).toMatchObject({ quantity: held - 2, averageCost: 115 });
    // Found where the work held none: it enters with no cost to carry over.
    expect(await balance(0, 3)).toEqual({ quantity: 3, value: 0, averageCost: 0 });
    const adjustments = await t.db.select().from(stockMovements).where(eq(stockMovements.countId, count.id));
    expect(adjustments.map((m) => [m.kind, Number(m.quantity), m.concept])).toEqual([
      ['ajuste', -2, 'Conteo mensual'],
      ['ajuste', 3, 'Conteo mensual'],
    ]);

    const again = await apply(admin, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STOCK_MESSAGES.countApplied);
    const listed = await residente.get(`${API}/stock/counts?workId=${work(0)}&status=aplicado`);
    expect((listed.json() as Count[]).map((c) => c.id)).toEqual([count.id]);
  });
});
