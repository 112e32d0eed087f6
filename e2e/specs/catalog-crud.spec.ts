import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiCall } from '../support/api';
import { parseCsv } from '../support/csv';
import { pickOption } from '../support/prime';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * One catalogue end to end through the shared list/CRUD mechanism (issue 3): Obras, because it has
 * text, pickers and a real date column. Create, edit, filter with a text and a date match mode,
 * list state in the URL across reload and back / forward, CSV and Excel export of exactly the
 * filtered rows, delete through the confirm dialog.
 */

const table = (page: Page) => page.getByRole('table');
const rowsWith = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The list's `filters` query parameter, decoded. */
const urlFilters = (page: Page): unknown => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? 'null');

test('Obras: create, edit, filter (text + date), URL state, export and delete', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  const admin = await sessions.admin();
  await seedSession(context, admin);
  const tag = Date.now().toString(36).toUpperCase();
  const alpha = { code: `E2E-${tag}-A`, name: `Obra e2e ${tag} Alfa`, renamed: `Obra e2e ${tag} Alfa revisada` };
  const beta = { code: `E2E-${tag}-B`, name: `Obra e2e ${tag} Beta` };

  await page.goto('/catalogos/obras');
  await expect(headerTitle(page)).toHaveText('Obras');

  await test.step('create through the dialog', async () => {
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva obra' });
    // SPEC §4: a dialog can be maximized and restored.
    const width = async () => (await form.boundingBox())?.width ?? 0;
    await form.getByRole('button', { name: 'Maximizar' }).click();
    await expect.poll(width).toBe(1366);
    await form.getByRole('button', { name: 'Restaurar' }).click();
    await expect.poll(width).toBeLessThan(1000);
    // A note grows with its text from its three rows (CSS field-sizing, no script measuring at every key).
    const address = form.getByRole('textbox', { name: 'Dirección' });
    const addressHeight = async () => (await address.boundingBox())?.height ?? 0;
    const threeRows = await addressHeight();
    expect(threeRows).toBeGreaterThan(60);
    await address.fill('Carretera 57 km 22\nParque Industrial Norte\nNave 4, andén 2\nSan Luis Potosí, S.L.P.\nC.P. 78395');
    await expect.poll(addressHeight).toBeGreaterThan(threeRows + 20);
    await form.getByRole('textbox', { name: 'Clave' }).fill(alpha.code);
    await form.getByRole('textbox', { name: 'Nombre' }).fill(alpha.name);
    await pickOption(page, form.getByRole('textbox', { name: 'Empresa', exact: true }), 'Grupo Orozco Constructora, S.A. de C.V.');
    await pickOption(page, form.getByRole('textbox', { name: 'Categoría', exact: true }), { first: true });
    const start = form.getByRole('combobox', { name: /^Fecha de inicio/ });
    await start.fill('15/03/2026');
    await start.press('Tab');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Obra creada')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(rowsWith(page, alpha.code)).toContainText('15/03/26');
  });

  // A second record to filter against, made through the API: same tag, another start date.
  const [company] = (await apiCall<{ items: { value: number }[] }>(sessions.request, admin, 'GET', '/companies/options')).items;
  const [category] = (await apiCall<{ items: { value: number }[] }>(sessions.request, admin, 'GET', '/categories/options')).items;
  await apiCall(sessions.request, admin, 'POST', '/works', {
    code: beta.code,
    name: beta.name,
    companyId: company?.value,
    categoryId: category?.value,
    startDate: '2026-04-20',
  });

  await test.step('filter by a text that contains the tag', async () => {
    await page.getByRole('button', { name: 'Filtrar «Nombre»' }).click();
    await page.getByRole('textbox', { name: 'Nombre: Valor' }).fill(`e2e ${tag.toLowerCase()}`);
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('1–2 de 2')).toBeVisible();
    await expect(rowsWith(page, alpha.code)).toHaveCount(1);
    await expect(rowsWith(page, beta.code)).toHaveCount(1);
  });

  await test.step('edit through the dialog', async () => {
    await rowsWith(page, alpha.code).getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('dialog', { name: 'Editar obra' });
    await expect(form.getByRole('textbox', { name: 'Nombre' })).toHaveValue(alpha.name);
    await form.getByRole('textbox', { name: 'Nombre' }).fill(alpha.renamed);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Obra actualizada')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(rowsWith(page, alpha.code)).toContainText(alpha.renamed);
  });

  await test.step('add a date filter: start date is 15/03/2026', async () => {
    await page.getByRole('button', { name: 'Filtrar «Fecha de inicio»' }).click();
    await pickOption(page, page.getByRole('textbox', { name: 'Condición del filtro' }), 'Fecha igual a');
    // Typed: a date field's calendar opens only from its icon or ↓ (docs/accessibility.md).
    await page.getByRole('combobox', { name: 'Fecha de inicio: Valor' }).fill('15/03/2026');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expect(rowsWith(page, alpha.code)).toHaveCount(1);
    await expect(rowsWith(page, beta.code)).toHaveCount(0);
  });

  const filters = {
    name: { operator: 'and', constraints: [{ matchMode: 'contains', value: `e2e ${tag.toLowerCase()}` }] },
    startDate: { operator: 'and', constraints: [{ matchMode: 'dateIs', value: '2026-03-15' }] },
  };

  await test.step('the URL holds the list state across reload and back / forward', async () => {
    expect(urlFilters(page)).toEqual(filters);
    await page.reload();
    await expect(headerTitle(page)).toHaveText('Obras');
    expect(urlFilters(page)).toEqual(filters);
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expect(rowsWith(page, alpha.code)).toContainText(alpha.renamed);

    await page.goBack();
    await expect(page.getByText('1–2 de 2')).toBeVisible();
    expect(urlFilters(page)).toEqual({ name: filters.name });
    await page.goForward();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    expect(urlFilters(page)).toEqual(filters);
  });

  await test.step('CSV export holds exactly the filtered rows', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a CSV lo filtrado' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^obras-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(await readFile(await file.path(), 'utf8'));
    expect(header?.slice(0, 4)).toEqual(['Clave', 'Nombre', 'Empresa', 'Categoría']);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
    expect(cell('Clave')).toBe(alpha.code);
    expect(cell('Nombre')).toBe(alpha.renamed);
    expect(cell('Empresa')).toBe('Grupo Orozco Constructora, S.A. de C.V.');
    expect(cell('Fecha de inicio')).toBe('15/03/26');
  });

  await test.step('Excel export downloads a workbook', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar a Excel lo filtrado' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^obras-\d{4}-\d{2}-\d{2}\.xlsx$/);
    // An .xlsx is a ZIP archive: it starts with the local file header "PK\x03\x04".
    expect((await readFile(await file.path())).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });

  await test.step('delete through the confirm dialog', async () => {
    await rowsWith(page, alpha.code).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar' });
    await expect(confirm).toContainText(`¿Eliminar la obra «${alpha.code} · ${alpha.renamed}»?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Obra eliminada')).toBeVisible();
    await expect(table(page).getByRole('cell', { name: 'No se han encontrado resultados' })).toBeVisible();
    // Without the date filter only the other record is left.
    await page.goBack();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expect(rowsWith(page, beta.code)).toHaveCount(1);
  });
});
