import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { DEVICES, shot } from '../support/shots';
import { expect, seedSession, test } from '../support/test';

/*
 * Importar (issue 19): the materials template downloaded from the dialog, two rows filled with
 * exceljs (one with a unit that does not exist), the error reported, the file fixed, both rows
 * imported and found in the list.
 */

const UNIT_COLUMN = 5;

async function fillTemplate(path: string, rows: (string | number)[][], out: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    values.forEach((value, c) => {
      row.getCell(c + 1).value = value;
    });
    row.commit();
  });
  await book.xlsx.writeFile(out);
  return out;
}

const choose = (page: Page, file: string) => page.locator('input[type="file"]').setInputFiles(file);

test('Materiales: template, a bad row reported, fixed, imported and listed', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  await seedSession(context, await sessions.admin());
  const tag = Date.now().toString(36).toUpperCase();
  const dir = mkdtempSync(join(tmpdir(), 'goc-import-'));

  await page.goto('/catalogos/materiales');
  await page.getByRole('button', { name: 'Importar materiales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar materiales' });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Plantilla de Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^plantilla-materiales-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const template = join(dir, 'plantilla.xlsx');
  await download.saveAs(template);

  // The example row's category and unit are valid values of the lists the template carries.
  const example = (await new ExcelJS.Workbook().xlsx.readFile(template)).worksheets[0]!.getRow(2);
  const category = String(example.getCell(4).value);
  const unit = String(example.getCell(UNIT_COLUMN).value);
  const good = [`IMP-${tag}-1`, `Material importado ${tag} uno`, '', category, unit, 150.5, 'Sí'];
  const bad = [`IMP-${tag}-2`, `Material importado ${tag} dos`, '', category, 'unidad inexistente', '$1,200.00', 'Sí'];

  await choose(page, await fillTemplate(template, [good, bad], join(dir, 'con-error.xlsx')));
  const report = dialog.getByRole('table');
  await expect(report.getByRole('row').filter({ hasText: 'No existe; usa un valor de la hoja «Unidades»' })).toContainText('unidad inexistente');
  await expect(dialog.getByText('1 error: corrige el archivo')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar 0 registros' })).toBeDisabled();
  if (process.env.SCREENSHOTS) await shot(page, 'import-errors-desktop');

  bad[UNIT_COLUMN - 1] = unit;
  await choose(page, await fillTemplate(template, [good, bad], join(dir, 'corregido.xlsx')));
  await expect(dialog.getByText(/^Sin errores: 2 filas — 2 nuevos/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar 2 registros' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Importación terminada' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox').fill(tag);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: `IMP-${tag}-2` })).toContainText('$1,200.00');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: `IMP-${tag}-1` })).toContainText(`Material importado ${tag} uno`);
});

for (const device of DEVICES) {
  test.describe(`import dialog on ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);
    test('picture', async ({ page, context, sessions }) => {
      await seedSession(context, await sessions.admin());
      await page.goto('/catalogos/empleados');
      await page.getByRole('button', { name: 'Importar empleados' }).click();
      await expect(page.getByRole('dialog', { name: 'Importar empleados' })).toBeVisible();
      await shot(page, `import-dialog-${device.name}`);
    });
  });
}
