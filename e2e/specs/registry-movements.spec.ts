import type { Locator, Page } from '@playwright/test';
import { businessToday, curpCheckDigit, formatDay } from '@goc/contracts';
import { apiCall, uniqueNss } from '../support/api';
import { optionsList, pickOption } from '../support/prime';
import { DEVICES, shot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Altas y bajas end to end (issue 9): HR captures an alta with a new employee on Crear Oficina,
 * sets it "Aplicado" (the employee becomes active), then captures that employee's baja at a work on
 * Obras. With SCREENSHOTS=1 it also leaves pictures of the three screens, desktop and phone.
 */

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const rowOf = (page: Page, text: string) => page.getByRole('table').getByRole('row').filter({ hasText: text });

type Page1<T> = { items: T[] };
type Movement = { id: number; employeeId: number; employeeNumber: string | null; type: string; workId: number | null; bajaReason: string | null };

/** PrimeReact's InputNumber takes its value from key presses: replace what it holds by typing. */
async function typeNumber(input: Locator, text: string) {
  await input.selectText();
  await input.pressSequentially(text);
}

/** A calendar day typed the way a user does (dd/mm/aaaa), then leaving the field. */
async function typeDay(input: Locator, day: string) {
  await input.fill(formatDay(day).replace(/\/(\d\d)$/, '/20$1'));
  await input.press('Tab');
}

/** Opens a picker, searches the server for `text` and picks the option with that label. */
async function searchOption(page: Page, input: Locator, text: string, label: string) {
  await input.focus();
  await input.press('Enter');
  await page.getByRole('textbox', { name: 'Buscar opciones' }).fill(text);
  await optionsList(page).getByRole('option', { name: label, exact: true }).click();
}

const suffix = String(Date.now() % 100000).padStart(5, '0');
const NUMBER = `E2E-${suffix}`;
const FIRST = 'Mariana';
const LAST = 'Quintero';
const NAME = `${FIRST} ${LAST}`;
/** A valid CURP nobody in the demo data has. */
const CURP = ((first17: string) => first17 + String(curpCheckDigit(first17)))('QUXM900214MDFNRR0');

test('HR: an alta with a new employee, applied; then that employee’s baja at a work', async ({ page, context, sessions }) => {
  test.setTimeout(240_000);
  const admin = await sessions.admin();
  await seedSession(context, admin);
  const today = businessToday();

  await test.step('Crear Oficina: an alta with a new employee', async () => {
    await page.goto('/registro/oficina');
    await expect(headerTitle(page)).toHaveText('Oficinas', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
    await expect(page).toHaveURL(/\/registro\/oficina\/create$/);
    const form = page.getByRole('region', { name: 'Crear Oficina' });
    await pickOption(page, form.getByRole('textbox', { name: 'Tipo', exact: true }), 'Alta');
    await form.getByText('Empleado nuevo', { exact: true }).click();
    const employee = form.getByRole('group', { name: 'Datos del empleado nuevo' });
    await employee.getByRole('textbox', { name: /^Número de empleado/ }).fill(NUMBER);
    await employee.getByRole('textbox', { name: /^Nombre\(s\)/ }).fill(FIRST);
    await employee.getByRole('textbox', { name: /^Apellido paterno/ }).fill(LAST);
    await employee.getByRole('textbox', { name: /^CURP/ }).fill(CURP);
    await employee.getByRole('textbox', { name: /^NSS/ }).fill(uniqueNss());
    await pickOption(page, form.getByRole('textbox', { name: 'Empresa', exact: true }), { first: true });
    await typeDay(form.getByRole('combobox', { name: /^Fecha efectiva/ }), today);
    await pickOption(page, form.getByRole('textbox', { name: 'Tipo de trabajador', exact: true }), 'Permanente');
    await typeNumber(form.getByRole('spinbutton', { name: /^Salario diario/ }), '400');
    await typeNumber(form.getByRole('spinbutton', { name: /^SDI/ }), '420');
    // The bounds in force today are shown next to the SDI.
    await expect(form.getByText(/Mínimo \$315\.04 \(salario mínimo\)/)).toBeVisible();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Movimiento creado')).toBeVisible();
    await expect(page).toHaveURL(/\/registro\/oficina$/);
    await expect(rowOf(page, NAME)).toContainText('Pendiente');
  });

  await test.step('"Aplicado": the employee becomes active', async () => {
    await rowOf(page, NAME).getByRole('button', { name: 'Cambiar estatus' }).click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, dialog.getByRole('textbox', { name: 'Estatus de alta', exact: true }), 'Aplicado');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Estatus actualizados')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, NAME)).toContainText('Aplicado');
    const movements = await apiCall<Page1<Movement>>(sessions.request, admin, 'GET', `/registry/movements?scope=oficina&q=${NUMBER}`);
    const alta = movements.items.find((m) => m.employeeNumber === NUMBER);
    expect(alta?.type).toBe('alta');
    const stored = await apiCall<{ status: string }>(sessions.request, admin, 'GET', `/employees/${alta!.employeeId}`);
    expect(stored.status).toBe('activo');
  });

  await test.step('Obras: the baja of that active employee at a work of the company', async () => {
    const employee = (await apiCall<Page1<{ id: number; companyId: number }>>(sessions.request, admin, 'GET', `/employees?q=${NUMBER}`)).items[0]!;
    const works = await apiCall<Page1<{ id: number; code: string; name: string; companyId: number }>>(sessions.request, admin, 'GET', '/works?pageSize=100');
    const work = works.items.find((w) => w.companyId === employee.companyId)!;
    const workLabel = (await apiCall<Page1<{ value: number; label: string }>>(sessions.request, admin, 'GET', `/works/options?ids=${work.id}`)).items[0]!.label;

    await page.goto('/registro/obras');
    await expect(headerTitle(page)).toHaveText('Obras', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Nuevo movimiento' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo movimiento' });
    await pickOption(page, form.getByRole('textbox', { name: 'Tipo', exact: true }), 'Baja');
    // A baja offers only active employees; picking one files the movement under their company.
    await searchOption(page, form.getByRole('textbox', { name: 'Empleado', exact: true }), LAST, NAME);
    await searchOption(page, form.getByRole('textbox', { name: 'Obra', exact: true }), work.name, workLabel);
    await typeDay(form.getByRole('combobox', { name: /^Fecha efectiva/ }), today);
    // The worker type comes from the employee's alta.
    await expect(form.getByRole('textbox', { name: 'Tipo de trabajador', exact: true })).toHaveValue('Permanente');
    await pickOption(page, form.getByRole('textbox', { name: 'Causa de baja', exact: true }), '2 · Separación voluntaria');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Movimiento creado')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(rowOf(page, NAME)).toContainText('Baja');
    await expect(rowOf(page, NAME)).toContainText(workLabel);

    const movements = await apiCall<Page1<Movement>>(sessions.request, admin, 'GET', `/registry/movements?scope=obra&q=${NUMBER}`);
    expect(movements.items).toEqual([expect.objectContaining({ type: 'baja', companyId: employee.companyId, workId: work.id, bajaReason: '2', employeeId: employee.id })]);
  });
});

for (const device of DEVICES) {
  test.describe(`Altas y bajas on a ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);

    test('pictures of Oficinas, Crear Oficina and Obras', async ({ page, context, sessions }) => {
      test.setTimeout(150_000);
      await seedSession(context, await sessions.admin());
      await page.goto('/registro/oficina');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await shot(page, `registry-oficinas-${device.name}`);
      await page.goto('/registro/oficina/create');
      const form = page.getByRole('region', { name: 'Crear Oficina' });
      await pickOption(page, form.getByRole('textbox', { name: 'Tipo', exact: true }), 'Alta');
      await form.getByText('Empleado nuevo', { exact: true }).click();
      await typeDay(form.getByRole('combobox', { name: /^Fecha efectiva/ }), '2026-10-01');
      await typeNumber(form.getByRole('spinbutton', { name: /^Salario diario/ }), '300');
      await typeNumber(form.getByRole('spinbutton', { name: /^SDI/ }), '310');
      await shot(page, `registry-crear-oficina-${device.name}`);
      // A salary change: the employee picked brings their company and salary in force.
      await page.goto('/registro/oficina/create');
      await pickOption(page, form.getByRole('textbox', { name: 'Tipo', exact: true }), 'Modificación de salario');
      await pickOption(page, form.getByRole('textbox', { name: 'Empleado', exact: true }), { first: true });
      await expect(form.getByRole('spinbutton', { name: /^Salario diario/ })).not.toHaveValue('');
      await shot(page, `registry-modificacion-${device.name}`);
      await page.goto('/registro/obras');
      // This week may have no movement at a work yet: wait for the answer, rows or not.
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.p-skeleton')).toHaveCount(0, { timeout: 30_000 });
      await shot(page, `registry-obras-${device.name}`);
    });
  });
}
