import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES, type NotificationItem } from '@goc/contracts';
import { auditLog, categories, companies, projects, users, works } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, ORDER_DATE, type Api, type Row } from '../catalogs/support';
import { ofType } from '../notifications/support';

/*
 * Approval requests (docs/orders.md): what a sent order needs from Dirección before Autorizar, the
 * request Compras sends with a comment (audited, in the timeline and the history), who hears it, the
 * over-budget orders among Pedidos por aprobar, and purchasing told of Dirección's decision. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const URL = `${API}/orders`;

let t: TestApp;
let admin: Api;
let residente: Person; // my_orders
let compras: Person; // history view + edit
let compras2: Person; // history view + edit
let direccion: Person; // history view + edit, orders_approval view + edit
let lector: Person; // history view
let material: number;
let limitedWork: number; // its company's approval limit: $1,000,000.00
let freeWork: number; // no limit
let project: number; // «Cimbra», budget $100,000.00, on freeWork

interface Person {
  id: number;
  api: Api;
}
type Order = Row & { id: number; version: number; folio: string; total: number; status: { code: string }; needsApproval: boolean };

async function person(name: string, grants: Parameters<typeof createRole>[2]): Promise<Person> {
  const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
  return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
}

async function moved(api: Api, order: { id: number; version: number }, body: Record<string, unknown>): Promise<Order> {
  const res = await api.post(`${URL}/${order.id}/transitions`, { version: order.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function draft(workId: number, quantity: number, price: number, projectId: number | null = null): Promise<Order> {
  const res = await residente.api.post(URL, { workId, projectId, requiredDate: ORDER_DATE, lines: [{ materialId: material, quantity, unitPrice: price }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

const sentOrder = async (workId: number, quantity: number, price: number, projectId: number | null = null) =>
  moved(residente.api, await draft(workId, quantity, price, projectId), { to: 'enviado' });

/** The person's notifications of one type about this folio, after the outbox delivered what committed. */
async function told(who: Person, type: NotificationItem['type'], folio: string): Promise<NotificationItem[]> {
  await t.app.events.drain();
  return (await ofType(who.api, type)).filter((n) => n.title.includes(folio));
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
  residente = await person('Residente solicitudes', { my_orders: ['view', 'create', 'edit', 'delete'] });
  compras = await person('Compras solicitudes', { history: ['view', 'edit'] });
  compras2 = await person('Compras solicitudes 2', { history: ['view', 'edit'] });
  direccion = await person('Dirección solicitudes', { history: ['view', 'edit'], orders_approval: ['view', 'edit'] });
  lector = await person('Consulta solicitudes', { history: ['view'] });
  material = Number((await optionsOf(admin, '/materials'))[0]!.value);
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  const [limited, free] = await t.db
    .insert(companies)
    .values([
      { name: 'Solicitudes con Límite, S.A. de C.V.', rfc: 'SCL200101AB1', approvalLimit: '1000000' },
      { name: 'Solicitudes sin Límite, S.A. de C.V.', rfc: 'SSL200101AB2' },
    ])
    .returning({ id: companies.id });
  const work = (code: string, name: string, companyId: number) => ({ code, name, companyId, categoryId: category!.id, status: 'en_ejecucion' as const, budget: '0' });
  const [w1, w2] = await t.db
    .insert(works)
    .values([work('OB-SOL-1', 'Torre Solicitudes', limited!.id), work('OB-SOL-2', 'Nave Solicitudes', free!.id)])
    .returning({ id: works.id });
  limitedWork = w1!.id;
  freeWork = w2!.id;
  const [manager] = await t.db.select({ id: users.id }).from(users).limit(1);
  const [p] = await t.db.insert(projects).values({ code: 'PR-SOL-1', name: 'Cimbra', workId: freeWork, managerId: manager!.id, budget: '100000' }).returning({ id: projects.id });
  project = p!.id;
  // $60,000.00 of «Cimbra» already committed.
  await moved(compras.api, await sentOrder(freeWork, 100, 600, project), { to: 'autorizado' });
});

afterAll(() => t.close());

describe('what a sent order needs from Dirección', () => {
  it('over the limit: the reason with the limit in pesos; only Dirección may give it', async () => {
    const order = await sentOrder(limitedWork, 1000, 1500);
    const seen = await compras.api.get(`${URL}/${order.id}/approval`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ reasons: [{ kind: 'limite', message: 'Requiere aprobación de Dirección: total ≥ límite de $1,000,000.00' }], canApprove: false });
    expect((await direccion.api.get(`${URL}/${order.id}/approval`)).json()).toMatchObject({ canApprove: true });
    // The requester reads it too (Mis pedidos).
    expect((await residente.api.get(`${URL}/${order.id}/approval`)).json().reasons).toHaveLength(1);
  });

  it('over the budget: the budget by name and the excess; a draft or an order within both needs nothing', async () => {
    const over = await sentOrder(freeWork, 100, 500, project);
    expect((await compras.api.get(`${URL}/${over.id}/approval`)).json().reasons).toEqual([{ kind: 'presupuesto', message: 'Excede el presupuesto de «Cimbra» por $10,000.00' }]);
    expect(over.needsApproval).toBe(true);
    const fits = await sentOrder(freeWork, 10, 500, project);
    expect((await compras.api.get(`${URL}/${fits.id}/approval`)).json().reasons).toEqual([]);
    expect(fits.needsApproval).toBe(false);
    const unsent = await draft(limitedWork, 1000, 1500);
    expect((await residente.api.get(`${URL}/${unsent.id}/approval`)).json().reasons).toEqual([]);
    expect((await compras.api.get(`${URL}/999999/approval`)).statusCode).toBe(404);
  });
});

describe('asking Dirección', () => {
  it('records the request: 204, the audit entry, the timeline comment, the history; Dirección is told the folio and the reason', async () => {
    const order = await sentOrder(limitedWork, 1000, 1200);
    const comment = 'Proveedor único con precio sostenido hasta el viernes';
    const res = await compras.api.post(`${URL}/${order.id}/approval-request`, { comment: `  ${comment} ` });
    expect(res.statusCode, res.body).toBe(204);

    const reason = 'Requiere aprobación de Dirección: total ≥ límite de $1,000,000.00';
    const [audit] = await t.db
      .select({ userId: auditLog.userId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, order.id), eq(auditLog.action, 'approval.requested')))
      .orderBy(desc(auditLog.id));
    expect(audit).toEqual({ userId: compras.id, changes: { approvalRequest: { old: null, new: { reasons: [reason], comment } } } });

    const detail = (await compras.api.get(`${URL}/${order.id}`)).json() as { status: { code: string }; timeline: { from: { code: string }; to: { code: string }; comment: string }[] };
    expect(detail.status.code).toBe('enviado');
    expect(detail.timeline.at(-1)).toMatchObject({ from: { code: 'enviado' }, to: { code: 'enviado' }, comment: `Solicitud de aprobación a Dirección (${reason}): ${comment}` });
    const history = (await compras.api.get(`${URL}/${order.id}/history`)).json() as { action: string }[];
    expect(history.map((i) => i.action)).toContain('approval.requested');

    const [notice] = await told(direccion, 'approval_requested', order.folio);
    expect(notice).toMatchObject({ title: `Pedido ${order.folio}: se solicita tu aprobación`, link: `/pedidos/historico?q=${order.folio}&ver=${order.id}` });
    expect(notice!.body).toContain(reason);
    expect(notice!.body).toContain(`Comentario: ${comment}`);
    expect(await told(compras, 'approval_requested', order.folio)).toEqual([]);
    expect(await told(compras2, 'approval_requested', order.folio)).toEqual([]);
    expect(await told(residente, 'approval_requested', order.folio)).toEqual([]);
  });

  it('refuses a short comment (400), an order that needs nothing or is not sent (409), a reader (403), an unknown order (404)', async () => {
    const order = await sentOrder(limitedWork, 1000, 1100);
    const short = await compras.api.post(`${URL}/${order.id}/approval-request`, { comment: ' ok ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ comment: APPROVAL_MESSAGES.comment });
    expect((await compras.api.post(`${URL}/${order.id}/approval-request`, {})).json().fields).toEqual({ comment: APPROVAL_MESSAGES.comment });

    const small = await sentOrder(limitedWork, 10, 10);
    const nothing = await compras.api.post(`${URL}/${small.id}/approval-request`, { comment: 'Por favor autoriza' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Este pedido no requiere aprobación de Dirección: puede autorizarse ya');

    const authorised = await moved(direccion.api, order, { to: 'autorizado' });
    const late = await compras.api.post(`${URL}/${authorised.id}/approval-request`, { comment: 'Por favor autoriza' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Solo se solicita aprobación de un pedido enviado; este pedido está «Autorizado»');

    expect((await lector.api.post(`${URL}/${small.id}/approval-request`, { comment: 'Por favor autoriza' })).statusCode).toBe(403);
    expect((await compras.api.post(`${URL}/999999/approval-request`, { comment: 'Por favor autoriza' })).statusCode).toBe(404);
    const requests = await t.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.entityId, small.id), eq(auditLog.action, 'approval.requested')));
    expect(requests).toEqual([]);
  });
});

describe('Pedidos por aprobar', () => {
  it('lists over-budget orders beside over-limit ones, each with its reasons', async () => {
    const overLimit = await sentOrder(limitedWork, 1000, 1300);
    const overBudget = await sentOrder(freeWork, 100, 450, project);
    const listed = (await direccion.api.get(`${URL}?scope=all&needsApproval=1&pageSize=100`)).json().items as Order[];
    expect(listed.map((o) => o.id)).toEqual(expect.arrayContaining([overLimit.id, overBudget.id]));
    const board = (await direccion.api.get(`${API}/dashboard`)).json() as { approvals: { pending: number; items: { id: number; reasons: string[] }[] } };
    expect(board.approvals.pending).toBe(listed.length);
    const all = (await direccion.api.get(`${URL}?scope=all&needsApproval=1&pageSize=100&sort=createdAt`)).json().items as Order[];
    expect(board.approvals.items.map((i) => i.id)).toEqual(all.slice(0, 5).map((o) => o.id));
    for (const item of board.approvals.items) {
      const reasons = ((await direccion.api.get(`${URL}/${item.id}/approval`)).json() as { reasons: { message: string }[] }).reasons;
      expect(item.reasons).toEqual(reasons.map((r) => r.message));
      expect(item.reasons.length).toBeGreaterThan(0);
    }
  });
});

describe('Dirección decides', () => {
  it('authorised: the requester and every purchasing person are told, not Dirección itself nor a reader', async () => {
    const order = await sentOrder(limitedWork, 1000, 1400);
    await moved(direccion.api, order, { to: 'autorizado' });
    for (const buyer of [compras, compras2]) {
      const [notice] = await told(buyer, 'order_decided', order.folio);
      expect(notice).toMatchObject({ title: `Pedido ${order.folio} autorizado`, link: `/pedidos/historico?q=${order.folio}&ver=${order.id}` });
      expect(notice!.body).toContain('ya puede comprarse');
    }
    expect(await told(residente, 'order_status', order.folio)).toHaveLength(1);
    expect(await told(residente, 'order_decided', order.folio)).toEqual([]);
    expect(await told(direccion, 'order_decided', order.folio)).toEqual([]);
    expect(await told(lector, 'order_decided', order.folio)).toEqual([]);
  });

  it('rejected: purchasing hears it with the reason', async () => {
    const order = await sentOrder(limitedWork, 1000, 1600);
    await moved(direccion.api, order, { to: 'rechazado', comment: 'Cotizar con otro proveedor' });
    const [notice] = await told(compras, 'order_decided', order.folio);
    expect(notice).toMatchObject({ title: `Pedido ${order.folio} rechazado` });
    expect(notice!.body).toContain('Comentario: Cotizar con otro proveedor');
  });
});
