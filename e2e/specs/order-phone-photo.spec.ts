import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { addBusinessDays, businessToday, formatDayLong, type AttachmentList } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { openOptions } from '../support/prime';
import { shot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Issue 41 part 5: a residente on a phone creates an order with a photo taken while writing it. The
 * photo is queued in the form, goes up right after the save in the new order's detail, and shows
 * there; the order and its document are stored.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** PrimeReact's InputNumber takes its value from key presses: replace what it holds by typing. */
async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

test('a residente on a phone creates an order with a photo attached at creation', async ({ browser, sessions }) => {
  test.setTimeout(240_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Residente foto'), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 140, b: 90 } } }).jpeg({ quality: 80 }).toBuffer();

  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...PHONE });
  await seedSession(context, resident);
  const page = await context.newPage();
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 90_000 });

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  const work = form.getByRole('textbox', { name: 'Obra', exact: true });
  await (await openOptions(page, work)).getByRole('option').first().click();
  const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
  await required.fill(formatDayLong(addBusinessDays(businessToday(), 10)));
  await required.press('Tab');

  await form.getByRole('button', { name: 'Agregar partida' }).click();
  const material = form.getByRole('textbox', { name: 'Material (partida 1)' });
  // The new line's picker (its visible box; the named input is the visually hidden one inside) is in view, above the floating total.
  const picker = form.locator('.p-dropdown').filter({ has: page.getByRole('textbox', { name: 'Material (partida 1)' }) });
  await expect(picker).toBeInViewport();
  const total = form.getByRole('status').filter({ hasText: 'Total' });
  expect((await picker.boundingBox())!.y + (await picker.boundingBox())!.height).toBeLessThanOrEqual((await total.boundingBox())!.y);
  await (await openOptions(page, material)).getByRole('option').first().click();
  await typeNumber(form.getByRole('spinbutton', { name: 'Cantidad (partida 1)' }), '6');

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Tomar foto' }).click();
  await (await chooser).setFiles({ name: 'acceso-obra.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByRole('list', { name: 'Adjuntar fotos o cotización' }).getByText('acceso-obra.jpg')).toBeVisible();
  if (process.env.SCREENSHOTS === '1') await shot(page, 'order-create-photo-phone');

  await form.getByRole('button', { name: 'Guardar' }).click();
  // The new order's detail opens and sends the photo: it shows among its documents.
  const detail = page.getByRole('dialog', { name: /^Pedido PED-\d{6}$/ });
  await expect(detail.getByRole('button', { name: 'Ver acceso-obra.jpg' })).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByRole('heading', { name: 'Documentos (1)' })).toBeVisible();
  if (process.env.SCREENSHOTS === '1') await shot(page, 'order-created-detail-phone');

  const folio = (await detail.locator('.p-dialog-title').textContent())?.match(/PED-\d{6}/)?.[0];
  const orders = await apiCall<{ items: { id: number; folio: string; lineCount: number }[] }>(sessions.request, resident, 'GET', '/orders?scope=mine');
  const order = orders.items.find((o) => o.folio === folio);
  expect(order, `the order ${folio} is stored`).toBeDefined();
  expect(order?.lineCount).toBe(1);
  const documents = await apiCall<AttachmentList>(sessions.request, resident, 'GET', `/attachments?resource=orders&recordId=${order?.id}`);
  expect(documents.items.map((d) => [d.fileName, d.contentType, d.size])).toEqual([['acceso-obra.jpg', 'image/jpeg', photo.length]]);
  await context.close();
});
