import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, type NotificationItem } from '@goc/contracts';
import { notifications, registrationStatuses, stampStatuses } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, nss, optionsOf, rfcMoral, validCurp, type Api, type Row, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { ofType } from './support';

/*
 * Each row of the table through the real actions (HTTP) and the real outbox — the events the
 * resources write, delivered by the app's own dispatcher — on PGlite and PostgreSQL. rules.test.ts
 * states the rules with hand-made events; this proves the actions write the events those rules
 * read (resource keys, changes, comments), and that a rolled-back action tells nobody.
 */

let t: TestApp;
let admin: Api;

interface Person {
  id: number;
  api: Api;
}

async function person(roleId: number): Promise<Person> {
  const user = await createUser(t.app, { roleId });
  return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
}

/** What the outbox delivers after the action has committed. */
async function delivered(): Promise<void> {
  await t.app.events.drain();
}

/** The user's notifications of one type whose title names `word` (a folio, an employee). */
async function told(who: Person | Api, type: NotificationItem['type'], word = ''): Promise<NotificationItem[]> {
  await delivered();
  return (await ofType('get' in who ? who : who.api, type)).filter((i) => i.title.includes(word) || i.body.includes(word));
}

let requesterRole: number;
let ana: Person;
let compras: Person;
let lector: Person;
let workId: number;
let cement: number;
let supplierId: number;

type Order = Row & { id: number; version: number; folio: string; lines: { id: number }[] };

async function move(api: Api, o: Order, body: Row): Promise<Order> {
  const res = await api.post(`${API}/orders/${o.id}/transitions`, { version: o.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function sentOrder(by: Person = ana): Promise<Order> {
  const res = await by.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 4 }] });
  expect(res.statusCode, res.body).toBe(201);
  return move(by.api, res.json() as Order, { to: 'enviado' });
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
  requesterRole = await createRole(t.db, 'Residente acciones', { my_orders: ['view', 'create', 'edit', 'delete'] });
  ana = await person(requesterRole);
  compras = await person(await createRole(t.db, 'Compras acciones', { history: ['view', 'edit'] }));
  lector = await person(await createRole(t.db, 'Consulta acciones', { history: ['view'] }));
  workId = await orderableWorkId(ana.api);
  cement = Number((await optionsOf(ana.api, '/materials'))[0]!.value);
  supplierId = Number((await optionsOf(compras.api, '/suppliers'))[0]!.value);
});

afterAll(() => t.close());

describe('orders', () => {
  it('sent: purchasing (history edit) is told, not a history reader nor the sender', async () => {
    const o = await sentOrder();
    expect(await told(compras, 'order_sent', o.folio)).toHaveLength(1);
    expect(await told(lector, 'order_sent', o.folio)).toEqual([]);
    expect(await told(ana, 'order_sent', o.folio)).toEqual([]);
  });

  it('the requester hears autorizado, comprado, entregado_parcial and entregado; rechazado and cancelado with their comment', async () => {
    let o = await sentOrder();
    o = await move(compras.api, o, { to: 'autorizado' });
    o = await move(compras.api, o, { to: 'comprado', supplierId, prices: [{ lineId: o.lines[0]!.id, unitPrice: 180 }] });
    o = await move(compras.api, o, { to: 'entregado_parcial', received: [{ lineId: o.lines[0]!.id, quantity: 1 }] });
    o = await move(compras.api, o, { to: 'entregado', received: [{ lineId: o.lines[0]!.id, quantity: 3 }] });
    expect((await told(ana, 'order_status', o.folio)).map((i) => i.title).reverse()).toEqual(
      ['fue autorizado', 'fue comprado', 'fue entregado parcialmente', 'fue entregado'].map((w) => `Tu pedido ${o.folio} ${w}`),
    );

    const rejected = await move(compras.api, await sentOrder(), { to: 'rechazado', comment: 'Excede el presupuesto' });
    const [r] = await told(ana, 'order_status', rejected.folio);
    expect(r).toMatchObject({ title: `Tu pedido ${rejected.folio} fue rechazado`, link: `/pedidos/mis-pedidos?q=${rejected.folio}` });
    expect(r!.body).toContain('Comentario: Excede el presupuesto');

    const cancelled = await move(compras.api, await sentOrder(), { to: 'cancelado', comment: 'Obra suspendida' });
    const [c] = await told(ana, 'order_status', cancelled.folio);
    expect(c!.title).toBe(`Tu pedido ${cancelled.folio} fue cancelado`);
    expect(c!.body).toContain('Comentario: Obra suspendida');
    // Purchasing took these actions: they hear nothing of them.
    expect(await told(compras, 'order_status')).toEqual([]);
  });

  it('nobody hears of their own action: the requester cancelling their order', async () => {
    const o = await move(ana.api, await sentOrder(), { to: 'cancelado', comment: 'Me equivoqué' });
    expect(await told(ana, 'order_status', o.folio)).toEqual([]);
  });

  it('an action that rolled back tells nobody: a rejection without its comment, a stale version', async () => {
    const o = await sentOrder();
    await delivered();
    const before = await t.db.select().from(notifications);
    expect((await compras.api.post(`${API}/orders/${o.id}/transitions`, { version: o.version, to: 'rechazado' })).statusCode).toBe(400);
    expect((await compras.api.post(`${API}/orders/${o.id}/transitions`, { version: o.version + 1, to: 'autorizado' })).statusCode).toBe(409);
    await delivered();
    expect(await t.db.select().from(notifications)).toHaveLength(before.length);
  });

  it('a requester who may no longer open the order is not told of it', async () => {
    const former = await person(requesterRole);
    const o = await sentOrder(former);
    const current = (await admin.get(`${API}/users/${former.id}`)).json() as Row;
    const noOrders = await createRole(t.db, 'Sin pedidos acciones', { works: ['view'] });
    expect((await admin.patch(`${API}/users/${former.id}`, { version: current.version, roleId: noOrders })).statusCode).toBe(200);
    await move(compras.api, o, { to: 'autorizado' });
    await delivered();
    const theirs = await t.db.select().from(notifications).where(eq(notifications.userId, former.id));
    expect(theirs.map((n) => n.type)).toEqual(['access_changed']);
  });
});

describe('registry movements', () => {
  const MOVEMENTS = `${API}/registry/movements`;
  let companyId: number;
  let capturer: Person;
  let hr: Person;
  let seq = 700;

  const alta = (over: Row = {}): Row => {
    seq += 1;
    return {
      type: 'alta',
      scope: 'oficina',
      companyId,
      effectiveDate: businessToday(),
      workerType: 'permanente',
      dailySalary: 400,
      sdi: 420,
      employee: { employeeNumber: `AC-${seq}`, firstName: 'Marta', lastName: `Prueba${seq}`, secondLastName: 'Ríos', curp: validCurp(seq), nss: nss(seq) },
      ...over,
    };
  };

  async function movement(body: Row): Promise<Row & { id: number; version: number }> {
    const res = await capturer.api.post(MOVEMENTS, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row & { id: number; version: number };
  }

  beforeAll(async () => {
    companyId = (await created(admin, '/companies', { name: 'Constructora Acciones SA de CV', rfc: rfcMoral(952), employerRegistration: 'B1234567890' })).id as number;
    capturer = await person(await createRole(t.db, 'RH oficina acciones', { registry_office: ['view', 'create', 'edit'] }));
    hr = await person(await createRole(t.db, 'RH histórico acciones', { registry_history: ['view', 'edit'] }));
  });

  it('a status change tells the capturer; the capturer’s own change tells nobody', async () => {
    const m = await movement(alta());
    const word = `Prueba${seq}`;
    const [rejected] = await t.db.select({ id: registrationStatuses.id }).from(registrationStatuses).where(eq(registrationStatuses.code, 'rechazado'));
    const res = await admin.patch(`${MOVEMENTS}/${m.id}/status`, { version: m.version, registrationStatusId: rejected!.id });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = await told(capturer, 'movement_status', word);
    expect(item).toMatchObject({ body: 'Estatus de alta: Rechazado.', link: '/registro/oficina' });

    const own = await movement(alta());
    const ownWord = `Prueba${seq}`;
    const stamp = (await t.db.select({ id: stampStatuses.id }).from(stampStatuses)).find((s) => s.id !== own.stampStatusId)!.id;
    expect((await capturer.api.patch(`${MOVEMENTS}/${own.id}/status`, { version: own.version, stampStatusId: stamp })).statusCode).toBe(200);
    expect(await told(capturer, 'movement_status', ownWord)).toEqual([]);
  });

  it('a movement captured after its deadline tells registry_history edit, not the capturer; one on time tells nobody', async () => {
    const late = await movement(alta({ effectiveDate: '2026-01-05' }));
    expect(late.late).toBe(true);
    const lateWord = `Prueba${seq}`;
    expect(await told(hr, 'movement_late', lateWord)).toHaveLength(1);
    expect(await told(capturer, 'movement_late', lateWord)).toEqual([]);
    const onTime = await movement(alta());
    expect(onTime.late).toBe(false);
    expect(await told(hr, 'movement_late', `Prueba${seq}`)).toEqual([]);
  });
});

describe('access', () => {
  it('a user whose role changes is told; so are the holders of a role whose permissions change; not the administrator', async () => {
    const roleId = await createRole(t.db, 'Rol acciones', { works: ['view'] });
    const someone = await person(requesterRole);
    const current = (await admin.get(`${API}/users/${someone.id}`)).json() as Row;
    expect((await admin.patch(`${API}/users/${someone.id}`, { version: current.version, roleId })).statusCode).toBe(200);
    expect(await told(someone, 'access_changed', 'Tu rol cambió')).toHaveLength(1);

    const role = (await admin.get(`${API}/roles/${roleId}`)).json() as Row & { version: number };
    const res = await admin.patch(`${API}/roles/${roleId}`, { version: role.version, permissions: [{ module: 'works', view: true, edit: true }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told(someone, 'access_changed', 'Cambiaron los permisos de tu rol')).toHaveLength(1);
    expect(await told(admin, 'access_changed')).toEqual([]);
  });
});
