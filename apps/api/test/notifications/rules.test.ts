import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@goc/contracts';
import { notifications, registrationStatuses, registryCuts, roles, users } from '../../src/db/schema';
import { cutReminderKey } from '../../src/modules/registry/reminder';
import type { Notifier } from '../../src/modules/notifications/notifier';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, firstId, nss, optionsOf, rfcMoral, validCurp, type Api, type Row, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { bell, domainEvent, ofType, testNotifier } from './support';

/*
 * Who is told what (issue 17's table), by calling the subscriber with the domain events the actions
 * cause, on PGlite and on PostgreSQL (TEST_DATABASE_URL): each row, never the actor, never about a
 * record the person may not open, never twice for one event.
 */

let t: TestApp;
let notifier: Notifier;
let admin: Api;
let adminId: number;

interface Person {
  id: number;
  api: Api;
  token: string;
}

async function person(roleId: number): Promise<Person> {
  const user = await createUser(t.app, { roleId });
  const { token } = await login(t.app, user.username, user.password);
  return { id: user.id, api: apiFor(t.app, token), token };
}

let requesterRole: number;
let ana: Person; // requester
let compras: Person; // history view + edit
let compras2: Person; // history view + edit
let lector: Person; // history view only: not told orders await authorisation
let jefa: Person; // requester with history edit
let workId: number;
let cement: number;

type Order = Row & { id: number; version: number; folio: string; lines: { id: number }[] };

async function order(api: Api): Promise<Order> {
  const res = await api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 3 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

async function moved(api: Api, o: Order, body: Row): Promise<Order> {
  const res = await api.post(`${API}/orders/${o.id}/transitions`, { version: o.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

const transitioned = (o: Order, actorId: number, fromStatus: string, toStatus: string, comment?: string) =>
  domainEvent({ resource: 'orders', recordId: o.id, actorId, fromStatus, toStatus, metadata: comment ? { comment } : null });

beforeAll(async () => {
  t = await createTestApp({ build: { events: { dispatch: false } }, demoData: true });
  notifier = testNotifier(t);
  admin = apiFor(t.app, (await login(t.app)).token);
  const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = adminRow!.id;
  requesterRole = await createRole(t.db, 'Residente avisos', { my_orders: ['view', 'create', 'edit', 'delete'] });
  const purchaser = await createRole(t.db, 'Compras avisos', { history: ['view', 'edit'] });
  const reader = await createRole(t.db, 'Consulta avisos', { history: ['view'] });
  const both = await createRole(t.db, 'Jefa avisos', { my_orders: ['view', 'create', 'edit', 'delete'], history: ['view', 'edit'] });
  ana = await person(requesterRole);
  compras = await person(purchaser);
  compras2 = await person(purchaser);
  lector = await person(reader);
  jefa = await person(both);
  workId = await orderableWorkId(ana.api);
  cement = Number((await optionsOf(ana.api, '/materials'))[0]!.value);
});

afterAll(() => t.close());

describe('an order sent to purchasing', () => {
  it('tells every active user with history edit but the sender, with the folio and a link to Histórico', async () => {
    let o = await order(jefa.api);
    o = await moved(jefa.api, o, { to: 'enviado' });
    await notifier.subscriber.handle(transitioned(o, jefa.id, 'borrador', 'enviado'), { db: t.db });
    for (const who of [compras, compras2]) {
      const [item] = await ofType(who.api, 'order_sent');
      expect(item).toMatchObject({
        title: `Pedido ${o.folio} enviado a compras`,
        link: `/pedidos/historico?q=${o.folio}`,
        readAt: null,
      });
      expect(item!.body).toContain(`el pedido ${o.folio} de la obra`);
    }
    // The sender has history edit too, but it was her own action; a reader may not authorise.
    expect(await ofType(jefa.api, 'order_sent')).toEqual([]);
    expect(await ofType(lector.api, 'order_sent')).toEqual([]);
    // The administrator holds history edit as well.
    expect((await ofType(admin, 'order_sent')).map((i) => i.title)).toContain(`Pedido ${o.folio} enviado a compras`);
  });

  it('tells nobody twice when the event is delivered again', async () => {
    let o = await order(ana.api);
    o = await moved(ana.api, o, { to: 'enviado' });
    const event = transitioned(o, ana.id, 'borrador', 'enviado');
    await notifier.subscriber.handle(event, { db: t.db });
    await notifier.subscriber.handle(event, { db: t.db });
    const titles = (await ofType(compras.api, 'order_sent')).map((i) => i.title).filter((title) => title.includes(o.folio));
    expect(titles).toHaveLength(1);
  });

  it('skips a deactivated purchaser', async () => {
    const gone = await person((await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Compras avisos')))[0]!.id);
    await t.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    let o = await order(ana.api);
    o = await moved(ana.api, o, { to: 'enviado' });
    await notifier.subscriber.handle(transitioned(o, ana.id, 'borrador', 'enviado'), { db: t.db });
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, gone.id));
    expect(stored).toEqual([]);
  });
});

describe('the requester hears of each later status', () => {
  it('autorizado, rechazado with the comment, comprado, entregado_parcial, entregado and cancelado', async () => {
    const cases: [string, string, string | undefined][] = [
      ['autorizado', 'fue autorizado', undefined],
      ['rechazado', 'fue rechazado', 'Falta el proyecto'],
      ['comprado', 'fue comprado', undefined],
      ['entregado_parcial', 'fue entregado parcialmente', undefined],
      ['entregado', 'fue entregado', undefined],
      ['cancelado', 'fue cancelado', 'Ya no se necesita'],
    ];
    for (const [to, words, comment] of cases) {
      let o = await order(ana.api);
      o = await moved(ana.api, o, { to: 'enviado' });
      await notifier.subscriber.handle(transitioned(o, compras.id, 'enviado', to, comment), { db: t.db });
      const [item] = (await ofType(ana.api, 'order_status')).filter((i) => i.title.includes(o.folio));
      expect(item, to).toMatchObject({ title: `Tu pedido ${o.folio} ${words}`, link: `/pedidos/mis-pedidos?q=${o.folio}` });
      if (comment) expect(item!.body).toContain(`Comentario: ${comment}`);
      else expect(item!.body).not.toContain('Comentario');
    }
  });

  it('is not told of their own cancellation, nor of a status nobody announces (borrador → enviado)', async () => {
    let o = await order(ana.api);
    o = await moved(ana.api, o, { to: 'enviado' });
    await notifier.subscriber.handle(transitioned(o, ana.id, 'enviado', 'cancelado', 'Me equivoqué'), { db: t.db });
    await notifier.subscriber.handle(transitioned(o, ana.id, 'borrador', 'enviado'), { db: t.db });
    expect((await ofType(ana.api, 'order_status')).filter((i) => i.title.includes(o.folio))).toEqual([]);
  });

  it('is not told when they may no longer open the order (role without Mis pedidos)', async () => {
    const former = await person(requesterRole);
    let o = await order(former.api);
    o = await moved(former.api, o, { to: 'enviado' });
    const noOrders = await createRole(t.db, 'Sin pedidos', { works: ['view'] });
    await t.db.update(users).set({ roleId: noOrders }).where(eq(users.id, former.id));
    await notifier.subscriber.handle(transitioned(o, compras.id, 'enviado', 'autorizado'), { db: t.db });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, former.id))).toEqual([]);
  });
});

describe('registry', () => {
  let companyId: number;
  let office: Person;
  let officeOnlyView: Person;
  let hr: Person;
  let seq = 500;
  const MOVEMENTS = `${API}/registry/movements`;

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
      employee: { employeeNumber: `AV-${seq}`, firstName: 'Rosa', lastName: 'Luna', secondLastName: 'Sol', curp: validCurp(seq), nss: nss(seq) },
      ...over,
    };
  };

  async function movement(api: Api, body: Row): Promise<Row & { id: number; version: number }> {
    const res = await api.post(MOVEMENTS, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row & { id: number; version: number };
  }

  beforeAll(async () => {
    companyId = (await created(admin, '/companies', { name: 'Constructora Avisos SA de CV', rfc: rfcMoral(951), employerRegistration: 'A1234567890' })).id as number;
    office = await person(await createRole(t.db, 'RH oficina avisos', { registry_office: ['view', 'create', 'edit'] }));
    officeOnlyView = await person(await createRole(t.db, 'RH obras avisos', { registry_works: ['view', 'create', 'edit'] }));
    hr = await person(await createRole(t.db, 'RH histórico avisos', { registry_history: ['view', 'edit'] }));
    await firstId(admin, '/categories');
  });

  it('a status change tells the movement’s capturer, naming the new status; not the one who changed it', async () => {
    const m = await movement(office.api, alta());
    const [rejected] = await t.db.select({ id: registrationStatuses.id }).from(registrationStatuses).where(eq(registrationStatuses.code, 'rechazado'));
    const res = await admin.patch(`${MOVEMENTS}/${m.id}/status`, { version: m.version, registrationStatusId: rejected!.id });
    expect(res.statusCode, res.body).toBe(200);
    const event = domainEvent({ type: 'record.updated', resource: 'registryMovements', recordId: m.id, actorId: adminId, changes: { registrationStatusId: { old: 1, new: rejected!.id } } });
    await notifier.subscriber.handle(event, { db: t.db });
    const [item] = await ofType(office.api, 'movement_status');
    expect(item).toMatchObject({ title: 'Cambió el estatus de tu movimiento: alta de Rosa Luna Sol', body: 'Estatus de alta: Rechazado.', link: '/registro/oficina' });
    // The capturer's own change tells nobody.
    await notifier.subscriber.handle(domainEvent({ ...event, id: event.id + 10_000, actorId: office.id }), { db: t.db });
    expect(await ofType(office.api, 'movement_status')).toHaveLength(1);
  });

  it('a capturer who may no longer open the movement (office movement, works-only role) is not told', async () => {
    const m = await movement(office.api, alta());
    await t.db.update(users).set({ roleId: (await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, officeOnlyView.id)))[0]!.roleId }).where(eq(users.id, office.id));
    await notifier.subscriber.handle(domainEvent({ type: 'record.updated', resource: 'registryMovements', recordId: m.id, actorId: adminId, changes: { stampStatusId: { old: 1, new: 2 } } }), { db: t.db });
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, office.id))).filter((n) => n.dedupeKey.includes(`:${office.id}`) && n.body.startsWith('Estatus de timbre'))).toEqual([]);
  });

  it('a movement captured late tells registry_history edit (not the capturer, not office users)', async () => {
    const capturer = await person(await createRole(t.db, 'RH oficina 2 avisos', { registry_office: ['view', 'create', 'edit'] }));
    const late = await movement(capturer.api, alta({ effectiveDate: '2026-01-05' }));
    expect(late.late).toBe(true);
    await notifier.subscriber.handle(domainEvent({ type: 'record.created', resource: 'registryMovements', recordId: late.id, actorId: capturer.id }), { db: t.db });
    const [item] = await ofType(hr.api, 'movement_late');
    expect(item).toMatchObject({ title: 'Movimiento fuera de plazo: alta de Rosa Luna Sol', link: `/registro/historico/${(late.cut as Row).id as number}` });
    expect(item!.body).toContain('2026-01-05');
    expect(await ofType(capturer.api, 'movement_late')).toEqual([]);
    // On time: nobody.
    const onTime = await movement(capturer.api, alta());
    expect(onTime.late).toBe(false);
    await notifier.subscriber.handle(domainEvent({ type: 'record.created', resource: 'registryMovements', recordId: onTime.id, actorId: capturer.id }), { db: t.db });
    expect(await ofType(hr.api, 'movement_late')).toHaveLength(1);
  });

  it('Monday 10:00 Mexico City: last week’s open cut reminds registry_history edit once, whichever process runs it', async () => {
    const [cut] = await t.db
      .insert(registryCuts)
      .values({ weekKey: '2026-W47', label: '2026-S47', startDate: '2026-11-16', endDate: '2026-11-22' })
      .onConflictDoNothing()
      .returning({ id: registryCuts.id });
    const cutId = cut?.id ?? (await t.db.select({ id: registryCuts.id }).from(registryCuts).where(eq(registryCuts.weekKey, '2026-W47')))[0]!.id;
    // Monday 23 Nov 2026, 09:59 in Mexico City (UTC−6): not yet.
    expect(await notifier.remind(new Date('2026-11-23T15:59:00Z'))).toEqual([]);
    const other = testNotifier(t);
    const [first, second] = await Promise.all([notifier.remind(new Date('2026-11-23T16:00:00Z')), other.remind(new Date('2026-11-23T16:00:30Z'))]);
    const told = [...first!, ...second!];
    expect(told.map((d) => d.userId)).toContain(hr.id);
    expect(told.filter((d) => d.userId === hr.id)).toHaveLength(1);
    const [item] = await ofType(hr.api, 'cut_open');
    expect(item).toMatchObject({ title: 'El corte 2026-S47 sigue abierto', link: `/registro/historico/${cutId}` });
    const stored = await t.db.select().from(notifications).where(eq(notifications.dedupeKey, cutReminderKey(cutId, hr.id)));
    expect(stored).toHaveLength(1);
    // Tuesday, again: nothing new. Office users are never reminded.
    expect(await notifier.remind(new Date('2026-11-24T18:00:00Z'))).toEqual([]);
    expect(await ofType(office.api, 'cut_open')).toEqual([]);
    // A closed cut reminds nobody the next week either.
    await t.db.update(registryCuts).set({ status: 'cerrado' }).where(eq(registryCuts.id, cutId));
    expect(await notifier.remind(new Date('2026-11-23T17:00:00Z'))).toEqual([]);
  });
});

describe('access changes', () => {
  it('a user whose role changes is told (not the administrator who changed it)', async () => {
    const someone = await person(requesterRole);
    const otherRole = await createRole(t.db, 'Otro rol avisos', { works: ['view'] });
    const res = await admin.get(`${API}/users/${someone.id}`);
    const res2 = await admin.patch(`${API}/users/${someone.id}`, { version: (res.json() as Row).version, roleId: otherRole });
    expect(res2.statusCode, res2.body).toBe(200);
    await notifier.subscriber.handle(domainEvent({ type: 'record.updated', resource: 'users', recordId: someone.id, actorId: adminId, changes: { roleId: { old: requesterRole, new: otherRole } } }), { db: t.db });
    const [item] = await ofType(someone.api, 'access_changed');
    expect(item).toMatchObject({ title: 'Tu rol cambió', body: 'Ahora tienes el rol Otro rol avisos; tu menú y lo que puedes hacer ya reflejan el cambio.', link: '/' });
    expect(await ofType(admin, 'access_changed')).toEqual([]);
    // Another field's change says nothing.
    await notifier.subscriber.handle(domainEvent({ type: 'record.updated', resource: 'users', recordId: someone.id, actorId: adminId, changes: { employeeId: { old: null, new: 3 } } }), { db: t.db });
    expect(await ofType(someone.api, 'access_changed')).toHaveLength(1);
  });

  it('a role’s permission change tells its active holders; a rename does not', async () => {
    const roleId = await createRole(t.db, 'Rol cambiante avisos', { works: ['view'] });
    const holder = await person(roleId);
    await notifier.subscriber.handle(domainEvent({ type: 'record.updated', resource: 'roles', recordId: roleId, actorId: adminId, changes: { description: { old: 'a', new: 'b' } } }), { db: t.db });
    expect(await ofType(holder.api, 'access_changed')).toEqual([]);
    await notifier.subscriber.handle(domainEvent({ type: 'record.updated', resource: 'roles', recordId: roleId, actorId: adminId, changes: { 'permissions.works': { old: 'ver', new: 'ver, editar' } } }), { db: t.db });
    const [item] = await ofType(holder.api, 'access_changed');
    expect(item).toMatchObject({ title: 'Cambiaron los permisos de tu rol', body: 'Los permisos del rol Rol cambiante avisos cambiaron; tu menú y lo que puedes hacer ya reflejan el cambio.' });
  });
});

describe('the bell’s API', () => {
  it('lists unread first and newest first, counts unread, pages, marks one and all read', async () => {
    const me = await person(requesterRole);
    const orders: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      let o = await order(me.api);
      o = await moved(me.api, o, { to: 'enviado' });
      await notifier.subscriber.handle(transitioned(o, compras.id, 'enviado', 'autorizado'), { db: t.db });
      orders.push(o);
    }
    let list = await bell(me.api);
    expect(list).toMatchObject({ total: 3, unread: 3 });
    expect(list.items.map((i) => i.title)).toEqual(orders.map((o) => `Tu pedido ${o.folio} fue autorizado`).reverse());
    const oldest = list.items[2]!;
    expect((await me.api.post(`${API}/notifications/${oldest.id}/read`)).statusCode).toBe(204);
    list = await bell(me.api);
    expect(list.unread).toBe(2);
    // The read one goes last, with its time.
    expect(list.items[2]).toMatchObject({ id: oldest.id });
    expect(list.items[2]!.readAt).not.toBeNull();
    expect((await bell(me.api, '?unread=1')).items.map((i) => i.id)).not.toContain(oldest.id);
    expect((await bell(me.api, '?page=2&pageSize=2')).items).toHaveLength(1);
    // Someone else's notification is not found.
    const theirs = (await bell(compras.api)).items[0]!;
    const res = await me.api.post(`${API}/notifications/${theirs.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'La notificación no existe' });
    expect((await me.api.post(`${API}/notifications/read-all`)).statusCode).toBe(204);
    expect(await bell(me.api)).toMatchObject({ total: 3, unread: 0 });
  });

  it('answers bad queries with Spanish messages and refuses anonymous callers', async () => {
    const bad = await ana.api.get(`${API}/notifications?unread=si`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('unread debe ser 1 o 0');
    const big = await ana.api.get(`${API}/notifications?pageSize=51`);
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain('El tamaño de página debe ser un número entero entre 1 y 50');
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['POST', '/notifications/read-all'],
      ['POST', '/notifications/1/read'],
      ['GET', '/notifications/preferences'],
      ['POST', '/notifications/stream-ticket'],
    ] as const) {
      expect((await t.app.inject({ method, url: `${API}${url}` })).statusCode, url).toBe(401);
    }
  });

  it('preferences: in-app always, e-mail per type, off by default; unknown types refused', async () => {
    const me = await person(requesterRole);
    const put = (body: unknown) => t.app.inject({ method: 'PUT', url: `${API}/notifications/preferences`, headers: bearer(me.token), payload: body as object });
    const res = await me.api.get(`${API}/notifications/preferences`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order_sent: { inApp: true, email: false },
      order_status: { inApp: true, email: false },
      approval_requested: { inApp: true, email: false },
      order_decided: { inApp: true, email: false },
      movement_status: { inApp: true, email: false },
      movement_late: { inApp: true, email: false },
      cut_open: { inApp: true, email: false },
      access_changed: { inApp: true, email: false },
      webhook_disabled: { inApp: true, email: false },
      stock_transfer: { inApp: true, email: false },
      stock_count: { inApp: true, email: false },
      emailConfigured: false,
    });
    const saved = await put({ order_status: { email: true }, cut_open: { inApp: true, email: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ order_status: { inApp: true, email: true }, cut_open: { inApp: true, email: true }, order_sent: { inApp: true, email: false } });
    expect((await put({ order_status: { email: false } })).json()).toMatchObject({ order_status: { inApp: true, email: false }, cut_open: { inApp: true, email: true } });
    const unknown = await put({ pedidos: { email: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Tipo de notificación desconocido');
    const offInApp = await put({ order_sent: { inApp: false, email: true } });
    expect(offInApp.statusCode).toBe(400);
    const notBoolean = await put({ order_sent: { email: 'sí' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.body).toContain('Debe ser sí o no');
  });
});
