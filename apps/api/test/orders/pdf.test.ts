import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../src/db/schema';
import { renderOrderPdf, type OrderPdfInput, type PdfOrder } from '../../src/modules/orders/pdf';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, firstId, ORDER_DATE, orderableWorkId, type Api } from '../catalogs/support';

/**
 * The text PDFKit drew: every content stream inflated, the hex strings of each TJ/Tj operator
 * decoded (WinAnsi, which for these characters is Latin-1) and joined per operator.
 */
function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '') : [op[2] ?? ''];
      texts.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return texts;
}

const line = (n: number, extra: Partial<PdfOrder['lines'][number]> = {}): PdfOrder['lines'][number] => ({
  id: n,
  materialId: n,
  material: { id: n, label: `MAT-${n} · Varilla corrugada 3/8"` },
  quantity: 12.5,
  unitId: 1,
  unit: { id: 1, label: 'pza' },
  unitPrice: 1234.5,
  amount: 15431.25,
  receivedQuantity: 0,
  notes: null,
  ...extra,
});

const order: PdfOrder = {
  folio: 'PED-000123',
  work: { id: 1, label: 'OB-001 · Torre Reforma' },
  project: { id: 2, label: 'PR-01 · Cimentación' },
  requestedBy: { id: 3, label: 'Juan Pérez Ñúñez' },
  requiredDate: '2026-12-01',
  supplier: null,
  status: { id: 2, code: 'enviado', name: 'Enviado', color: 'info' },
  notes: 'Entregar en el acceso norte',
  lines: [line(1), line(2, { unitPrice: null, amount: null, notes: 'Sin precio aún' })],
  total: 15431.25,
  createdAt: '2026-11-23T18:30:00.000Z',
};

const input: OrderPdfInput = {
  company: { name: 'Constructora del Norte SA de CV', rfc: 'CON990101AB1', address: 'Av. Constitución 100, Monterrey' },
  order,
  authorizedBy: 'María Luisa Gómez Ruiz',
  printedAt: '2026-11-24T01:15:00.000Z',
};

describe('order PDF', () => {
  it('is a valid PDF with the folio, company, work, lines with units, total, status and signatures', async () => {
    const pdf = await renderOrderPdf(input);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    const all = text.join('\n');
    for (const expected of [
      'PED-000123',
      'Constructora del Norte SA de CV',
      'RFC: CON990101AB1',
      'OB-001 · Torre Reforma',
      'Juan Pérez Ñúñez',
      'Estatus: Enviado',
      '01/12/26',
      // 18:30 UTC is 12:30 in Mexico City.
      '23/11/26 12:30',
      'Por asignar',
      'pza',
      '12.5',
      '$1,234.50',
      '$15,431.25',
      'Subtotal',
      'IVA (16 %)',
      // 15,431.25 × 16 % = 2,469.00; the total with it 17,900.25.
      '$2,469.00',
      '$17,900.25',
      'Total',
      'Solicitó',
      'Autorizó',
      'María Luisa Gómez Ruiz',
      'Recibió (proveedor)',
      'Página 1 de 1',
    ]) {
      expect(all).toContain(expected);
    }
  });

  it('continues long orders on new pages, numbered', async () => {
    const many = { ...input, order: { ...order, lines: Array.from({ length: 60 }, (_, i) => line(i + 1)) } };
    const all = pdfText(await renderOrderPdf(many)).join('\n');
    expect(all).toContain('MAT-60 · Varilla corrugada 3/8"');
    expect(all).toMatch(/Página 3 de 3/);
    expect(all).not.toContain('Página 4');
  });
});

describe('GET /orders/:id/pdf', () => {
  let t: TestApp;
  let ana: Api;
  let compras: Api;
  let comprasName: string;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    const requester = await createRole(t.db, 'Residente del PDF', { my_orders: ['view', 'create', 'edit', 'delete'] });
    const purchaser = await createRole(t.db, 'Compras del PDF', { history: ['view', 'edit'] });
    const anaUser = await createUser(t.app, { roleId: requester });
    ana = apiFor(t.app, (await login(t.app, anaUser.username, anaUser.password)).token);
    // Compras is linked to an employee: the PDF names the person, never the username.
    const [free] = await t.db
      .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName, secondLastName: employees.secondLastName })
      .from(employees)
      .where(sql`not exists (select 1 from users u where u.employee_id = ${employees.id})`)
      .limit(1);
    comprasName = [free!.firstName, free!.lastName, free!.secondLastName].filter(Boolean).join(' ');
    const comprasUser = await createUser(t.app, { roleId: purchaser, employeeId: free!.id });
    compras = apiFor(t.app, (await login(t.app, comprasUser.username, comprasUser.password)).token);
  });

  afterAll(() => t.close());

  const pdfOf = async (id: number) => {
    const res = await ana.get(`${API}/orders/${id}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload).join('\n');
  };

  it('names who authorised the order and shows Subtotal, IVA and Total of its lines', async () => {
    const created = await ana.post(`${API}/orders`, {
      workId: await orderableWorkId(ana),
      requiredDate: ORDER_DATE,
      lines: [{ materialId: await firstId(ana, '/materials'), quantity: 4, unitPrice: 250.5 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    let order = created.json() as { id: number; version: number };

    const draft = await pdfOf(order.id);
    expect(draft).toContain('Autorizó');
    expect(draft).not.toContain(comprasName);

    for (const [api, to] of [
      [ana, 'enviado'],
      [compras, 'autorizado'],
    ] as const) {
      const res = await api.post(`${API}/orders/${order.id}/transitions`, { to, version: order.version });
      expect(res.statusCode, res.body).toBe(200);
      order = res.json() as typeof order;
    }
    const authorised = await pdfOf(order.id);
    expect(authorised).toContain(comprasName);
    // 4 × $250.50 = $1,002.00; IVA $160.32; total $1,162.32.
    for (const expected of ['Subtotal', '$1,002.00', 'IVA (16 %)', '$160.32', 'Total', '$1,162.32']) expect(authorised).toContain(expected);
  });
});
