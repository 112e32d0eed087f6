import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailQueue, users } from '../../src/db/schema';
import { backoffMs, composeMail, MAIL_QUEUE, MAX_MAIL_ATTEMPTS } from '../../src/modules/notifications/mail';
import type { Notifier } from '../../src/modules/notifications/notifier';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, type Api, type Row, orderableWorkId, ORDER_DATE } from '../catalogs/support';
import { domainEvent, testNotifier } from './support';
import { until } from '../helpers/until';

/*
 * E-mail through a local SMTP server the test starts (smtp-server): the chosen types arrive with the
 * recipient, subject and link; with the server down the action still succeeds and the mail goes
 * out once it is back; a mail never accepted is dead after its attempts. The test's app runs its
 * jobs (the mail queue of lib/jobs) only when drained: `sending` drains while it waits.
 */

interface Received {
  to: string[];
  raw: string;
}

const PUBLIC_URL = 'https://goc.ejemplo.mx';
let t: TestApp;
let notifier: Notifier;
let server: SMTPServer;
let port: number;
const inbox: Received[] = [];
let admin: Api;
let ana: { id: number; api: Api; token: string };
let compras: { id: number; api: Api; token: string };
let workId: number;
let cement: number;

function startSmtp(onPort?: number): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(onPort ?? 0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
}

/** Resolves once `condition` holds, the app's jobs run meanwhile. */
const sending = (condition: () => boolean | Promise<boolean>, timeoutMs?: number) =>
  until(async () => {
    await t.app.jobs.drain();
    return condition();
  }, timeoutMs);

const stopSmtp = () => new Promise<void>((resolve) => server.close(() => resolve()));

/** The quoted-printable text of a raw message, decoded enough to read a URL. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));


async function authorised(): Promise<string> {
  const created = await ana.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 2 }] });
  let order = created.json() as { id: number; version: number; folio: string };
  order = (await ana.api.post(`${API}/orders/${order.id}/transitions`, { to: 'enviado', version: order.version })).json() as typeof order;
  const res = await compras.api.post(`${API}/orders/${order.id}/transitions`, { to: 'autorizado', version: order.version });
  expect(res.statusCode, res.body).toBe(200);
  await notifier.subscriber.handle(domainEvent({ resource: 'orders', recordId: order.id, actorId: compras.id, fromStatus: 'enviado', toStatus: 'autorizado' }), { db: t.db });
  return order.folio;
}

beforeAll(async () => {
  port = await startSmtp();
  const mail = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'GOC <avisos@ejemplo.mx>', publicUrl: PUBLIC_URL };
  t = await createTestApp({ build: { events: { dispatch: false } }, demoData: true, config: { mail, notifications: { mailRetryBaseMs: 100 } } });
  notifier = testNotifier(t);
  admin = apiFor(t.app, (await login(t.app)).token);
  const requester = await createUser(t.app, { roleId: await createRole(t.db, 'Residente correo', { my_orders: ['view', 'create', 'edit'] }) });
  const session = await login(t.app, requester.username, requester.password);
  ana = { id: requester.id, api: apiFor(t.app, session.token), token: session.token };
  const purchaser = await createUser(t.app, { roleId: await createRole(t.db, 'Compras correo', { history: ['view', 'edit'] }) });
  const purchasing = await login(t.app, purchaser.username, purchaser.password);
  compras = { id: purchaser.id, api: apiFor(t.app, purchasing.token), token: purchasing.token };
  workId = await orderableWorkId(ana.api);
  cement = Number((await optionsOf(ana.api, '/materials'))[0]!.value);
});

afterAll(async () => {
  await notifier.stop();
  await t.close();
  await stopSmtp();
});

describe('a user’s e-mail address', () => {
  it('is validated and stored in lower case through the users resource', async () => {
    const current = (await admin.get(`${API}/users/${ana.id}`)).json() as Row;
    const bad = await admin.patch(`${API}/users/${ana.id}`, { version: current.version, email: 'no-es-un-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Correo electrónico inválido');
    const ok = await admin.patch(`${API}/users/${ana.id}`, { version: current.version, email: 'Ana.Residente@Ejemplo.MX' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'ana.residente@ejemplo.mx' });
  });
});

describe('e-mail of notifications', () => {
  it('sends nothing for a type the user did not choose', async () => {
    const before = inbox.length;
    await authorised();
    await new Promise((r) => setTimeout(r, 400));
    expect(inbox.length).toBe(before);
    expect(await t.db.select().from(mailQueue)).toEqual([]);
  });

  it('a chosen type arrives with the recipient, the subject and the link to the record', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `${API}/notifications/preferences`, headers: bearer(ana.token), payload: { order_status: { email: true } } });
    expect(put.statusCode, put.body).toBe(200);
    // GOC_SMTP_URL is set here: the preferences page offers the e-mail column.
    expect(put.json()).toMatchObject({ order_status: { inApp: true, email: true }, emailConfigured: true });
    const folio = await authorised();
    await sending(() => inbox.some((m) => m.raw.includes(folio)), 5_000);
    const mail = inbox.find((m) => m.raw.includes(folio))!;
    expect(mail.to).toEqual(['ana.residente@ejemplo.mx']);
    expect(mail.raw).toContain(`Subject: GOC: Tu pedido ${folio} fue autorizado`);
    expect(mail.raw).toContain('From: GOC <avisos@ejemplo.mx>');
    expect(decoded(mail.raw)).toContain(`${PUBLIC_URL}/pedidos/mis-pedidos?q=${folio}`);
    expect(mail.raw).toContain('text/html');
    const stored = async () => (await t.db.select().from(mailQueue).where(eq(mailQueue.toAddress, 'ana.residente@ejemplo.mx')))[0];
    // The server has it; the queue records the send right after.
    await sending(async () => (await stored())?.sentAt != null, 2_000);
    expect(await stored()).toMatchObject({ attempts: 1, lastError: null });
  });

  it('with the SMTP server down the transition still succeeds; the mail goes out once the server is back', async () => {
    await stopSmtp();
    const folio = await authorised();
    // The failed attempt is recorded for a retry.
    await sending(async () => (await t.db.select().from(mailQueue)).some((r) => r.subject.includes(folio) && r.lastError !== null), 5_000);
    const [pending] = (await t.db.select().from(mailQueue)).filter((r) => r.subject.includes(folio));
    expect(pending!.sentAt).toBeNull();
    expect(pending!.attempts).toBeGreaterThanOrEqual(1);
    await startSmtp(port);
    await sending(() => inbox.some((m) => m.raw.includes(folio)), 10_000);
    const sentRow = async () => (await t.db.select().from(mailQueue)).find((r) => r.subject.includes(folio));
    await sending(async () => (await sentRow())?.sentAt != null, 2_000);
    const sent = await sentRow();
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
  });

  it('through the outbox of a process that sends mail: the transition answers 200 while the server is down, the mail follows once it is back', async () => {
    // A second process on the database, its dispatcher on: the action's own event makes the mail.
    const b = await t.variant({ mail: t.config.mail, notifications: { mailRetryBaseMs: 100 } });
    await stopSmtp();
    const created = await ana.api.post(`${API}/orders`, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: cement, quantity: 5 }] });
    let order = created.json() as { id: number; version: number; folio: string };
    order = (await ana.api.post(`${API}/orders/${order.id}/transitions`, { to: 'enviado', version: order.version })).json() as typeof order;
    const res = await b.inject({ method: 'POST', url: `${API}/orders/${order.id}/transitions`, headers: bearer(compras.token), payload: { to: 'rechazado', version: order.version, comment: 'Sin presupuesto' } });
    expect(res.statusCode, res.body).toBe(200);
    await b.events.drain();
    const row = async () => (await t.db.select().from(mailQueue)).find((r) => r.subject.includes(order.folio));
    await until(async () => (await row())?.lastError != null, 5_000);
    expect((await row())!.sentAt).toBeNull();
    await startSmtp(port);
    await until(() => inbox.some((m) => m.raw.includes(`Subject: GOC: Tu pedido ${order.folio} fue rechazado`)), 10_000);
    const mail = inbox.find((m) => m.raw.includes(order.folio))!;
    expect(mail.to).toEqual(['ana.residente@ejemplo.mx']);
    expect(decoded(mail.raw)).toContain(`${PUBLIC_URL}/pedidos/mis-pedidos?q=${order.folio}`);
    expect(decoded(mail.raw)).toContain('Comentario: Sin presupuesto');
    // Its dispatcher would deliver the events of the tests below too.
    await b.close();
  });

  it('a mail the server never accepts is dead after its 12 attempts: the row keeps the last error, Tareas en segundo plano and /metrics show it', async () => {
    // A process whose retries come at once (1 ms doubling), so the 12 attempts take about 4 s.
    const c = await t.variant({ mail: t.config.mail, notifications: { mailRetryBaseMs: 1 } }, undefined, { events: { dispatch: false } });
    await stopSmtp();
    try {
      const folio = await authorised();
      const row = async () => (await t.db.select().from(mailQueue)).find((r) => r.subject.includes(folio));
      const job = async () => {
        const mailId = (await row())?.id;
        return (await t.db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE))).find((j) => j.payload.mailId === mailId);
      };
      await until(async () => {
        await c.jobs.drain();
        return (await job())?.state === 'dead';
      }, 20_000);
      expect(await row()).toMatchObject({ attempts: MAX_MAIL_ATTEMPTS, sentAt: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
      expect(await job()).toMatchObject({ state: 'dead', attempts: MAX_MAIL_ATTEMPTS, lastError: expect.stringMatching(/ECONNREFUSED/) });
      const metrics = (await c.inject({ method: 'GET', url: '/metrics' })).body;
      const figure = (series: string) => Number(new RegExp(`^${series.replace(/[{}.]/g, '\\$&')} (\\d+)$`, 'm').exec(metrics)?.[1]);
      // This process's drains also delivered the events of the order's own transitions (another mail
      // for it, still in back-off or dead as well): at least this mail's attempts are counted.
      expect(figure(`goc_jobs_dead{queue="${MAIL_QUEUE}"}`)).toBeGreaterThanOrEqual(1);
      expect(figure(`goc_jobs_attempts_total{queue="${MAIL_QUEUE}",outcome="dead"}`)).toBeGreaterThanOrEqual(1);
      expect(figure(`goc_jobs_attempts_total{queue="${MAIL_QUEUE}",outcome="failed"}`)).toBeGreaterThanOrEqual(MAX_MAIL_ATTEMPTS - 1);
    } finally {
      await startSmtp(port);
    }
  });

  it('an inactive user gets no e-mail', async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.id, ana.id));
    const queued = (await t.db.select().from(mailQueue)).length;
    await notifier.subscriber.handle(domainEvent({ resource: 'orders', recordId: 1, actorId: compras.id, fromStatus: 'enviado', toStatus: 'autorizado' }), { db: t.db });
    expect((await t.db.select().from(mailQueue)).length).toBe(queued);
    await t.db.update(users).set({ active: true }).where(eq(users.id, ana.id));
  });
});

describe('composition and back-off', () => {
  it('escapes the HTML and links to the public address', () => {
    const mail = composeMail({ publicUrl: PUBLIC_URL }, { id: 1, type: 'order_status', title: 'Pedido <b>', body: 'Uno & dos', link: '/pedidos/mis-pedidos?folio=PED-000001', createdAt: '', readAt: null });
    expect(mail.subject).toBe('GOC: Pedido <b>');
    expect(mail.html).toContain('Pedido &lt;b&gt;');
    expect(mail.html).toContain('Uno &amp; dos');
    expect(mail.text).toContain(`Ábrelo en GOC: ${PUBLIC_URL}/pedidos/mis-pedidos?folio=PED-000001`);
  });

  it('doubles the wait after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30_000, 20)).toBe(3_600_000);
  });
});
