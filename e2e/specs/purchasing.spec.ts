import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { DEVICES, shot } from '../support/shots';
import { expect, seedSession, test } from '../support/test';

/*
 * Purchasing control end to end (issue 18): an order at or above its company's approval limit is
 * refused to the clerk and authorised by Dirección; an authorisation over the project's budget asks
 * Dirección for a written justification; a CFDI uploaded on a delivered order shows «Coincide».
 * With SCREENSHOTS=1 it also leaves pictures of those screens (desktop and phone).
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const rowOf = (page: Page, folio: string) => page.getByRole('table').getByRole('row').filter({ hasText: folio });

type Options = { items: { value: number; label: string }[] };
type Saved = { id: number; version: number; folio: string; lines: { id: number; quantity: number }[] };

async function desk(browser: Browser, session: LoginResponse, viewport: { width: number; height: number } = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport });
  await seedSession(context, session);
  return context.newPage();
}

/** A valid RFC (persona moral) nobody else has: three letters, a real date (yymmdd), a homoclave. */
const freshRfc = () => `EPC2001${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}${randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase()}`;

/** A CFDI 4.0 de ingreso, stamped, from `issuer` to `receiver` for `subtotal` (IVA 16 %). */
function cfdi(issuer: string, receiver: string, subtotal: number): string {
  const iva = (subtotal * 0.16).toFixed(2);
  const total = (subtotal * 1.16).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="77" Fecha="2026-11-20T10:15:00" SubTotal="${subtotal.toFixed(2)}" Moneda="MXN" Total="${total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PPD" LugarExpedicion="76090">
  <cfdi:Emisor Rfc="${issuer}" Nombre="PROVEEDOR DE PRUEBA" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="${receiver}" Nombre="EMPRESA DE PRUEBA" DomicilioFiscalReceptor="76090" RegimenFiscalReceptor="601" UsoCFDI="G01"/>
  <cfdi:Impuestos TotalImpuestosTrasladados="${iva}"/>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${randomUUID().toUpperCase()}" FechaTimbrado="2026-11-20T10:16:02"/></cfdi:Complemento>
</cfdi:Comprobante>`;
}

interface Setting {
  requester: LoginResponse;
  clerk: LoginResponse;
  director: LoginResponse;
  workId: number;
  projectId: number;
  materialId: number;
  supplierId: number;
  supplierRfc: string;
  companyRfc: string;
}

/** A company with a $1,000,000.00 limit, its work, a project budgeted at $100,000.00, and the three people signed in. */
async function setting(request: APIRequestContext, admin: LoginResponse, login: (username: string, password: string) => Promise<LoginResponse>): Promise<Setting> {
  const companyRfc = freshRfc();
  const company = await apiCall<{ id: number }>(request, admin, 'POST', '/companies', { name: uniqueName('Constructora E2E'), rfc: companyRfc, approvalLimit: 1_000_000 });
  const category = (await apiCall<Options>(request, admin, 'GET', '/categories/options?limit=1')).items[0]!.value;
  const work = await apiCall<{ id: number }>(request, admin, 'POST', '/works', { code: uniqueName('OB-E2E').replace(' ', '-'), name: 'Torre Reforma', companyId: company.id, categoryId: category, status: 'en_ejecucion' });
  const project = await apiCall<{ id: number }>(request, admin, 'POST', '/projects', { code: uniqueName('PR-E2E').replace(' ', '-'), name: 'Losas', workId: work.id, managerId: admin.user.id, budget: 100_000 });
  const materialId = (await apiCall<Options>(request, admin, 'GET', '/materials/options?limit=1')).items[0]!.value;
  const supplierId = (await apiCall<Options>(request, admin, 'GET', '/suppliers/options?limit=1')).items[0]!.value;
  const supplierRfc = (await apiCall<{ rfc: string }>(request, admin, 'GET', `/suppliers/${supplierId}`)).rfc;
  const person = async (name: string, grants: Parameters<typeof createRole>[3]) =>
    login(await createUser(request, admin, await createRole(request, admin, uniqueName(name), grants)), USER_PASSWORD);
  return {
    requester: await person('E2E Residente', [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]),
    clerk: await person('E2E Compras', [{ module: 'history', view: true, edit: true }]),
    director: await person('E2E Dirección', [
      { module: 'history', view: true, edit: true },
      { module: 'orders_approval', view: true, edit: true },
    ]),
    workId: work.id,
    projectId: project.id,
    materialId,
    supplierId,
    supplierRfc,
    companyRfc,
  };
}

/** An order of the requester, sent: one line of `quantity` × `price`. */
async function sentOrder(request: APIRequestContext, s: Setting, quantity: number, price: number, projectId: number | null = null): Promise<Saved> {
  const order = await apiCall<Saved>(request, s.requester, 'POST', '/orders', {
    workId: s.workId,
    projectId,
    requiredDate: addBusinessDays(businessToday(), 21),
    lines: [{ materialId: s.materialId, quantity, unitPrice: price }],
  });
  return apiCall<Saved>(request, s.requester, 'POST', `/orders/${order.id}/transitions`, { version: order.version, to: 'enviado' });
}

const move = (request: APIRequestContext, session: LoginResponse, order: Saved, body: Record<string, unknown>) =>
  apiCall<Saved>(request, session, 'POST', `/orders/${order.id}/transitions`, { version: order.version, ...body });

async function openAction(page: Page, folio: string, action: string): Promise<Locator> {
  await rowOf(page, folio).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}: ${folio}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('approval limit, budget override and a matched CFDI', async ({ browser, sessions }) => {
  test.setTimeout(300_000);
  const admin = await sessions.admin();
  const s = await setting(sessions.request, admin, sessions.login);
  const large = await sentOrder(sessions.request, s, 1000, 2400);
  await move(sessions.request, s.director, await sentOrder(sessions.request, s, 100, 600, s.projectId), { to: 'autorizado' });
  const overBudget = await sentOrder(sessions.request, s, 100, 500, s.projectId);
  let delivered = await move(sessions.request, s.clerk, await sentOrder(sessions.request, s, 10, 100), { to: 'autorizado' });
  delivered = await move(sessions.request, s.clerk, delivered, { to: 'comprado', supplierId: s.supplierId });
  delivered = await move(sessions.request, s.clerk, delivered, { to: 'entregado', received: delivered.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })) });

  const clerk = await desk(browser, s.clerk);
  const director = await desk(browser, s.director);

  await test.step('the clerk may not authorise an order at or above the limit', async () => {
    await clerk.goto('/pedidos/historico');
    const dialog = await openAction(clerk, large.folio, 'Autorizar');
    await dialog.getByRole('button', { name: 'Autorizar', exact: true }).click();
    await expect(dialog.getByText('Este pedido requiere aprobación de Dirección: el total $2,400,000.00 es mayor o igual al límite de $1,000,000.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(rowOf(clerk, large.folio)).toContainText('Enviado');
  });

  await test.step('Dirección sees it waiting on the dashboard and authorises it', async () => {
    await director.goto('/');
    const waiting = director.getByRole('region', { name: 'Pedidos por aprobar' });
    await expect(waiting).toContainText(large.folio);
    if (process.env.SCREENSHOTS) await shot(director, 'purchasing-dashboard-desktop');
    await director.goto('/pedidos/historico');
    const dialog = await openAction(director, large.folio, 'Autorizar');
    await dialog.getByRole('button', { name: 'Autorizar', exact: true }).click();
    await expect(toast(director, `Pedido ${large.folio} autorizado`).last()).toBeVisible();
  });

  await test.step('over the project budget Dirección writes the justification', async () => {
    const dialog = await openAction(director, overBudget.folio, 'Autorizar');
    await expect(dialog.getByRole('region', { name: 'Presupuesto' })).toContainText('$100,000.00');
    await dialog.getByRole('button', { name: 'Autorizar', exact: true }).click();
    await expect(dialog.getByText(/por encima de su presupuesto de \$100,000\.00/)).toBeVisible();
    const comment = dialog.getByRole('textbox', { name: /Justificación de Dirección/ });
    await comment.fill('Cambio de especificación pedido por el cliente');
    if (process.env.SCREENSHOTS) await shot(director, 'purchasing-over-budget-desktop');
    await dialog.getByRole('button', { name: 'Autorizar', exact: true }).click();
    await expect(toast(director, `Pedido ${overBudget.folio} autorizado`).last()).toBeVisible();
    await rowOf(director, overBudget.folio).getByRole('cell').first().click();
    const detail = director.getByRole('dialog', { name: `Pedido ${overBudget.folio}` });
    await expect(detail.getByRole('region', { name: 'Historial de estatus' })).toContainText('Sobre presupuesto del proyecto «Losas»');
    await director.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  await test.step('a CFDI uploaded on the delivered order coincides with what was received', async () => {
    await rowOf(director, delivered.folio).getByRole('cell').first().click();
    const detail = director.getByRole('dialog', { name: `Pedido ${delivered.folio}` });
    const invoices = detail.getByRole('region', { name: 'Facturas del proveedor (CFDI)' });
    await expect(invoices).toContainText('Sin facturas registradas.');
    await invoices.getByLabel('XML del CFDI').setInputFiles({ name: 'factura.xml', mimeType: 'application/xml', buffer: Buffer.from(cfdi(s.supplierRfc, s.companyRfc, 1000)) });
    await invoices.getByRole('button', { name: 'Registrar factura' }).click();
    await expect(invoices.getByText('Coincide', { exact: true })).toBeVisible();
    await expect(invoices.getByText('Facturado', { exact: true })).toBeVisible();
    if (process.env.SCREENSHOTS) await shot(director, 'purchasing-invoices-desktop');
  });

  if (process.env.SCREENSHOTS) {
    await test.step('pictures on a phone', async () => {
      const phone = DEVICES.find((d) => d.name === 'phone')!.use.viewport;
      const page = await desk(browser, s.director, phone);
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Pedidos por aprobar' })).toBeVisible();
      await shot(page, 'purchasing-dashboard-phone');
      await page.goto('/pedidos/historico');
      await page.getByText(delivered.folio).first().click();
      const detail = page.getByRole('dialog', { name: `Pedido ${delivered.folio}` });
      await expect(detail.getByText('Coincide', { exact: true })).toBeVisible();
      await shot(page, 'purchasing-invoices-phone');
    });
  }
});
