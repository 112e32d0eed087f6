import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { shot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Documentos (issue 16): a resident takes a photo for their draft order on the phone; purchasing sees
 * its thumbnail at the desk and downloads exactly the bytes that were sent.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

async function signedIn(browser: Browser, session: LoginResponse, device: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...device });
  await seedSession(context, session);
  return context.newPage();
}

const rowOf = (page: Page, folio: string) => page.getByRole('table').getByRole('row').filter({ hasText: folio });

test('a resident attaches a phone photo to a draft; purchasing sees the thumbnail and downloads the same file', async ({ browser, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  const residentRole = await createRole(sessions.request, admin, uniqueName('E2E Residente docs'), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const purchasingRole = await createRole(sessions.request, admin, uniqueName('E2E Compras docs'), [{ module: 'history', view: true, edit: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, residentRole), USER_PASSWORD);
  const purchasing = await sessions.login(await createUser(sessions.request, admin, purchasingRole), USER_PASSWORD);
  const work = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/works/options?limit=1&filter=planeacion,en_ejecucion');
  const material = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/materials/options?limit=1');
  const order = await apiCall<{ folio: string }>(sessions.request, resident, 'POST', '/orders', {
    workId: work.items[0]?.value,
    requiredDate: addBusinessDays(businessToday(), 21),
    lines: [{ materialId: material.items[0]?.value, quantity: 3 }],
  });
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg({ quality: 85 }).toBuffer();

  const phone = await signedIn(browser, resident, PHONE);
  await test.step('on the phone, the resident takes a photo from the order’s Documentos', async () => {
    await phone.goto('/pedidos/mis-pedidos');
    await expect(headerTitle(phone)).toHaveText('Mis Pedidos', { timeout: 90_000 });
    await rowOf(phone, order.folio).getByRole('button', { name: 'Acciones del registro' }).click();
    await phone.getByRole('menuitem', { name: 'Documentos' }).click();
    const dialog = phone.getByRole('dialog', { name: `Documentos · ${order.folio}` });
    await expect(dialog.getByText('Sin documentos')).toBeVisible();
    const chooser = phone.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Tomar foto' }).click();
    await (await chooser).setFiles({ name: 'colado-losa.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(dialog.getByRole('button', { name: 'Ver colado-losa.jpg' }).locator('img')).toBeVisible({ timeout: 15_000 });
    if (process.env.SCREENSHOTS === '1') await shot(phone, 'documents-phone');
  });

  const desk = await signedIn(browser, purchasing, DESKTOP);
  await test.step('at the desk, purchasing sees the paperclip and the thumbnail and downloads the photo', async () => {
    await desk.goto('/pedidos/historico');
    await expect(headerTitle(desk)).toHaveText('Histórico de Pedidos', { timeout: 90_000 });
    const row = rowOf(desk, order.folio);
    await expect(row.getByText('1 documento')).toBeAttached({ timeout: 30_000 });
    // A click on the row opens the order.
    await row.getByRole('cell').first().click();
    const dialog = desk.getByRole('dialog', { name: new RegExp(order.folio) });
    const thumbnail = dialog.getByRole('button', { name: 'Ver colado-losa.jpg' }).locator('img');
    await expect(thumbnail).toBeVisible({ timeout: 15_000 });
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    if (process.env.SCREENSHOTS === '1') await shot(desk, 'documents-desktop');
    const download = desk.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar colado-losa.jpg' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('colado-losa.jpg');
    expect(readFileSync(await file.path()).equals(photo)).toBe(true);
  });
});
