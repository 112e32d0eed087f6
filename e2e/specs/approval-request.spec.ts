import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { expect, seedSession, test } from '../support/test';

/*
 * Approval requests end to end (issue 41): Compras sees why an order over its company's limit waits,
 * asks Dirección with a comment, and Dirección — on a phone — finds it among «Pedidos por aprobar»,
 * taps it, reads the request in the timeline and authorises it.
 */

type Options = { items: { value: number; label: string }[] };
type Saved = { id: number; version: number; folio: string };

async function open(browser: Browser, session: LoginResponse, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport });
  await seedSession(context, session);
  return context.newPage();
}

test('Compras asks Dirección for an over-limit approval, granted from a phone', async ({ browser, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  const request = sessions.request;
  const company = await apiCall<{ id: number }>(request, admin, 'POST', '/companies', { name: uniqueName('Constructora Solicitud'), rfc: `ESO2001${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}${randomUUID().replace(/-/g, '').slice(0, 3).toUpperCase()}`, approvalLimit: 1_000_000 });
  const category = (await apiCall<Options>(request, admin, 'GET', '/categories/options?limit=1')).items[0]!.value;
  const work = await apiCall<{ id: number }>(request, admin, 'POST', '/works', { code: uniqueName('OB-SOL').replace(' ', '-'), name: 'Torre Solicitud', companyId: company.id, categoryId: category, status: 'en_ejecucion' });
  const materialId = (await apiCall<Options>(request, admin, 'GET', '/materials/options?limit=1')).items[0]!.value;
  const person = async (name: string, grants: Parameters<typeof createRole>[3]) =>
    sessions.login(await createUser(request, admin, await createRole(request, admin, uniqueName(name), grants)), USER_PASSWORD);
  const requester = await person('E2E Residente solicitud', [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const clerk = await person('E2E Compras solicitud', [{ module: 'history', view: true, edit: true }]);
  const director = await person('E2E Dirección solicitud', [
    { module: 'history', view: true, edit: true },
    { module: 'orders_approval', view: true, edit: true },
  ]);
  const draft = await apiCall<Saved>(request, requester, 'POST', '/orders', {
    workId: work.id,
    requiredDate: addBusinessDays(businessToday(), 21),
    lines: [{ materialId, quantity: 1000, unitPrice: 1500 }],
  });
  const order = await apiCall<Saved>(request, requester, 'POST', `/orders/${draft.id}/transitions`, { version: draft.version, to: 'enviado' });
  const reason = 'Requiere aprobación de Dirección: total ≥ límite de $1,000,000.00';
  const comment = 'Proveedor único; el precio se sostiene hasta el viernes';

  await test.step('Compras reads why the order waits and asks Dirección', async () => {
    const page = await open(browser, clerk, { width: 1366, height: 768 });
    await page.goto(`/pedidos/historico?q=${order.folio}`);
    await page.getByRole('table').getByRole('row').filter({ hasText: order.folio }).getByRole('button', { name: 'Autorizar', exact: true }).click();
    const authorise = page.getByRole('dialog', { name: `Autorizar: ${order.folio}` });
    await expect(authorise.getByText(reason)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(authorise).toBeHidden();

    await page.getByRole('table').getByRole('row').filter({ hasText: order.folio }).getByText(order.folio).click();
    const detail = page.getByRole('dialog', { name: `Pedido ${order.folio}` });
    await expect(detail.getByText(reason)).toBeVisible();
    await detail.getByRole('button', { name: 'Solicitar aprobación a Dirección' }).click();
    const ask = page.getByRole('dialog', { name: 'Solicitar aprobación a Dirección' });
    await ask.getByLabel(/^Comentario para Dirección/).fill('ok');
    await ask.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(ask.getByText('Escribe un comentario de al menos 5 caracteres para Dirección')).toBeVisible();
    await ask.getByLabel(/^Comentario para Dirección/).fill(comment);
    await ask.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Solicitud de aprobación del pedido ${order.folio} enviada a Dirección` })).toBeVisible();
    await expect(detail.getByText(`Solicitud de aprobación a Dirección (${reason}): ${comment}`)).toBeVisible();
    await page.context().close();
  });

  await test.step('Dirección, on a phone, taps it among «Pedidos por aprobar» and authorises it', async () => {
    const page = await open(browser, director, { width: 390, height: 844 });
    await page.goto('/');
    // The widget lists the five waiting longest, each with its reason; a tap opens that order.
    const widget = page.getByRole('region', { name: 'Pedidos por aprobar' });
    const first = widget.getByRole('listitem').getByRole('link').first();
    await expect(first).toContainText(/Requiere aprobación de Dirección|Excede el presupuesto/, { timeout: 30_000 });
    const firstFolio = (await first.textContent())?.match(/PED-\d+/)?.[0] ?? '';
    await first.click();
    await expect(page.getByRole('dialog', { name: `Pedido ${firstFolio}` })).toBeVisible();
    await page.keyboard.press('Escape');
    // Ours is opened from the notification the request sent Dirección.
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-item').filter({ hasText: `Pedido ${order.folio}: se solicita tu aprobación` }).click();
    await expect(page).toHaveURL(new RegExp(`/pedidos/historico\\?q=${order.folio}&ver=${order.id}`));
    const detail = page.getByRole('dialog', { name: `Pedido ${order.folio}` });
    await expect(detail.getByText(`«Solicitud de aprobación a Dirección (${reason}): ${comment}»`)).toBeVisible();
    await detail.getByRole('button', { name: 'Autorizar', exact: true }).click();
    const authorise = page.getByRole('dialog', { name: `Autorizar: ${order.folio}` });
    await expect(authorise.getByText(reason)).toBeVisible();
    await authorise.getByRole('button', { name: 'Autorizar', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: `Pedido ${order.folio} autorizado` })).toBeVisible();
    const stored = await apiCall<{ status: { code: string } }>(request, director, 'GET', `/orders/${order.id}`);
    expect(stored.status.code).toBe('autorizado');
  });
});
