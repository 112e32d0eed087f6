import type { Browser, Locator, Page } from '@playwright/test';
import type { LoginResponse } from '@goc/contracts';
import sharp from 'sharp';
import { addBusinessDays, businessToday, formatDayLong, type AttachmentList } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { openOptions } from '../support/prime';
import { shot } from '../support/shots';
import { expect, headerTitle, seedSession, submitLogin, test, type Sessions } from '../support/test';

/*
 * Issue 45 (docs/offline.md): a residente on a phone without signal. The app reloads offline, the
 * order form picks from the site data kept on the phone, an order with 3 lines and a photo is kept
 * as pending and, back online, reaches the server once with the next folio; sending the same
 * commands again creates nothing more. A queued edit of a draft that changed on the server meanwhile
 * is a conflict shown side by side; Mis Pedidos searches its kept orders and an order the server has
 * gets a photo kept on the phone and uploaded once; and «Salir» with unsent changes warns and wipes
 * the phone for the next user.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

async function pickNth(page: Page, input: Locator, n: number) {
  await (await openOptions(page, input)).getByRole('option').nth(n).click();
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

/**
 * What the phone's IndexedDB `goc-offline` holds in `store`: its count, or the value kept under `key`
 * (0 / undefined before GOC made its database: opening it here would make an empty one).
 */
async function readOffline(page: Page, store: string, key?: string): Promise<unknown> {
  return page.evaluate(
    async ({ store, key }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === 'goc-offline')) return key === undefined ? 0 : undefined;
      return new Promise<unknown>((resolve) => {
        const open = indexedDB.open('goc-offline');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains(store)) {
            open.result.close();
            return resolve(key === undefined ? 0 : undefined);
          }
          const objects = open.result.transaction(store).objectStore(store);
          const read = key === undefined ? objects.count() : objects.get(key);
          // Closed at once: a connection left open would hold back the sign-out's deletion of the database.
          read.onsuccess = () => {
            resolve(read.result);
            open.result.close();
          };
        };
      });
    },
    { store, key },
  );
}

/** How many picker lists the phone holds. */
const siteDataSets = async (page: Page) => Number(await readOffline(page, 'siteData'));

/** How many of the user's orders Mis Pedidos keeps on the phone (0 before the first refresh). */
const keptOrders = async (page: Page) => ((await readOffline(page, 'meta', 'myOrders')) as { value?: { orders?: unknown[] } } | undefined)?.value?.orders?.length ?? 0;

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
  // GOC sends what is pending when it opens.
  await page.reload();
  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['createOrder:sent', 'attachFile:sent']);
  const again = await apiCall<{ items: unknown[] }>(sessions.request, resident, 'GET', '/orders?scope=mine');
  expect(again.items).toHaveLength(1);
  expect((await apiCall<AttachmentList>(sessions.request, resident, 'GET', `/attachments?resource=orders&recordId=${order?.id}`)).items).toHaveLength(1);
  await context.close();
});

interface Draft {
  id: number;
  version: number;
  folio: string;
}

/** A residente (their own role) with a draft order made online, signed in on a phone at Mis Pedidos. */
async function residentWithDraft(browser: Browser, sessions: Sessions, label: string): Promise<{ page: Page; resident: LoginResponse; draft: Draft; role: Awaited<ReturnType<typeof createRole>> }> {
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName(label), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);
  const work = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/works/options?limit=1&filter=planeacion,en_ejecucion');
  const material = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/materials/options?limit=1');
  const draft = await apiCall<Draft>(sessions.request, resident, 'POST', '/orders', {
    workId: work.items[0]?.value,
    requiredDate: addBusinessDays(businessToday(), 15),
    lines: [{ materialId: material.items[0]?.value, quantity: 4 }],
  });
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...PHONE });
  await seedSession(context, resident);
  const page = await context.newPage();
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 90_000 });
  // A second visit, as on a phone GOC was used on before: the service worker serves the app's chunks without signal.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.reload();
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 60_000 });
  await expect(page.getByText(draft.folio).first()).toBeVisible({ timeout: 30_000 });
  return { page, resident, draft, role };
}

/** A row's action on a phone: behind the row's «Acciones del registro». */
async function rowAction(page: Page, name: string) {
  await page.getByRole('button', { name: 'Acciones del registro' }).first().click();
  await page.getByRole('menuitem', { name }).click();
}

test('offline on a phone: an edit of a draft that changed on the server meanwhile is a conflict, shown side by side; «Guardar lo mío como nuevo borrador» keeps both', async ({ browser, sessions }) => {
  test.setTimeout(240_000);
  const { page, resident, draft } = await residentWithDraft(browser, sessions, 'E2E Residente conflicto');

  // The form is open when the signal drops; «Guardar» keeps the edit with the version it read.
  await rowAction(page, 'Editar');
  const form = page.getByRole('dialog', { name: 'Editar pedido' });
  await expect(form).toBeVisible();
  await page.context().setOffline(true);
  await form.getByRole('textbox', { name: /^Notas\s*\(opcional\)$/ }).fill('Entregar por la puerta norte');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeVisible({ timeout: 30_000 });
  await expect(form).toBeHidden();
  expect(await outboxStates(page)).toEqual(['updateOrder:pending']);

  // Meanwhile the office (another device of the same person here) changes the draft on the server.
  const office = await apiCall<Draft>(sessions.request, resident, 'PATCH', `/orders/${draft.id}`, { version: draft.version, notes: 'La oficina cambió el proveedor' });
  expect(office.version).toBe(draft.version + 1);

  await page.context().setOffline(false);
  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['updateOrder:conflict']);
  await page.getByRole('button', { name: '1 cambio sin enviar' }).click();
  const conflicts = page.getByRole('dialog', { name: 'Cambios sin enviar' }).getByRole('region', { name: 'Conflictos' });
  await expect(conflicts.getByText('El registro fue modificado por otro usuario')).toBeVisible();
  // Side by side: what I typed on the version I read, and the server's draft as it is now.
  const mySide = conflicts.locator('div').filter({ has: page.getByText('Lo mío (sin enviar)', { exact: true }) }).last();
  const serverSide = conflicts.locator('div').filter({ has: page.getByText('En el servidor', { exact: true }) }).last();
  await expect(mySide).toContainText(`Versión${draft.version}`);
  await expect(mySide).toContainText('Entregar por la puerta norte');
  await expect(serverSide).toContainText(draft.folio);
  await expect(serverSide).toContainText(`Versión${office.version}`);
  await expect(serverSide).toContainText('La oficina cambió el proveedor');
  await expect(conflicts.getByRole('button', { name: 'Descartar lo mío' })).toBeVisible();
  await expect(conflicts.getByRole('button', { name: 'Abrir el pedido actual' })).toBeVisible();
  await conflicts.getByRole('button', { name: 'Guardar lo mío como nuevo borrador' }).click();

  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['createOrder:sent']);
  const mine = await apiCall<{ items: { id: number; notes: string | null }[] }>(sessions.request, resident, 'GET', '/orders?scope=mine');
  expect(mine.items).toHaveLength(2);
  const kept = await apiCall<{ notes: string | null; version: number }>(sessions.request, resident, 'GET', `/orders/${draft.id}`);
  // Never silently resolved: the server's draft keeps the office's change, and mine is a new draft.
  expect(kept).toMatchObject({ notes: 'La oficina cambió el proveedor', version: office.version });
  const copy = mine.items.find((o) => o.id !== draft.id);
  expect(copy?.notes).toBe('Entregar por la puerta norte');
  await page.context().close();
});

test('offline on a phone: Mis Pedidos searches the kept orders, and photos for an order the server has are kept pending on it and uploaded once', async ({ browser, sessions }) => {
  test.setTimeout(240_000);
  const { page, resident, draft } = await residentWithDraft(browser, sessions, 'E2E Residente adjunta');
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 110, b: 140 } } }).jpeg({ quality: 90 }).toBuffer();
  await expect.poll(() => keptOrders(page), { timeout: 60_000 }).toBe(1);

  await page.context().setOffline(true);
  await page.reload();
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 60_000 });
  await expect(page.getByText('Sin conexión: se buscan y filtran tus pedidos de los últimos 90 días guardados en este teléfono.')).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('ningún pedido así');
  await expect(page.getByText('No se han encontrado resultados').first()).toBeVisible();
  await search.fill(draft.folio);
  await expect(page.getByText(draft.folio).first()).toBeVisible();

  await page.getByText(draft.folio).first().click();
  const detail = page.getByRole('dialog', { name: `Pedido ${draft.folio}` });
  await expect(detail.getByText('Sin conexión: el detalle del pedido necesita el servidor. Puedes adjuntarle fotos y PDF; se enviarán cuando vuelva la señal.')).toBeVisible({ timeout: 30_000 });
  const chooser = page.waitForEvent('filechooser');
  await detail.getByRole('button', { name: 'Tomar foto' }).click();
  await (await chooser).setFiles({ name: 'avance-losa.jpg', mimeType: 'image/jpeg', buffer: photo });
  await detail.getByRole('button', { name: 'Guardar 1 archivo en el teléfono' }).click();
  await expect(page.getByText('Sin conexión: se guardó en este teléfono y se enviará cuando vuelva la señal')).toBeVisible({ timeout: 30_000 });
  const pending = detail.getByRole('region', { name: 'Adjuntos sin enviar' });
  await expect(pending.getByText('avance-losa.jpg')).toBeVisible();
  await expect(pending.getByText('Pendiente')).toBeVisible();
  expect(await outboxStates(page)).toEqual(['attachFile:pending']);
  // The order's row says it too, beside its paperclip, until the server has the photo.
  const waiting = page.getByText('1 documento por enviar desde este teléfono');
  await expect(waiting).toBeAttached();
  if (process.env.SCREENSHOTS) {
    await detail.getByRole('button', { name: 'Cerrar' }).first().click();
    await shot(page, 'phone-my-orders-pending-documents');
  }

  await page.context().setOffline(false);
  await expect.poll(() => outboxStates(page), { timeout: 60_000 }).toEqual(['attachFile:sent']);
  await expect(pending).toBeHidden();
  await expect(waiting).not.toBeAttached();
  const documents = await apiCall<AttachmentList>(sessions.request, resident, 'GET', `/attachments?resource=orders&recordId=${draft.id}`);
  expect(documents.items).toHaveLength(1);
  expect(documents.items[0]?.contentType).toBe('image/jpeg');
  // Made smaller on the phone before it was kept.
  expect(documents.items[0]!.size).toBeLessThan(photo.length);
  await page.context().close();
});

test('«Salir» on a phone with unsent changes warns how many, wipes them, and the next user on that phone sees none of them', async ({ browser, sessions }) => {
  test.setTimeout(240_000);
  const { page, draft, role } = await residentWithDraft(browser, sessions, 'E2E Residente compartido');
  const next = await createUser(sessions.request, await sessions.admin(), role);
  await expect.poll(() => siteDataSets(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

  // Without signal «Enviar» on the draft is kept on the phone.
  await page.context().setOffline(true);
  await rowAction(page, 'Enviar');
  await expect(page.getByRole('button', { name: '1 cambio sin enviar' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('banner').getByRole('button', { name: 'Opciones de la cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Salir' }).click();
  const warning = page.getByRole('dialog', { name: 'Confirmar' });
  await expect(warning.getByText('Tienes 1 cambio sin enviar: si cierras sesión se perderán')).toBeVisible();
  await warning.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/login', { timeout: 30_000 });
  // Nothing of the first user is left on the phone: the outbox, its site data and the database itself.
  expect((await page.evaluate(() => indexedDB.databases())).map((d) => d.name)).not.toContain('goc-offline');

  await page.context().setOffline(false);
  await submitLogin(page, sessions, next);
  await expect(page).toHaveURL('/', { timeout: 30_000 });
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 60_000 });
  await expect(page.getByText('No se han encontrado resultados').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(draft.folio)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sin enviar$/ })).toBeHidden();
  await expect.poll(() => siteDataSets(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  expect(await outboxStates(page)).toEqual([]);
  // The send was never made: the first user's draft is still a draft on the server.
  const kept = await apiCall<{ status: { code: string } }>(sessions.request, await sessions.admin(), 'GET', `/orders/${draft.id}`);
  expect(kept.status.code).toBe('borrador');
  await page.context().close();
});
