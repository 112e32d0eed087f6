import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { addBusinessDays, businessToday, formatDayLong, type AttachmentList } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { optionsList } from '../support/prime';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Issue 45 (docs/offline.md): a residente on a phone without signal. The app reloads offline, the
 * order form picks from the site data kept on the phone, an order with 3 lines and a photo is kept
 * as pending and, back online, reaches the server once with the next folio; sending the same
 * commands again creates nothing more. («Salir» wiping the phone: apps/web/test/app/offline-shell.test.tsx.)
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

async function pickNth(page: Page, input: Locator, n: number) {
  await input.focus();
  await input.press('Enter');
  await optionsList(page).getByRole('option').nth(n).click();
}

/** The outbox's commands as IndexedDB holds them (state per command). */
function outboxStates(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('goc-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('commands').objectStore('commands').getAll();
          all.onsuccess = () => {
            resolve((all.result as { kind: string; state: string }[]).map((c) => `${c.kind}:${c.state}`));
            open.result.close();
          };
        };
      }),
  );
}

/** Puts every command back to pending, as if their answers had been lost: the outbox sends them again. */
function markAllPending(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('goc-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('commands', 'readwrite');
          const store = tx.objectStore('commands');
          const all = store.getAll();
          all.onsuccess = () => {
            for (const c of all.result as Record<string, unknown>[]) store.put({ ...c, state: 'pending', result: null });
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
}

/** How many picker lists the phone holds (0 before GOC made its database: opening it here would make an empty one). */
async function siteDataSets(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'goc-offline')) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('goc-offline');
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        if (!open.result.objectStoreNames.contains('siteData')) return resolve(0);
        const count = open.result.transaction('siteData').objectStore('siteData').count();
        count.onsuccess = () => resolve(count.result);
      };
    });
  });
}

test('offline on a phone: an order with 3 lines and a photo is kept, sent once with the next folio, and never twice', async ({ browser, sessions }) => {
  test.setTimeout(300_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Residente sin señal'), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 120, g: 140, b: 90 } } }).jpeg({ quality: 90 }).toBuffer();

  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...PHONE });
  await seedSession(context, resident);
  const page = await context.newPage();
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 90_000 });
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  // The order form's pickers reach the phone once the page has settled (works, projects, materials; a residente sees no suppliers).
  await expect.poll(() => siteDataSets(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  await page.reload();
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 60_000 });
  await expect(page.getByText('Sin conexión')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Datos de hace /)).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  await pickNth(page, form.getByRole('textbox', { name: 'Obra', exact: true }), 0);
  const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
  await required.fill(formatDayLong(addBusinessDays(businessToday(), 10)));
  await required.press('Tab');
  for (let line = 1; line <= 3; line++) {
    await form.getByRole('button', { name: 'Agregar partida' }).click();
    await pickNth(page, form.getByRole('textbox', { name: `Material (partida ${line})` }), line - 1);
    await typeNumber(form.getByRole('spinbutton', { name: `Cantidad (partida ${line})` }), String(line + 1));
  }
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Tomar foto' }).click();
  await (await chooser).setFiles({ name: 'acceso-obra.jpg', mimeType: 'image/jpeg', buffer: photo });
  await form.getByRole('button', { name: 'Guardar' }).click();

  await expect(page.getByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeVisible({ timeout: 30_000 });
  await expect(form).toBeHidden();
  const badge = page.getByRole('button', { name: '2 cambios sin enviar' });
  await expect(badge).toBeVisible();
  await badge.click();
  const list = page.getByRole('dialog', { name: 'Cambios sin enviar' });
  await expect(list.getByText('Pendiente')).toHaveCount(2);
  await list.getByRole('button', { name: /Cerrar/ }).click();
  expect(await outboxStates(page)).toEqual(['createOrder:pending', 'attachFile:pending']);

  const before = await apiCall<{ items: { folio: string }[] }>(sessions.request, admin, 'GET', '/orders?scope=all&sort=-createdAt&pageSize=1');
  const lastFolio = Number(before.items[0]?.folio.replace(/\D/g, '') ?? 0);

  await context.setOffline(false);
  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['createOrder:sent', 'attachFile:sent']);
  await expect(page.getByRole('button', { name: /cambios? sin enviar$/ })).toBeHidden();

  const mine = await apiCall<{ items: { id: number; folio: string; lineCount: number }[] }>(sessions.request, resident, 'GET', '/orders?scope=mine');
  expect(mine.items).toHaveLength(1);
  const [order] = mine.items;
  expect(order?.lineCount).toBe(3);
  expect(Number(order?.folio.replace(/\D/g, ''))).toBe(lastFolio + 1);
  const documents = await apiCall<AttachmentList>(sessions.request, resident, 'GET', `/attachments?resource=orders&recordId=${order?.id}`);
  expect(documents.items).toHaveLength(1);
  expect(documents.items[0]?.contentType).toBe('image/jpeg');
  // Made smaller on the phone: 3 000 px wide became 2 048.
  expect(documents.items[0]!.size).toBeLessThan(photo.length);

  // The answers lost: the same commands, with the same keys, go again — the server answers the first time's result.
  await markAllPending(page);
  await page.getByRole('button', { name: /sin enviar$/ }).click();
  await page.getByRole('dialog', { name: 'Cambios sin enviar' }).getByRole('button', { name: 'Enviar ahora' }).click();
  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['createOrder:sent', 'attachFile:sent']);
  const again = await apiCall<{ items: unknown[] }>(sessions.request, resident, 'GET', '/orders?scope=mine');
  expect(again.items).toHaveLength(1);
  expect((await apiCall<AttachmentList>(sessions.request, resident, 'GET', `/attachments?resource=orders&recordId=${order?.id}`)).items).toHaveLength(1);
  await context.close();
});
