import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { businessToday, cutWeekOf, IDSE_RECORD_LENGTH, type LoginResponse } from '@goc/contracts';
import { apiCall } from '../support/api';
import { API } from '../support/constants';
import { pickOption } from '../support/prime';
import { expect as baseExpect, seedSession, test } from '../support/test';

/*
 * Histórico de Registro end to end: a salary change captured through the API lands in this week's
 * cut; in the browser HR opens the cut, closes it before the week ends (forced), and downloads its
 * Excel and the IDSE file of the change. The cut stays closed, so the e2e config runs this
 * spec in its `closing-the-week` project, on apps and databases no other spec uses.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

type Page1<T> = { items: T[] };
type Employee = { id: number; companyId: number; company: { label: string }; nss: string | null };

/** A salary change of an active employee with an NSS (the first one without such a change open). */
async function salaryChange(request: Parameters<typeof apiCall>[0], admin: LoginResponse): Promise<Employee> {
  const filters = encodeURIComponent(JSON.stringify({ status: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'activo' }] } }));
  const { items } = await apiCall<Page1<Employee>>(request, admin, 'GET', `/employees?pageSize=100&filters=${filters}`);
  for (const employee of items.filter((e) => e.nss !== null)) {
    const response = await request.post(`${API}/registry/movements`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: {
        type: 'modificacion_salario',
        scope: 'oficina',
        companyId: employee.companyId,
        employeeId: employee.id,
        effectiveDate: businessToday(),
        workerType: 'permanente',
        dailySalary: 420.5,
        sdi: 445.75,
      },
    });
    // 400: this employee already has a salary change open; try the next one.
    if (response.status() === 201) return employee;
    expect(response.status(), await response.text()).toBe(400);
  }
  throw new Error('no active employee could take a salary change');
}


const shotsDir = process.env.SCREENSHOTS_DIR ?? '/tmp/goc/shots';

/** Pictures for a human review (SCREENSHOTS=1), taken before the cut is closed below. */
for (const device of [
  { name: 'desktop', use: { viewport: { width: 1366, height: 768 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(`Histórico de Registro on a ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);
    test('screenshots of the cuts and of this week’s cut', async ({ page, context, sessions }) => {
      test.setTimeout(150_000);
      const admin = await sessions.admin();
      // This week's cut exists once a movement is captured in it.
      await salaryChange(sessions.request, admin);
      await seedSession(context, admin);
      const shot = async (name: string) => {
        mkdirSync(shotsDir, { recursive: true });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${shotsDir}/e2e-registry-${name}-${device.name}.png`, fullPage: name === 'cut' });
      };
      await page.goto('/registro/historico');
      const week = cutWeekOf(new Date());
      // The first list after the server's start can take long on a busy machine.
      await expect(page.getByRole('row').filter({ hasText: week.label })).toBeVisible({ timeout: 60_000 });
      await shot('cuts');
      const row = page.getByRole('row').filter({ hasText: week.label });
      if (device.name === 'phone') {
        // Phones fold the row actions into one menu.
        await row.getByRole('button', { name: 'Acciones del registro' }).click();
        await page.getByRole('menuitem', { name: 'Ver detalle del corte' }).click();
      } else {
        await row.getByRole('button', { name: 'Ver detalle del corte' }).click();
      }
      await expect(page.getByRole('heading', { name: week.label })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Movimientos del corte' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot('cut');
    });
  });
}

test('HR closes this week’s cut before it ends and downloads its Excel and an IDSE file', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  const admin = await sessions.admin();
  const employee = await salaryChange(sessions.request, admin);
  const week = cutWeekOf(new Date());
  await seedSession(context, admin);

  await page.goto('/registro/historico');
  await expect(page.getByRole('heading', { name: 'Histórico de Registro' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: week.label });
  await expect(row).toContainText('Abierto');
  await row.getByRole('button', { name: 'Ver detalle del corte' }).click();

  await expect(page).toHaveURL(/\/registro\/historico\/\d+$/);
  await expect(page.getByRole('heading', { name: week.label })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totales del corte' })).toBeVisible();

  // The current week has not ended: one confirmation says so, and the close is forced.
  await page.getByRole('button', { name: 'Cerrar corte' }).click();
  const early = page.getByRole('dialog', { name: 'La semana aún no termina' });
  await expect(early).toContainText('Si lo cierras ahora, sus movimientos quedarán fijos');
  await early.getByRole('button', { name: 'Cerrar de todos modos' }).click();
  await expect(page.getByText(`Corte ${week.label} cerrado`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar corte' })).toHaveCount(0);
  await expect(page.locator('section').filter({ has: page.getByRole('heading', { name: week.label }) })).toContainText('Cerrado el');

  const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
  expect(excel.suggestedFilename()).toMatch(/^corte-.*\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await excel.path()) as unknown as ArrayBuffer);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Movimientos']);
  expect(book.getWorksheet('Resumen')!.getRow(1).values).toEqual([undefined, 'Corte semanal', week.label]);
  expect(book.getWorksheet('Movimientos')!.rowCount).toBeGreaterThan(1);

  await pickOption(page, page.getByLabel('Empresa', { exact: true }), employee.company.label);
  await pickOption(page, page.getByLabel('Tipo de movimiento', { exact: true }), 'Modificación de salario');
  const [idse] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar archivo IDSE' }).click()]);
  expect(idse.suggestedFilename()).toMatch(/^IDSE-.*-07\.txt$/);
  const lines = readFileSync(await idse.path(), 'latin1').split('\r\n').filter((l) => l !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toHaveLength(IDSE_RECORD_LENGTH);
  expect(IDSE_RECORD_LENGTH).toBe(168);
  await expect(page.getByText(/Archivo IDSE descargado: \d+ registro/).first()).toBeVisible();
});
