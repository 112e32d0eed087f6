import type { Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { businessToday, COUNT_SHEET_HEADERS, type Kardex, type StockCount, type Transfer } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { pickOption } from '../support/prime';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Issue 44: a residente on a phone records a salida at the work, and sends a transfer that is then
 * received short, with the loss's reason. The stock is set first through the API (a count applied by
 * the administrator), so the test starts from a known quantity.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Option = { value: number; label: string };

/** PrimeReact's InputNumber takes its value from key presses: replace what it holds by typing. */
async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

test('a residente on a phone records a salida, and a transfer is sent and received short', async ({ browser, sessions }) => {
  test.setTimeout(240_000);
  const admin = await sessions.admin();
  const works = await apiCall<{ items: Option[] }>(sessions.request, admin, 'GET', '/works/options?filter=en_ejecucion&limit=2');
  const [here, there] = works.items;
  const material = (await apiCall<{ items: Option[] }>(sessions.request, admin, 'GET', '/materials/options?limit=1')).items[0]!;
  // Whatever earlier runs left, the work holds 20 of the material after this count.
  const count = await apiCall<{ id: number; version: number }>(sessions.request, admin, 'POST', '/stock/counts', {
    workId: here!.value,
    date: businessToday(),
    lines: [{ materialId: material.value, countedQuantity: 20 }],
  });
  await apiCall(sessions.request, admin, 'POST', `/stock/counts/${count.id}/apply`, { version: count.version, reason: 'Inventario inicial (e2e)' });

  const role = await createRole(sessions.request, admin, uniqueName('E2E Residente almacén'), [{ module: 'stock', view: true, create: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', ...PHONE });
  await seedSession(context, resident);
  const page = await context.newPage();
  await page.goto('/almacen');
  await expect(headerTitle(page)).toHaveText('Almacén de obra', { timeout: 90_000 });

  // Salida: more than the work holds is refused with what there is; then 8 go out.
  await page.getByRole('button', { name: 'Registrar salida' }).first().click();
  const form = page.getByRole('dialog', { name: 'Salida de material (consumo)' });
  await pickOption(page, form.getByRole('textbox', { name: 'Obra', exact: true }), here!.label);
  await form.getByRole('combobox', { name: /^Concepto o frente/ }).fill('Losa nivel 2 (e2e)');
  await pickOption(page, form.getByRole('textbox', { name: 'Material 1' }), material.label);
  await typeNumber(form.getByRole('spinbutton', { name: 'Cantidad 1' }), '25');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText(/^Solo hay 20 .+ en la obra$/)).toBeVisible();
  await typeNumber(form.getByRole('spinbutton', { name: 'Cantidad 1' }), '8');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  const afterSalida = await apiCall<Kardex>(sessions.request, resident, 'GET', `/stock/kardex?workId=${here!.value}&materialId=${material.value}&pageSize=500`);
  expect(afterSalida.quantity).toBe(12);
  expect(afterSalida.items.at(-1)).toMatchObject({ kind: 'consumo', quantity: -8, concept: 'Losa nivel 2 (e2e)' });

  // Traspaso: 5 leave for the other work at once…
  await page.getByRole('button', { name: 'Enviar traspaso' }).click();
  const transfer = page.getByRole('dialog', { name: 'Traspaso a otra obra' });
  await pickOption(page, transfer.getByRole('textbox', { name: 'Obra de origen', exact: true }), here!.label);
  await pickOption(page, transfer.getByRole('textbox', { name: 'Obra de destino', exact: true }), there!.label);
  await pickOption(page, transfer.getByRole('textbox', { name: 'Material 1' }), material.label);
  await typeNumber(transfer.getByRole('spinbutton', { name: 'Cantidad 1' }), '5');
  await transfer.getByRole('button', { name: 'Enviar traspaso' }).click();
  await expect(transfer).toBeHidden();
  const sent = (await apiCall<Transfer[]>(sessions.request, resident, 'GET', `/stock/transfers?workId=${there!.value}&status=en_transito`))[0]!;
  expect(sent.lines).toEqual([expect.objectContaining({ materialId: material.value, quantity: 5 })]);

  // …and arrive short: 4, with the reason of the missing one.
  const card = page.getByRole('listitem').filter({ hasText: sent.folio });
  await card.getByRole('button', { name: 'Recibir' }).click();
  const receive = page.getByRole('dialog', { name: `Recibir traspaso ${sent.folio}` });
  await typeNumber(receive.getByRole('spinbutton'), '4');
  await receive.getByRole('textbox', { name: /^Motivo de la diferencia/ }).fill('Un saco llegó roto');
  await receive.getByRole('button', { name: 'Recibir' }).click();
  await expect(receive).toBeHidden();
  await expect(card).toBeHidden();

  const destination = await apiCall<Kardex>(sessions.request, resident, 'GET', `/stock/kardex?workId=${there!.value}&materialId=${material.value}&pageSize=500`);
  expect(destination.items.slice(-2).map((m) => [m.kind, m.quantity, m.concept])).toEqual([
    ['traspaso_entrada', 5, `${sent.folio} de la obra de origen`],
    ['merma', -1, 'Un saco llegó roto'],
  ]);
  const origin = await apiCall<Kardex>(sessions.request, resident, 'GET', `/stock/kardex?workId=${here!.value}&materialId=${material.value}&pageSize=500`);
  expect(origin.quantity).toBe(7);
  await context.close();
});

test('the count sheet is downloaded, filled in and imported back as a count waiting for approval', async ({ browser, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  const work = (await apiCall<{ items: Option[] }>(sessions.request, admin, 'GET', '/works/options?filter=en_ejecucion&limit=1')).items[0]!;
  const material = (await apiCall<{ items: Option[] }>(sessions.request, admin, 'GET', '/materials/options?limit=1')).items[0]!;
  const opening = await apiCall<{ id: number; version: number }>(sessions.request, admin, 'POST', '/stock/counts', {
    workId: work.value,
    date: businessToday(),
    lines: [{ materialId: material.value, countedQuantity: 20 }],
  });
  await apiCall(sessions.request, admin, 'POST', `/stock/counts/${opening.id}/apply`, { version: opening.version, reason: 'Punto de partida (e2e)' });

  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City' });
  await seedSession(context, admin);
  const page = await context.newPage();
  await page.goto('/almacen');
  await expect(headerTitle(page)).toHaveText('Almacén de obra', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Inventario físico' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conteo de inventario físico' });
  await pickOption(page, dialog.getByRole('textbox', { name: 'Obra', exact: true }), work.label);

  // The sheet as the work's store stands: the material with 20 on the books; 18 are counted.
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Descargar hoja de conteo' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^hoja-de-conteo-.+\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const counted = headers.indexOf(COUNT_SHEET_HEADERS.counted) + 1;
  const expected = headers.indexOf(COUNT_SHEET_HEADERS.expected) + 1;
  const code = material.label.split(' · ')[0]!;
  let found = false;
  sheet.eachRow((row, number) => {
    if (number === 1 || row.getCell(1).value !== code) return;
    expect(row.getCell(expected).value).toBe(20);
    row.getCell(counted).value = 18;
    found = true;
  });
  expect(found).toBe(true);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'conteo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
  await expect(dialog).toBeHidden();

  const waiting = await apiCall<StockCount[]>(sessions.request, admin, 'GET', `/stock/counts?workId=${work.value}&status=por_aprobar`);
  expect(waiting[0]!.lines).toEqual([expect.objectContaining({ materialId: material.value, expectedQuantity: 20, countedQuantity: 18, difference: -2 })]);
  await context.close();
});
