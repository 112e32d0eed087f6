import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, flagParamMessage, flagParamTwiceMessage, ORDER_MESSAGES, permissionListSchema } from '@goc/contracts';
import { auditLog, categories, companies, projects, users, works } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, listUrl, optionsOf, ORDER_DATE, type Api, type Row } from '../catalogs/support';

/*
 * Purchasing control (docs/orders.md): approval limits of the work's company, budget commitments of
 * the project (or the work) and Dirección's justified overrides, through the HTTP API. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

const URL = `${API}/orders`;

let t: TestApp;
let admin: Api;
let residente: Api; // my_orders
let compras: Api; // history view + edit
let direccion: Api; // history view + edit, orders_approval view + edit
let material: number;
let limitedCompany: number; // approval limit $1,000,000.00
let freeCompany: number; // no limit
let limitedWork: number;
let freeWork: number;
let budgetWork: number; // budget $500,000.00, orders without project
let project: number; // «Losas», budget $100,000.00, on freeWork
let unbudgeted: number; // budget 0, on freeWork
/** Orders authorised on «Losas», in order. */
const projectOrders: Order[] = [];

type Order = Row & { id: number; version: number; total: number; lines: { id: number }[]; status: { code: string }; needsApproval: boolean };

/** One line of `quantity` × `price` (the material is any demo one). */
async function sentOrder(workId: number, quantity: number, price: number, projectId: number | null = null): Promise<Order> {
  const created = await residente.post(URL, { workId, projectId, requiredDate: ORDER_DATE, lines: [{ materialId: material, quantity, unitPrice: price }] });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json() as Order;
  const sent = await residente.post(`${URL}/${order.id}/transitions`, { to: 'enviado', version: order.version });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Order;
}

const move = (api: Api, order: { id: number; version: number }, body: Record<string, unknown>) =>
  api.post(`${URL}/${order.id}/transitions`, { version: order.version, ...body });

async function moved(api: Api, order: { id: number; version: number }, body: Record<string, unknown>): Promise<Order> {
  const res = await move(api, order, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function sessionWith(name: string, grants: Parameters<typeof createRole>[2]): Promise<Api> {
  const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
  return apiFor(t.app, (await login(t.app, user.username, user.password)).token);
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
  residente = await sessionWith('Residente de compras', { my_orders: ['view', 'create', 'edit', 'delete'] });
  compras = await sessionWith('Compras sin aprobación', { history: ['view', 'edit'] });
  direccion = await sessionWith('Dirección de compras', { history: ['view', 'edit'], orders_approval: ['view', 'edit'] });
  material = Number((await optionsOf(admin, '/materials'))[0]!.value);

  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  const [limited, free] = await t.db
    .insert(companies)
    .values([
      { name: 'Constructora con Límite, S.A. de C.V.', rfc: 'CLI200101AB1' },
      { name: 'Constructora sin Límite, S.A. de C.V.', rfc: 'CSL200101AB2' },
    ])
    .returning({ id: companies.id });
  limitedCompany = limited!.id;
  freeCompany = free!.id;
  const work = (code: string, name: string, companyId: number, budget: string) => ({ code, name, companyId, categoryId: category!.id, status: 'en_ejecucion' as const, budget });
  const [w1, w2, w3] = await t.db
    .insert(works)
    .values([
      work('OB-LIM-1', 'Torre Reforma', limitedCompany, '0'),
      work('OB-LIB-1', 'Bodega Norte', freeCompany, '0'),
      work('OB-PRE-1', 'Puente Sur', freeCompany, '500000'),
    ])
    .returning({ id: works.id });
  limitedWork = w1!.id;
  freeWork = w2!.id;
  budgetWork = w3!.id;
  const [manager] = await t.db.select({ id: users.id }).from(users).limit(1);
  const [p1, p2] = await t.db
    .insert(projects)
    .values([
      { code: 'PR-PRE-1', name: 'Losas', workId: freeWork, managerId: manager!.id, budget: '100000' },
      { code: 'PR-PRE-2', name: 'Fachada', workId: freeWork, managerId: manager!.id },
    ])
    .returning({ id: projects.id });
  project = p1!.id;
  unbudgeted = p2!.id;
});

afterAll(() => t.close());

describe('the approval limit of a company', () => {
  it('is a field of Empresas: optional, in pesos, never negative', async () => {
    const before = (await admin.get(`${API}/companies/${limitedCompany}`)).json() as Row;
    expect(before.approvalLimit).toBeNull();
    const negative = await admin.patch(`${API}/companies/${limitedCompany}`, { version: before.version, approvalLimit: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields).toEqual({ approvalLimit: FIELD_MESSAGES.moneyNegative });
    const saved = await admin.patch(`${API}/companies/${limitedCompany}`, { version: before.version, approvalLimit: 1_000_000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().approvalLimit).toBe(1_000_000);
    const [stored] = await t.db.select({ limit: companies.approvalLimit }).from(companies).where(eq(companies.id, limitedCompany));
    expect(stored!.limit).toBe('1000000.00');
  });

  it('joins the permission modules as Aprobación de pedidos, after Mis pedidos', async () => {
    const list = permissionListSchema.parse((await admin.get(`${API}/permissions`)).json());
    const names = list.map((p) => p.module.name);
    expect(names.indexOf('orders_approval')).toBe(names.indexOf('my_orders') + 1);
    expect(list.find((p) => p.module.name === 'orders_approval')).toMatchObject({ view: true, edit: true });
  });
});

describe('authorising an order', () => {
  it('at or above the limit needs Aprobación de pedidos: 403 naming the total and the limit', async () => {
    const order = await sentOrder(limitedWork, 1000, 2400);
    expect(order.total).toBe(2_400_000);
    const refused = await move(compras, order, { to: 'autorizado' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Este pedido requiere aprobación de Dirección: el total $2,400,000.00 es mayor o igual al límite de $1,000,000.00');
    expect(((await compras.get(`${URL}/${order.id}`)).json() as Order).status.code).toBe('enviado');
    const authorised = await moved(direccion, order, { to: 'autorizado' });
    expect(authorised.status.code).toBe('autorizado');
  });

  it('exactly at the limit is refused too; below it purchasing authorises as before', async () => {
    const at = await sentOrder(limitedWork, 1000, 1000);
    const refused = await move(compras, at, { to: 'autorizado' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORDER_MESSAGES.approvalRequired(1_000_000, 1_000_000));
    const below = await sentOrder(limitedWork, 1000, 999.99);
    expect((await moved(compras, below, { to: 'autorizado' })).status.code).toBe('autorizado');
  });

  it('without a limit on the company, any total is authorised by purchasing', async () => {
    const order = await sentOrder(freeWork, 1000, 5000);
    expect((await moved(compras, order, { to: 'autorizado' })).status.code).toBe('autorizado');
  });

  it('prices agreed at the purchase that lift the total to the limit need Dirección as well', async () => {
    const order = await moved(compras, await sentOrder(limitedWork, 1000, 900), { to: 'autorizado' });
    const prices = [{ lineId: order.lines[0]!.id, unitPrice: 1200 }];
    const supplierId = Number((await optionsOf(admin, '/suppliers'))[0]!.value);
    const refused = await move(compras, order, { to: 'comprado', supplierId, prices });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Los precios de la compra llevan el total a $1,200,000.00, mayor o igual al límite de $1,000,000.00: la compra requiere aprobación de Dirección',
    );
    const cheaper = await moved(compras, order, { to: 'comprado', supplierId, prices: [{ lineId: order.lines[0]!.id, unitPrice: 850 }] });
    expect(cheaper.total).toBe(850_000);
    const other = await moved(compras, await sentOrder(limitedWork, 1000, 900), { to: 'autorizado' });
    const bought = await moved(direccion, other, { to: 'comprado', supplierId, prices: [{ lineId: other.lines[0]!.id, unitPrice: 1200 }] });
    expect(bought.total).toBe(1_200_000);
  });
});

describe('orders that need approval', () => {
  it('carry needsApproval, and needsApproval=1 lists exactly the sent ones at or above their limit', async () => {
    const waiting = await sentOrder(limitedWork, 10, 150_000);
    const small = await sentOrder(limitedWork, 10, 10);
    const unlimited = await sentOrder(freeWork, 10, 150_000);
    expect(((await compras.get(`${URL}/${waiting.id}`)).json() as Order).needsApproval).toBe(true);
    expect(((await compras.get(`${URL}/${small.id}`)).json() as Order).needsApproval).toBe(false);
    const listed = await compras.get(`${URL}?scope=all&needsApproval=1&pageSize=100`);
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = (listed.json().items as Order[]).map((o) => o.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(small.id);
    expect(ids).not.toContain(unlimited.id);
    expect((listed.json().items as Order[]).every((o) => o.needsApproval && o.status.code === 'enviado')).toBe(true);
    const rest = (await compras.get(`${URL}?scope=all&needsApproval=0&pageSize=100`)).json().items as Order[];
    expect(rest.map((o) => o.id)).not.toContain(waiting.id);
    // Once authorised it no longer waits.
    await moved(direccion, waiting, { to: 'autorizado' });
    expect(((await compras.get(`${URL}?scope=all&needsApproval=1&pageSize=100`)).json().items as Order[]).map((o) => o.id)).not.toContain(waiting.id);
  });

  it('refuses needsApproval other than 0 / 1, and given both as a parameter and as a filter', async () => {
    const bad = await compras.get(`${URL}?scope=all&needsApproval=si`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ needsApproval: flagParamMessage('needsApproval') });
    const filters = encodeURIComponent(JSON.stringify({ needsApproval: { operator: 'and', constraints: [{ matchMode: 'equals', value: true }] } }));
    const twice = await compras.get(`${URL}?scope=all&needsApproval=1&filters=${filters}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ needsApproval: flagParamTwiceMessage('needsApproval') });
    const exported = await compras.get(`${URL}/export?format=csv&scope=all&needsApproval=1`);
    expect(exported.statusCode).toBe(200);
  });

  it('shows Pedidos por aprobar on the dashboard only to Aprobación de pedidos', async () => {
    const waiting = await sentOrder(limitedWork, 10, 200_000);
    const board = (await direccion.get(`${API}/dashboard`)).json();
    expect(board.approvals.pending).toBeGreaterThanOrEqual(1);
    const pending = (await compras.get(`${URL}?scope=all&needsApproval=1&pageSize=100`)).json();
    expect(board.approvals.pending).toBe(pending.total);
    expect(board.approvals.total).toBe((pending.items as Order[]).reduce((s, o) => s + o.total, 0));
    // The longest waiting first: each at or above its own company's limit, or over its budget, and saying so.
    const items = board.approvals.items as { id: number; total: number; limit: number | null; reasons: string[] }[];
    expect(items.length).toBe(Math.min(5, pending.total as number));
    expect(items.every((i) => (i.limit !== null && i.total >= i.limit) || i.reasons.some((r) => r.startsWith('Excede el presupuesto')))).toBe(true);
    expect(items.every((i) => i.reasons.length > 0)).toBe(true);
    const waitingIds = (pending.items as Order[]).map((o) => o.id);
    expect(waitingIds).toContain(waiting.id);
    expect(items.every((i) => waitingIds.includes(i.id))).toBe(true);
    expect((await compras.get(`${API}/dashboard`)).json().approvals).toBeUndefined();
  });
});

describe('budget commitments', () => {
  it('a project commits its authorised orders; over its budget purchasing gets 409 with the figures', async () => {
    const first = await moved(compras, await sentOrder(freeWork, 100, 600, project), { to: 'autorizado' });
    projectOrders.push(first);
    expect(first.total).toBe(60_000);
    const read = (await admin.get(`${API}/projects/${project}`)).json() as Row;
    expect(read).toMatchObject({ budget: 100_000, committed: 60_000, available: 40_000 });

    const second = await sentOrder(freeWork, 100, 500, project);
    const refused = await move(compras, second, { to: 'autorizado' });
    expect(refused.statusCode).toBe(409);
    const message =
      'Este pedido lleva el comprometido del proyecto «Losas» a $110,000.00, por encima de su presupuesto de $100,000.00 (comprometido: $60,000.00; disponible: $40,000.00; este pedido: $50,000.00)';
    expect(refused.json()).toMatchObject({ message, fields: { overBudget: message } });
    expect(((await admin.get(`${API}/projects/${project}`)).json() as Row).committed).toBe(60_000);
  });

  it('Dirección commits over the budget with a justification of 10 characters or more, kept in the timeline and the audit', async () => {
    const order = await sentOrder(freeWork, 100, 500, project);
    const comment = 'Cambio de especificación aprobado por el cliente';
    const notAllowed = await move(compras, order, { to: 'autorizado', overBudget: { comment } });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().message).toBe(ORDER_MESSAGES.overBudgetNotAllowed);
    const short = await move(direccion, order, { to: 'autorizado', overBudget: { comment: ' corto ' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ 'overBudget.comment': 'Escribe una justificación de al menos 10 caracteres' });

    const authorised = await moved(direccion, order, { to: 'autorizado', overBudget: { comment } });
    expect(authorised.status.code).toBe('autorizado');
    const detail = (await direccion.get(`${URL}/${order.id}`)).json() as { timeline: { comment: string | null; to: { code: string } }[] };
    expect(detail.timeline.at(-1)).toMatchObject({
      to: { code: 'autorizado' },
      comment: `Sobre presupuesto del proyecto «Losas» ($110,000.00 de $100,000.00): ${comment}`,
    });
    const [audit] = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, order.id), eq(auditLog.action, 'transition')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.changes?.overBudget).toEqual({
      old: null,
      new: { scope: 'proyecto', name: 'Losas', budget: 100_000, committed: 60_000, total: 50_000, after: 110_000, comment },
    });
    expect((await admin.get(`${API}/projects/${project}`)).json()).toMatchObject({ committed: 110_000, available: -10_000 });
  });

  it('a purchase that raises the total is checked again; one that does not raise it is not', async () => {
    const supplierId = Number((await optionsOf(admin, '/suppliers'))[0]!.value);
    // «Losas» is over its budget after the override: a purchase at the authorised prices commits nothing more.
    const first = projectOrders[0]!;
    const dearer = await move(compras, first, { to: 'comprado', supplierId, prices: [{ lineId: first.lines[0]!.id, unitPrice: 700 }] });
    expect(dearer.statusCode).toBe(409);
    expect(dearer.json().message).toBe(
      'Este pedido lleva el comprometido del proyecto «Losas» a $120,000.00, por encima de su presupuesto de $100,000.00 (comprometido: $110,000.00; disponible: -$10,000.00; este pedido: $70,000.00)',
    );
    const same = await moved(compras, first, { to: 'comprado', supplierId });
    expect(same).toMatchObject({ total: 60_000, status: { code: 'comprado' } });
    expect((await admin.get(`${API}/projects/${project}`)).json()).toMatchObject({ committed: 110_000, ordered: 60_000 });
  });

  it('without a project the work’s budget applies, and rejected or cancelled orders commit nothing', async () => {
    const first = await moved(compras, await sentOrder(budgetWork, 100, 4000), { to: 'autorizado' });
    expect(first.total).toBe(400_000);
    const work = (await admin.get(`${API}/works/${budgetWork}`)).json() as Row;
    expect(work).toMatchObject({ budget: 500_000, committed: 400_000, available: 100_000 });
    const second = await sentOrder(budgetWork, 100, 2000);
    const refused = await move(compras, second, { to: 'autorizado' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Este pedido lleva el comprometido de la obra «Puente Sur» a $600,000.00, por encima de su presupuesto de $500,000.00 (comprometido: $400,000.00; disponible: $100,000.00; este pedido: $200,000.00)',
    );
    const overview = (await admin.get(`${API}/works/overview`)).json() as { lines: { works: Row[] }[] };
    const listed = overview.lines.flatMap((l) => l.works).find((w) => w.id === budgetWork);
    expect(listed).toMatchObject({ budget: 500_000, committed: 400_000, available: 100_000 });
    await moved(compras, first, { to: 'cancelado', comment: 'Se compra en otra obra' });
    expect((await admin.get(`${API}/works/${budgetWork}`)).json()).toMatchObject({ committed: 0, available: 500_000 });
    expect((await moved(compras, second, { to: 'autorizado' })).status.code).toBe('autorizado');
  });

  it('a budget of 0 is no budget: nothing is checked', async () => {
    const order = await sentOrder(freeWork, 1000, 9000, unbudgeted);
    expect((await moved(compras, order, { to: 'autorizado' })).status.code).toBe('autorizado');
    expect((await admin.get(`${API}/projects/${unbudgeted}`)).json()).toMatchObject({ budget: 0, committed: 9_000_000, available: -9_000_000 });
    const listed = (await admin.get(listUrl('/projects', { q: 'PR-PRE' }) + '&scope=all')).json() as { items: Row[] };
    expect(listed.items.find((p) => p.id === project)).toMatchObject({ committed: 110_000, available: -10_000 });
  });

  it('GET /orders/budget shows the requester the budget, committed and available before sending', async () => {
    const ofProject = await residente.get(`${URL}/budget?workId=${freeWork}&projectId=${project}`);
    expect(ofProject.statusCode, ofProject.body).toBe(200);
    expect(ofProject.json()).toEqual({ scope: 'proyecto', name: 'Losas', budget: 100_000, committed: 110_000, available: -10_000 });
    expect((await residente.get(`${URL}/budget?workId=${budgetWork}`)).json()).toEqual({ scope: 'obra', name: 'Puente Sur', budget: 500_000, committed: 200_000, available: 300_000 });
    const bad = await residente.get(`${URL}/budget?workId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ workId: FIELD_MESSAGES.option });
  });
});
