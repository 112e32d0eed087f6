import type { Browser, Locator, Page } from '@playwright/test';
import { addBusinessDays, businessToday, formatDayLong, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { optionsList, pickOption } from '../support/prime';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Pedidos end to end (issue 8): a requester creates, edits and sends an order; purchasing
 * authorises, buys and receives it in two deliveries; the requester reads the timeline and
 * downloads the PDF.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const rowOf = (page: Page, folio: string) => page.getByRole('table').getByRole('row').filter({ hasText: folio });

/** A page signed in as `session`, in its own browser context (two people at two desks). */
async function desk(browser: Browser, session: LoginResponse): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: { width: 1366, height: 768 } });
  await seedSession(context, session);
  return context.newPage();
}

/** PrimeReact's InputNumber takes its value from key presses, not from a pasted value: replace what it holds by typing. */
async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

/** Runs one workflow action from the row's labelled button: its dialog, `fill`, then the action's button; the toast names the status reached. */
async function act(page: Page, folio: string, action: string, reached: string, fill?: (dialog: Locator) => Promise<void>) {
  await rowOf(page, folio).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}: ${folio}` });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  // The previous action's toast may still be leaving: this action's is the newest.
  await expect(toast(page, `Pedido ${folio} ${reached}`).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an order from draft to delivery: requester and purchaser', async ({ browser, sessions }) => {
  test.setTimeout(420_000);
  const admin = await sessions.admin();
  const requesterRole = await createRole(sessions.request, admin, uniqueName('E2E Residente'), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const purchaserRole = await createRole(sessions.request, admin, uniqueName('E2E Compras'), [{ module: 'history', view: true, edit: true }]);
  const requester = await sessions.login(await createUser(sessions.request, admin, requesterRole), USER_PASSWORD);
  const purchaser = await sessions.login(await createUser(sessions.request, admin, purchaserRole), USER_PASSWORD);

  const mine = await desk(browser, requester);
  let folio = '';

  await test.step('the requester creates an order with two lines', async () => {
    await mine.goto('/pedidos/mis-pedidos');
    await expect(headerTitle(mine)).toHaveText('Mis Pedidos', { timeout: 30_000 });
    await mine.getByRole('button', { name: 'Nuevo' }).click();
    const form = mine.getByRole('dialog', { name: 'Nuevo pedido' });
    // Escape in an open dropdown closes the dropdown, not the form.
    const work = form.getByRole('textbox', { name: 'Obra', exact: true });
    await work.focus();
    await work.press('Enter');
    await expect(optionsList(mine)).toBeVisible();
    await mine.keyboard.press('Escape');
    await expect(optionsList(mine)).toBeHidden();
    await expect(form).toBeVisible();
    await pickOption(mine, work, { first: true });
    const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
    // Orders are needed today or later: three weeks ahead.
    await required.fill(formatDayLong(addBusinessDays(businessToday(), 21)));
    await required.press('Tab');
    await form.getByRole('textbox', { name: /^Notas/ }).first().fill('Entregar por la mañana');
    for (const [index, quantity] of [
      [0, '10'],
      [1, '4'],
    ] as const) {
      await form.getByRole('button', { name: 'Agregar partida' }).click();
      const material = form.getByRole('textbox', { name: `Material (partida ${index + 1})` });
      // Enter on a picker opens it (elsewhere in a line Enter adds the next line).
      await material.focus();
      await material.press('Enter');
      await optionsList(mine).getByRole('option').nth(index).click();
      await expect(form.getByRole('textbox', { name: `Material (partida ${index + 2})` })).toHaveCount(0);
      await expect(form.getByRole('cell', { name: `Unidad (partida ${index + 1})` })).not.toBeEmpty();
      await typeNumber(form.getByRole('spinbutton', { name: `Cantidad (partida ${index + 1})` }), quantity);
    }
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(mine, 'Pedido creado')).toBeVisible();
    const created = await apiCall<{ items: { folio: string }[] }>(sessions.request, requester, 'GET', '/orders?scope=mine');
    folio = created.items[0]?.folio ?? '';
    expect(folio).toMatch(/^PED-\d{6}$/);
    await expect(rowOf(mine, folio)).toContainText('Borrador');
  });

  await test.step('edits it while it is a draft', async () => {
    await rowOf(mine, folio).getByRole('button', { name: 'Editar' }).click();
    const form = mine.getByRole('dialog', { name: 'Editar pedido' });
    await form.getByRole('textbox', { name: /^Notas/ }).first().fill('Entregar antes de las 9:00');
    await typeNumber(form.getByRole('spinbutton', { name: 'Cantidad (partida 2)' }), '5');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(mine, 'Pedido actualizado')).toBeVisible();
  });

  await test.step('sends it: no longer editable', async () => {
    await act(mine, folio, 'Enviar', 'enviado');
    await expect(rowOf(mine, folio)).toContainText('Enviado');
    await expect(rowOf(mine, folio).getByRole('button', { name: 'Editar' })).toHaveCount(0);
  });

  const buying = await desk(browser, purchaser);
  await test.step('purchasing authorises and buys it with the supplier and prices', async () => {
    await buying.goto('/pedidos/historico');
    // A new desk loads the app cold on a busy machine: wait for the page before its rows.
    await expect(headerTitle(buying)).toHaveText('Histórico de Pedidos', { timeout: 30_000 });
    await expect(rowOf(buying, folio)).toContainText('Enviado', { timeout: 30_000 });
    await act(buying, folio, 'Autorizar', 'autorizado');
    await expect(rowOf(buying, folio)).toContainText('Autorizado');
    await act(buying, folio, 'Comprar', 'comprado', async (dialog) => {
      await pickOption(buying, dialog.getByRole('textbox', { name: 'Proveedor', exact: true }), { first: true });
      const prices = dialog.getByRole('spinbutton', { name: /^Precio unitario/ });
      await typeNumber(prices.nth(0), '150.5');
      await typeNumber(prices.nth(1), '89');
    });
    // 10 × 150.50 + 5 × 89.00
    await expect(rowOf(buying, folio)).toContainText('Comprado');
    await expect(rowOf(buying, folio)).toContainText('$1,950.00');
  });

  await test.step('receives it in two deliveries', async () => {
    await act(buying, folio, 'Registrar entrega parcial', 'entregado parcial', async (dialog) => {
      await typeNumber(dialog.getByRole('spinbutton', { name: /^En esta entrega/ }).nth(0), '6');
    });
    await expect(rowOf(buying, folio)).toContainText('Entregado parcial');

    // The history reads in Spanish: each action by name, who, and the delivery by material.
    const order = await apiCall<{ items: { folio: string; lines: { material: { label: string } }[] }[] }>(sessions.request, purchaser, 'GET', '/orders?scope=all&sort=-createdAt');
    const material = order.items.find((o) => o.folio === folio)?.lines[0]?.material.label ?? '';
    await rowOf(buying, folio).getByRole('button', { name: 'Más acciones' }).click();
    await buying.getByRole('menuitem', { name: 'Historial' }).click();
    const history = buying.getByRole('dialog', { name: `Historial: ${folio}` });
    const entries = history.locator('ol > li');
    await expect(entries).toHaveCount(6);
    await expect(entries.nth(0)).toContainText('Entregado parcial');
    await expect(entries.nth(0)).toContainText(`${material}: recibido 6 de 10`);
    await expect(entries.nth(1)).toContainText('Comprado');
    await expect(entries.nth(1)).toContainText(`${material}: precio unitario`);
    await expect(entries.nth(1)).toContainText('$150.50');
    for (const [index, action] of [[2, 'Autorizado'], [3, 'Enviado'], [4, 'Edición'], [5, 'Creado']] as const) {
      await expect(entries.nth(index).locator('span').first()).toHaveText(action);
    }
    await expect(history).not.toContainText('transition');
    await expect(history).not.toContainText('[object Object]');
    await expect(history).not.toContainText('lineId');
    await buying.keyboard.press('Escape');
    await expect(history).toBeHidden();

    await act(buying, folio, 'Registrar entrega', 'entregado', async (dialog) => {
      await expect(dialog.getByText('Pendiente: 4', { exact: false }).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Recibir todo lo pendiente' }).click();
    });
    await expect(rowOf(buying, folio)).toContainText(/Entregado(?! parcial)/);
  });

  await test.step('the requester opens the order by clicking its row, reads the timeline and downloads the PDF from it', async () => {
    await mine.reload();
    await rowOf(mine, folio).getByRole('cell').first().click();
    const detail = mine.getByRole('dialog', { name: `Pedido ${folio}` });
    const timeline = detail.getByRole('region', { name: 'Historial de estatus' });
    await expect(timeline.getByRole('listitem')).toHaveCount(6);
    for (const status of ['Borrador', 'Enviado', 'Autorizado', 'Comprado', 'Entregado parcial', 'Entregado']) {
      await expect(timeline.getByText(status, { exact: true }).first()).toBeVisible();
    }
    await expect(detail.getByRole('region', { name: 'Partidas' })).toContainText('$1,950.00');

    const download = mine.waitForEvent('download');
    await detail.getByRole('button', { name: 'Más acciones' }).click();
    await mine.getByRole('menuitem', { name: 'Descargar PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${folio}.pdf`);
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
