import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CFDI_LIMITS, INVOICE_MESSAGES } from '@goc/contracts';
import { auditLog, categories, companies, orderInvoices, orders, suppliers, users, works } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, ORDER_DATE, parseCsv, type Api, type Row } from '../catalogs/support';
import { nestedAddenda } from '../helpers/hostile-files';
import { expectResponsive, healthWhile } from '../helpers/responsive';
import { cfdiXml, ENTITY_BOMB, EXTERNAL_ENTITY, multipart, SAMPLE_PDF, type CfdiOptions } from './cfdi-samples';

/*
 * Supplier invoices (CFDI 4.0) of an order through the HTTP API: what is read from the XML, every
 * refusal with its Spanish reason, the match against what was received and the order's invoice
 * status (list filter and export). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const URL = `${API}/orders`;
const COMPANY_RFC = 'CFA200101AB3';
const SUPPLIER_RFC = 'PRO850101AB4';

let t: TestApp;
let residente: Api;
let compras: Api; // history view + edit
let lector: Api; // history view
let token: string;
let workId: number;
let supplierId: number;
let materials: number[];

type Order = Row & { id: number; version: number; folio: string; total: number; lines: { id: number; quantity: number }[]; status: { code: string }; invoiceStatus: string };

async function sessionWith(name: string, grants: Parameters<typeof createRole>[2]): Promise<{ api: Api; token: string }> {
  const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
  const session = await login(t.app, user.username, user.password);
  return { api: apiFor(t.app, session.token), token: session.token };
}

async function moved(api: Api, order: { id: number; version: number }, body: Record<string, unknown>): Promise<Order> {
  const res = await api.post(`${URL}/${order.id}/transitions`, { version: order.version, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** An order of two lines of $1,000.00 each (10 × $100, 5 × $200), bought from the test supplier. */
async function boughtOrder(): Promise<Order> {
  const created = await residente.post(URL, {
    workId,
    requiredDate: ORDER_DATE,
    lines: [
      { materialId: materials[0], quantity: 10, unitPrice: 100 },
      { materialId: materials[1], quantity: 5, unitPrice: 200 },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  let order = created.json() as Order;
  order = await moved(residente, order, { to: 'enviado' });
  order = await moved(compras, order, { to: 'autorizado' });
  return moved(compras, order, { to: 'comprado', supplierId });
}

/** Receives `share` of every line (1: all of it). */
const deliver = (order: Order, share: number) =>
  moved(compras, order, { to: share === 1 ? 'entregado' : 'entregado_parcial', received: order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity * share })) });

const matching = (over: CfdiOptions = {}): CfdiOptions => ({ issuerRfc: SUPPLIER_RFC, receiverRfc: COMPANY_RFC, ...over });

function upload(orderId: number, xml: string | Buffer, pdf?: Buffer, as: string = token) {
  const parts = [{ name: 'xml', fileName: 'factura.xml', type: 'application/xml', content: xml }];
  if (pdf) parts.push({ name: 'pdf', fileName: 'factura.pdf', type: 'application/pdf', content: pdf });
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `${URL}/${orderId}/invoices`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${as}` } });
}

const orderNow = async (id: number) => (await compras.get(`${URL}/${id}`)).json() as Order;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  residente = (await sessionWith('Residente de facturas', { my_orders: ['view', 'create', 'edit', 'delete'] })).api;
  const purchasing = await sessionWith('Compras de facturas', { history: ['view', 'edit'] });
  compras = purchasing.api;
  token = purchasing.token;
  lector = (await sessionWith('Consulta de facturas', { history: ['view'] })).api;
  const [category] = await t.db.select({ id: categories.id }).from(categories).limit(1);
  const [company] = await t.db.insert(companies).values({ name: 'Constructora de Facturas, S.A. de C.V.', rfc: COMPANY_RFC }).returning({ id: companies.id });
  const [work] = await t.db
    .insert(works)
    .values({ code: 'OB-FAC-1', name: 'Hospital General', companyId: company!.id, categoryId: category!.id, status: 'en_ejecucion' })
    .returning({ id: works.id });
  workId = work!.id;
  const [supplier] = await t.db.insert(suppliers).values({ name: 'Proveedora del Centro', rfc: SUPPLIER_RFC }).returning({ id: suppliers.id });
  supplierId = supplier!.id;
  materials = (await optionsOf(compras, '/materials')).slice(0, 2).map((o) => Number(o.value));
  await t.db.select({ id: users.id }).from(users).limit(1);
});

afterAll(() => t.close());

describe('registering a supplier invoice', () => {
  it('reads the CFDI 4.0 and answers 201 with its figures and the match against what was received', async () => {
    const order = await deliver(await boughtOrder(), 1);
    const uuid = '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B';
    const res = await upload(order.id, cfdiXml(matching({ uuid, subtotal: '2000.00' })));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      uuid,
      series: 'F',
      folio: '1024',
      issuedAt: '2026-11-20T10:15:00',
      issuerRfc: SUPPLIER_RFC,
      issuerName: 'CEMENTOS Y AGREGADOS DEL SURESTE',
      receiverRfc: COMPANY_RFC,
      subtotal: 2000,
      taxes: 320,
      total: 2320,
      currency: 'MXN',
      hasPdf: false,
      match: { status: 'coincide', invoiced: 2000, received: 2000, difference: 0 },
    });
    expect((await orderNow(order.id)).invoiceStatus).toBe('facturado');
    const [stored] = await t.db.select({ xml: orderInvoices.xml }).from(orderInvoices).where(eq(orderInvoices.uuid, uuid));
    expect(stored!.xml.toString('utf8')).toContain('TimbreFiscalDigital');
  });

  it('adds several invoices up: partial, then matched within ±$1.00 or ±0.5 %, then above what arrived', async () => {
    let order = await deliver(await boughtOrder(), 0.5);
    const first = await upload(order.id, cfdiXml(matching({ subtotal: '600.00' })));
    expect(first.json().match).toEqual({ status: 'diferencia', invoiced: 600, received: 1000, difference: -400 });
    expect((await orderNow(order.id)).invoiceStatus).toBe('parcial');
    // 1 004.00 of 1 000.00: 0.4 %, within the tolerance.
    const second = await upload(order.id, cfdiXml(matching({ subtotal: '404.00' })));
    expect(second.json().match).toEqual({ status: 'coincide', invoiced: 1004, received: 1000, difference: 4 });
    expect((await orderNow(order.id)).invoiceStatus).toBe('facturado');
    // The rest arrives: the invoices now cover half of it again.
    order = await deliver(await orderNow(order.id), 0.5);
    expect(order.invoiceStatus).toBe('parcial');
    const listed = (await lector.get(`${URL}/${order.id}/invoices`)).json();
    expect(listed).toMatchObject({ invoiceStatus: 'parcial', canEdit: false, match: { status: 'diferencia', invoiced: 1004, received: 2000, difference: -996 } });
    expect(listed.items).toHaveLength(2);
    const over = await upload(order.id, cfdiXml(matching({ subtotal: '1500.00' })));
    expect(over.json().match).toEqual({ status: 'diferencia', invoiced: 2504, received: 2000, difference: 504 });
    expect((await orderNow(order.id)).invoiceStatus).toBe('diferencia');
  });

  it('matches an invoice in another currency at its exchange rate, net of its discount', async () => {
    const order = await deliver(await boughtOrder(), 1);
    const res = await upload(order.id, cfdiXml(matching({ currency: 'USD', exchangeRate: '20.000000', subtotal: '110.00', discount: '10.00' })));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'USD', exchangeRate: 20, subtotal: 110, discount: 10, amountMxn: 2000, match: { status: 'coincide', invoiced: 2000 } });
  });

  it('keeps the PDF beside the XML when it is one, by its bytes', async () => {
    const order = await deliver(await boughtOrder(), 1);
    const notPdf = await upload(order.id, cfdiXml(matching({ subtotal: '2000.00' })), Buffer.from('esto no es un pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().fields).toEqual({ pdf: INVOICE_MESSAGES.notPdf });
    const res = await upload(order.id, cfdiXml(matching({ subtotal: '2000.00' })), SAMPLE_PDF);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hasPdf).toBe(true);
    const pdf = await lector.get(`${URL}/${order.id}/invoices/${res.json().id as number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    const xml = await lector.get(`${URL}/${order.id}/invoices/${res.json().id as number}/xml`);
    expect(xml.body).toContain(res.json().uuid as string);
  });
});

describe('refusing an invoice', () => {
  let order: Order;
  beforeAll(async () => {
    order = await deliver(await boughtOrder(), 1);
  });

  const refusedWith = async (xml: string, message: string) => {
    const res = await upload(order.id, xml);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
  };

  it('that is not a CFDI 4.0 Comprobante', async () => {
    await refusedWith(cfdiXml(matching({ version: '3.3', namespace: 'http://www.sat.gob.mx/cfd/3' })), INVOICE_MESSAGES.notCfdi4);
    await refusedWith(cfdiXml(matching({ version: '3.3' })), 'El XML no es un CFDI 4.0: falta el nodo cfdi:Comprobante con Version="4.0"');
    await refusedWith('<factura><total>10</total></factura>', INVOICE_MESSAGES.notCfdi4);
  });

  it('that is not an ingreso', async () => {
    await refusedWith(cfdiXml(matching({ type: 'E' })), 'El CFDI es de tipo «E» (egreso): solo se registran facturas de ingreso (tipo I)');
    await refusedWith(cfdiXml(matching({ type: 'P' })), 'El CFDI es de tipo «P» (pago): solo se registran facturas de ingreso (tipo I)');
  });

  it('without a TimbreFiscalDigital 1.1 UUID', async () => {
    await refusedWith(cfdiXml(matching({ uuid: null })), 'El CFDI no está timbrado: falta el UUID del TimbreFiscalDigital 1.1');
    await refusedWith(cfdiXml(matching({ stampVersion: '1.0' })), INVOICE_MESSAGES.noUuid);
  });

  it('issued by someone other than the order’s supplier', async () => {
    await refusedWith(cfdiXml(matching({ issuerRfc: 'OTR850101AB5' })), 'El RFC del emisor (OTR850101AB5) no es el del proveedor del pedido, Proveedora del Centro (PRO850101AB4)');
  });

  it('addressed to a company other than the work’s', async () => {
    await refusedWith(
      cfdiXml(matching({ receiverRfc: 'GOC950314KT2' })),
      'El RFC del receptor (GOC950314KT2) no es el de la empresa de la obra, Constructora de Facturas, S.A. de C.V. (CFA200101AB3)',
    );
  });

  it('in another currency without its exchange rate', async () => {
    await refusedWith(
      cfdiXml(matching({ currency: 'USD', exchangeRate: null })),
      'La moneda del CFDI es USD y no trae TipoCambio: solo se registran facturas en MXN o en otra moneda con su tipo de cambio',
    );
  });

  it('that is not XML at all', async () => {
    const res = await upload(order.id, 'PDF de la factura, no su XML');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^El archivo no es un XML válido: /);
  });

  it('with a DOCTYPE: an entity bomb or an external entity is refused without being expanded', async () => {
    const started = Date.now();
    await refusedWith(ENTITY_BOMB, INVOICE_MESSAGES.doctype);
    expect(Date.now() - started).toBeLessThan(2000);
    await refusedWith(EXTERNAL_ENTITY, 'El XML declara un DOCTYPE o entidades; por seguridad no se procesa. Sube el XML tal como lo timbró el SAT');
    expect(await t.db.select({ id: orderInvoices.id }).from(orderInvoices).where(eq(orderInvoices.orderId, order.id))).toEqual([]);
  });

  it('larger than 2 MB (413), without an xml part (400), or for an order not yet bought (409)', async () => {
    const big = cfdiXml(matching()).replace('<cfdi:Conceptos>', `<cfdi:Conceptos><!--${'x'.repeat(2 * 1024 * 1024)}-->`);
    const tooLarge = await upload(order.id, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(INVOICE_MESSAGES.tooLarge);
    const body = multipart([{ name: 'pdf', fileName: 'factura.pdf', type: 'application/pdf', content: SAMPLE_PDF }]);
    const missing = await t.app.inject({ method: 'POST', url: `${URL}/${order.id}/invoices`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ xml: INVOICE_MESSAGES.xmlMissing });
    const created = await residente.post(URL, { workId, requiredDate: ORDER_DATE, lines: [{ materialId: materials[0], quantity: 1, unitPrice: 10 }] });
    const sent = await moved(residente, created.json() as Order, { to: 'enviado' });
    const early = await upload(sent.id, cfdiXml(matching()));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo se registran facturas de pedidos comprados o entregados; este pedido está «Enviado»');
  });

  it('whose UUID is already registered, naming the order that has it', async () => {
    const first = await deliver(await boughtOrder(), 1);
    const uuid = 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D';
    expect((await upload(first.id, cfdiXml(matching({ uuid, subtotal: '2000.00' })))).statusCode).toBe(201);
    for (const again of [uuid, uuid.toLowerCase()]) {
      const res = await upload(order.id, cfdiXml(matching({ uuid: again, subtotal: '2000.00' })));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`El CFDI ${uuid} ya está registrado en el pedido ${first.folio}`);
    }
  });

  it('from someone without Histórico edit (403); reading is open to the order’s readers', async () => {
    const reader = await sessionWith('Consulta de facturas 2', { history: ['view'] });
    const res = await upload(order.id, cfdiXml(matching()), undefined, reader.token);
    expect(res.statusCode).toBe(403);
    expect((await lector.get(`${URL}/${order.id}/invoices`)).statusCode).toBe(200);
  });
});

describe('removing an invoice and the invoice status in lists', () => {
  it('recomputes the status, audits both changes, and filters and exports Histórico by it', async () => {
    const order = await deliver(await boughtOrder(), 1);
    const added = (await upload(order.id, cfdiXml(matching({ subtotal: '2000.00' })))).json() as Row;
    const filters = encodeURIComponent(JSON.stringify({ invoiceStatus: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'facturado' }] } }));
    const listed = (await compras.get(`${URL}?scope=all&pageSize=100&filters=${filters}`)).json() as { items: Order[] };
    expect(listed.items.map((o) => o.id)).toContain(order.id);
    expect(listed.items.every((o) => o.invoiceStatus === 'facturado')).toBe(true);
    const csv = parseCsv((await compras.get(`${URL}/export?format=csv&scope=all&filters=${filters}`)).body);
    const header = csv[0]!;
    const row = csv.find((r) => r.includes(order.folio))!;
    expect(row[header.indexOf('Facturación')]).toBe('Facturado');

    expect((await lector.del(`${URL}/${order.id}/invoices/${added.id as number}`)).statusCode).toBe(403);
    const removed = await compras.del(`${URL}/${order.id}/invoices/${added.id as number}`);
    expect(removed.statusCode).toBe(204);
    expect((await compras.del(`${URL}/${order.id}/invoices/${added.id as number}`)).statusCode).toBe(404);
    expect((await orderNow(order.id)).invoiceStatus).toBe('sin_factura');
    const audit = await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entityId, order.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['invoice.added', 'invoice.removed']));
    expect(audit.find((a) => a.action === 'invoice.removed')!.changes).toMatchObject({ invoices: { old: { uuid: added.uuid }, new: null }, invoiceStatus: { old: 'facturado', new: 'sin_factura' } });
    const [stored] = await t.db.select({ status: orders.invoiceStatus }).from(orders).where(eq(orders.id, order.id));
    expect(stored!.status).toBe('sin_factura');
  });
});

describe('a hostile or inconsistent invoice (issue 46)', () => {
  let order: Order;
  beforeAll(async () => {
    order = await deliver(await boughtOrder(), 1);
  });

  const storedInvoices = async () => (await t.db.select({ id: orderInvoices.id }).from(orderInvoices).where(eq(orderInvoices.orderId, order.id))).length;

  /** Uploads `xml` while /health is measured; expects `status` and `message` and no invoice stored. */
  async function refused(xml: string | Buffer, status: number, message: string) {
    const { answer, durations, healthStatuses } = await healthWhile(t.app, () => upload(order.id, xml));
    expect([answer.statusCode, answer.json().message]).toEqual([status, message]);
    expect(await storedInvoices()).toBe(0);
    expect((await orderNow(order.id)).invoiceStatus).toBe('sin_factura');
    expect([...healthStatuses]).toEqual([200]);
    expectResponsive(durations);
  }

  it('nests 20 000 or 200 000 elements in its Addenda: refused at 64 levels without freezing the API (400)', async () => {
    for (const depth of [20_000, 200_000]) await refused(nestedAddenda(cfdiXml(matching()), depth), 400, INVOICE_MESSAGES.tooDeep);
  });

  it('holds more elements than a CFDI has (413)', async () => {
    const flat = cfdiXml(matching()).replace('</cfdi:Comprobante>', `<cfdi:Addenda>${'<a/>'.repeat(CFDI_LIMITS.maxElements)}</cfdi:Addenda></cfdi:Comprobante>`);
    await refused(flat, 413, INVOICE_MESSAGES.tooManyElements);
  });

  it('is larger than the XML limit: 413 with the XML’s message, counted as it streams', async () => {
    const big = Buffer.concat([Buffer.from(cfdiXml(matching())), Buffer.alloc(9 * 1024 * 1024, 0x20)]);
    await refused(big, 413, 'El XML del CFDI supera 2 MB');
  });

  it('has a Total that is not SubTotal − Descuento + traslados − retenciones (422, naming both)', async () => {
    const xml = cfdiXml(matching({ subtotal: '1000.00', iva: '160.00' })).replace('Total="1160.00"', 'Total="1200.00"');
    await refused(xml, 422, 'El Total del CFDI (1,200.00 MXN) no cuadra con SubTotal − Descuento + impuestos trasladados − impuestos retenidos (1,160.00 MXN)');
  });

  it('declared ISO-8859-1: read by its declaration and stored as the very bytes received', async () => {
    const text = cfdiXml(matching({ issuerName: 'MATERIALES ÑANDÚ DEL BAJÍO' })).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const bytes = Buffer.from(text, 'latin1');
    const own = await deliver(await boughtOrder(), 1);
    const res = await upload(own.id, bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().issuerName).toBe('MATERIALES ÑANDÚ DEL BAJÍO');
    const [stored] = await t.db.select({ xml: orderInvoices.xml }).from(orderInvoices).where(eq(orderInvoices.id, res.json().id as number));
    expect(Buffer.compare(stored!.xml, bytes)).toBe(0);
    const download = await lector.get(`${URL}/${own.id}/invoices/${res.json().id as number}/xml`);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
  });

  it('declares an encoding that does not exist, or bytes that are not its encoding (422)', async () => {
    await refused(cfdiXml(matching()).replace('encoding="UTF-8"', 'encoding="KLINGON-8"'), 422, INVOICE_MESSAGES.encoding('KLINGON-8'));
    await refused(Buffer.from(cfdiXml(matching({ issuerName: 'ÑANDÚ' })), 'latin1'), 422, INVOICE_MESSAGES.badBytes('UTF-8'));
  });
});
