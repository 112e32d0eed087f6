import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { API, BASE_URL } from '../support/constants';
import { pickOption } from '../support/prime';
import { shot as takeShot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Integrations (issue 24): on Configuración → Integraciones the administrator creates an API key and
 * a webhook pointing at a receiver this test runs on 127.0.0.1 (the e2e server runs with
 * GOC_WEBHOOK_ALLOW_PRIVATE=true); an order created with the key reaches the receiver signed, and
 * the delivery shows in the webhook's log.
 */

const shot = (page: Page, name: string) => (process.env.SCREENSHOTS === '1' ? takeShot(page, name) : Promise.resolve());

async function desk(browser: Browser, session: LoginResponse, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport });
  await seedSession(context, session);
  return context.newPage();
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('a key and a webhook made on Integraciones: an order reaches the receiver and shows in the log', async ({ browser, sessions }) => {
  test.setTimeout(120_000);
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/goc`;
  try {
    const admin = await sessions.admin();
    const page = await desk(browser, admin);
    await page.goto('/');
    await expect(headerTitle(page)).toHaveText('Inicio', { timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('button', { name: 'Configuración' }).click();
    await nav.getByRole('link', { name: 'Integraciones' }).click();
    await expect(headerTitle(page)).toHaveText('Integraciones');
    await expect(page).toHaveTitle('GOC | Integraciones');

    // The key: a name, a role, 30 days; shown once.
    const keyName = `ERP ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nueva clave' }).click();
    const keyForm = page.getByRole('dialog', { name: 'Nueva clave API' });
    await keyForm.getByRole('textbox', { name: 'Nombre', exact: true }).fill(keyName);
    await pickOption(page, keyForm.getByRole('textbox', { name: 'Rol', exact: true }), 'Administrador');
    await pickOption(page, keyForm.getByRole('textbox', { name: 'Vencimiento', exact: true }), '30 días');
    await keyForm.getByRole('button', { name: 'Crear' }).click();
    const keyShown = page.getByRole('dialog', { name: 'Clave API creada' });
    const key = await keyShown.getByLabel(keyName).inputValue();
    expect(key).toMatch(/^goc_[A-Za-z0-9_-]{43}$/);
    await shot(page, 'integrations-key-created');
    await keyShown.getByRole('button', { name: 'Listo' }).click();
    const keyRow = page.getByRole('table', { name: 'Claves API' }).getByRole('row').filter({ hasText: keyName });
    await expect(keyRow).toContainText(`${key.slice(0, 12)}…`);
    await expect(keyRow).toContainText('Nunca');

    // The webhook: the receiver's URL and orders.created; its secret shown once.
    await page.getByRole('button', { name: 'Nuevo webhook' }).click();
    const hookForm = page.getByRole('dialog', { name: 'Nuevo webhook' });
    await hookForm.getByRole('textbox', { name: 'URL', exact: true }).fill(receiverUrl);
    await hookForm.getByRole('textbox', { name: /^Descripción/ }).fill('Receptor de la prueba');
    await hookForm.getByLabel(/orders\.created/).check();
    await shot(page, 'integrations-webhook-form');
    await hookForm.getByRole('button', { name: 'Crear' }).click();
    const hookShown = page.getByRole('dialog', { name: 'Webhook creado' });
    const secret = await hookShown.getByLabel(receiverUrl).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await hookShown.getByRole('button', { name: 'Listo' }).click();
    await expect(page.getByText(receiverUrl)).toBeVisible();

    // An order created by another system with the key.
    const bearer = { Authorization: `Bearer ${key}` };
    const works = (await (await sessions.request.get(`${API}/works/options?filter=planeacion,en_ejecucion`, { headers: bearer })).json()) as { items: { value: number }[] };
    const materials = (await (await sessions.request.get(`${API}/materials/options`, { headers: bearer })).json()) as { items: { value: number }[] };
    const created = await sessions.request.post(`${API}/orders`, {
      headers: bearer,
      data: { workId: works.items[0]!.value, requiredDate: addBusinessDays(businessToday(), 21), lines: [{ materialId: materials.items[0]!.value, quantity: 2 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const order = (await created.json()) as { id: number; folio: string };

    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = received;
    expect(delivery!.headers['goc-event']).toBe('orders.created');
    const body = JSON.parse(delivery!.body) as { recordId: number; actor: { name: string }; data: { record: { folio: string } } };
    expect(body).toMatchObject({ recordId: order.id, actor: { name: `Clave API: ${keyName}` }, data: { record: { folio: order.folio } } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery!.headers['goc-signature']))!;
    expect(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex')).toBe(v1);

    // The log shows it; a test goes out at once.
    await page.getByRole('button', { name: 'Envíos' }).click();
    const log = page.getByRole('dialog', { name: `Envíos a ${receiverUrl}` });
    const row = log.getByRole('table', { name: 'Envíos' }).getByRole('row').filter({ hasText: `GOC-Delivery ${String(delivery!.headers['goc-delivery'])}` });
    await expect(row).toContainText('orders.created');
    await expect(row).toContainText('Entregado');
    await expect(row).toContainText('200');
    await shot(page, 'integrations-deliveries');
    await log.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await expect(page.getByText('Prueba entregada (HTTP 200)')).toBeVisible();
    expect(received.at(-1)!.headers['goc-event']).toBe('webhooks.test');
    await page.reload();
    await expect(keyRow).not.toContainText('Nunca');
    await shot(page, 'integrations');

    const phone = await desk(browser, admin, { width: 390, height: 844 });
    await phone.goto('/configuracion/integraciones');
    await expect(headerTitle(phone)).toHaveText('Integraciones', { timeout: 30_000 });
    await expect(phone.getByText(receiverUrl)).toBeVisible();
    await shot(phone, 'integrations-phone');
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
