import type { Page } from '@playwright/test';
import { addBusinessDays, businessToday, curpCheckDigit, formatDayLong } from '@goc/contracts';
import { apiCall, createRole, uniqueName, uniqueNss, type Grant } from '../support/api';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/constants';
import { tabTo } from '../support/keyboard';
import { optionsList } from '../support/prime';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Keyboard journeys (issue 20): nothing here touches the mouse. Focus moves with Tab and controls
 * act on Enter, as a keyboard-only user works.
 */

test('sign in with the keyboard only', async ({ page, sessions }) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Usuario'));
  await page.keyboard.type(ADMIN_USERNAME);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN_PASSWORD);
  await sessions.bookLoginAttempt();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
});

test('in a form, a date field\'s calendar opens on ↓, Tab leaves it for the next field, and its Escape closes only the calendar', async ({ page, context, sessions }) => {
  await seedSession(context, await sessions.admin());
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 30_000 });
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Nuevo' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  // Something typed, so closing the form would ask to discard it.
  await tabTo(page, form.getByRole('textbox', { name: /^Notas/ }).first());
  await page.keyboard.type('Entregar por la mañana');
  const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
  const calendarDay = page.locator('.p-datepicker :focus');
  // Taking the focus does not open the calendar; ↓ does, with the focus on a day.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(required).toBeFocused();
  await expect(required).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(required).toHaveAttribute('aria-expanded', 'true');
  await expect(calendarDay).toHaveCount(1);
  // Tab from the calendar closes it and goes on to the next field.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: /^Proveedor/ })).toBeFocused();
  await expect(required).toHaveAttribute('aria-expanded', 'false');
  // Escape in the calendar closes the calendar only and gives the focus back to the field.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await expect(calendarDay).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(required).toHaveAttribute('aria-expanded', 'false');
  await expect(required).toBeFocused();
  await expect(page.getByRole('dialog', { name: '¿Descartar los cambios?' })).toHaveCount(0);
  // A day taken with Enter fills the field and gives the focus back to it.
  await page.keyboard.press('ArrowDown');
  await expect(calendarDay).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(required).toBeFocused();
  await expect(required).not.toHaveValue('');
  // A lone Escape in the form, changes unsaved: the form asks before discarding them.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
  await expect(discard).toBeVisible();
  await expect(discard.getByRole('button', { name: 'Seguir editando' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form).toBeVisible();
});

/**
 * Moves through the open list with ↓ until `option` is the focused one, and takes it with Enter.
 * PrimeReact focuses an option either in the DOM (from the list's search box) or by marking it
 * (data-p-focused) while the field keeps the focus.
 */
async function arrowTo(page: Page, option: string) {
  const list = optionsList(page);
  await expect(list.getByRole('option', { name: option, exact: true })).toBeVisible();
  const focused = list.locator('[role="option"]:focus, [role="option"][data-p-focused="true"]');
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(focused).toHaveCount(1);
    if ((await focused.getAttribute('aria-label')) === option) break;
  }
  await expect(focused).toHaveAttribute('aria-label', option);
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
}

/** Chooses an option of the dropdown that has the focus: Enter opens its list, `search` is typed in its search box, then ↓ to the option and Enter. */
async function chooseOption(page: Page, option: string, search?: string) {
  await page.keyboard.press('Enter');
  await expect(optionsList(page)).toBeVisible();
  if (search !== undefined) {
    await page.keyboard.type(search);
    // ↓ only once the list is narrowed to the search.
    await expect(optionsList(page).getByRole('option').filter({ hasNotText: new RegExp(search, 'i') })).toHaveCount(0);
  }
  await arrowTo(page, option);
}

/** The first option's label of the dropdown that has the focus, read with its list open; the list is closed again with Escape. */
async function firstOptionLabel(page: Page, search?: string): Promise<string> {
  await page.keyboard.press('Enter');
  if (search !== undefined) await page.keyboard.type(search);
  const first = optionsList(page).getByRole('option').first();
  await expect(first).toBeVisible();
  const label = (await first.innerText()).trim();
  await page.keyboard.press('Escape');
  await expect(optionsList(page)).toBeHidden();
  return label;
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

test('a new order with three lines, with the keyboard only', async ({ page, context, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  await seedSession(context, admin);
  const note = uniqueName('Pedido por teclado');
  const lines = [
    { quantity: '3', price: '120.5' },
    { quantity: '2', price: '75' },
    { quantity: '10', price: '8.25' },
  ];
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 30_000 });
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Nuevo' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  // The focus starts on the first field, Obra.
  const work = form.getByRole('textbox', { name: 'Obra', exact: true });
  await expect(work).toBeFocused();
  await chooseOption(page, await firstOptionLabel(page));
  await expect(work).toBeFocused();
  // The date is typed and Tab goes on to the next field: the calendar neither opens nor keeps the focus.
  const required = form.getByRole('combobox', { name: /^Fecha requerida/ });
  await tabTo(page, required);
  await page.keyboard.type(formatDayLong(addBusinessDays(businessToday(), 21)));
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: /^Proveedor/ })).toBeFocused();
  await expect(required).toHaveAttribute('aria-expanded', 'false');
  await tabTo(page, form.getByRole('textbox', { name: /^Notas/ }).first());
  await page.keyboard.type(note);
  await tabTo(page, form.getByRole('button', { name: 'Agregar partida' }));
  await page.keyboard.press('Enter');
  for (const [index, line] of lines.entries()) {
    const n = index + 1;
    // «Agregar partida» and Enter in a line's last cell put the focus on the new line's material.
    await expect(form.getByRole('textbox', { name: `Material (partida ${n})` })).toBeFocused();
    // Each line a different material: the nth of the list.
    await page.keyboard.press('Enter');
    const option = optionsList(page).getByRole('option').nth(index);
    await expect(option).toBeVisible();
    await arrowTo(page, (await option.getAttribute('aria-label')) ?? '');
    await expect(form.getByRole('textbox', { name: `Material (partida ${n})` })).toBeFocused();
    await expect(form.getByRole('cell', { name: `Unidad (partida ${n})` })).not.toBeEmpty();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('spinbutton', { name: `Cantidad (partida ${n})` })).toBeFocused();
    await page.keyboard.type(line.quantity);
    await page.keyboard.press('Tab');
    await expect(form.getByRole('spinbutton', { name: `Precio unitario (partida ${n})` })).toBeFocused();
    await page.keyboard.type(line.price);
    // Enter opens the next line, except after the last one.
    if (n < lines.length) await page.keyboard.press('Enter');
  }
  // 3 × 120.50 + 2 × 75.00 + 10 × 8.25
  await expect(form.getByText('$594.00')).toBeVisible();
  await tabTo(page, form.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Pedido creado')).toBeVisible();
  await expect(form).toBeHidden();
  const saved = await apiCall<{ items: { folio: string; notes: string | null; total: number; lines: { quantity: number; unitPrice: number | null }[] }[] }>(
    sessions.request,
    admin,
    'GET',
    '/orders?scope=mine&sort=-createdAt',
  );
  const order = saved.items.find((o) => o.notes === note);
  expect(order?.total).toBe(594);
  expect(order?.lines.map((l) => [l.quantity, l.unitPrice])).toEqual(lines.map((l) => [Number(l.quantity), Number(l.price)]));
  await expect(page.getByRole('row').filter({ hasText: order?.folio ?? '-' })).toContainText('$594.00');
});

test('Histórico de Pedidos filtered by status from the column menu, then an order opened, with the keyboard only', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  await seedSession(context, await sessions.admin());
  await page.goto('/pedidos/historico');
  await expect(headerTitle(page)).toHaveText('Histórico de Pedidos', { timeout: 30_000 });
  const menuButton = page.getByRole('button', { name: 'Filtrar «Estatus»' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const value = page.getByRole('textbox', { name: 'Estatus: Valor' });
  await tabTo(page, value);
  // Escape in the list closes the list only: the menu stays open, the focus back on the field.
  await page.keyboard.press('Enter');
  await expect(optionsList(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(optionsList(page)).toBeHidden();
  await expect(value).toBeFocused();
  await chooseOption(page, 'Enviado', 'Envi');
  await expect(value).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Aplicar' }));
  await page.keyboard.press('Enter');
  // The menu closes and the focus goes back to its button.
  await expect(menuButton).toBeFocused();
  await expect(page).toHaveURL(/filters=/);
  const rows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') });
  // Every row sent (the status column's cells are named by the status they show), once the filtered page is in.
  await expect(rows.filter({ hasNot: page.getByRole('cell', { name: 'Enviado', exact: true }) })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  // Open the first order: «Ver detalle» in its row's menu (↓ through the items, Enter).
  const first = rows.first();
  const folio = (await first.getByRole('cell', { name: /^PED-/ }).innerText()).trim();
  await tabTo(page, first.getByRole('button', { name: 'Más acciones' }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const focusedItem = menu.locator('[data-p-focused="true"]');
  for (let i = 0; i < 10 && !(await focusedItem.innerText().catch(() => '')).includes('Ver detalle'); i++) await page.keyboard.press('ArrowDown');
  await expect(focusedItem).toContainText('Ver detalle');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: new RegExp(folio) })).toBeVisible();
});

test('an alta on Crear Oficina, with the keyboard only', async ({ page, context, sessions }) => {
  test.setTimeout(150_000);
  const admin = await sessions.admin();
  await seedSession(context, admin);
  const suffix = String(Date.now() % 100000).padStart(5, '0');
  const number = `KBD-${suffix}`;
  const curp = ((first17: string) => first17 + String(curpCheckDigit(first17)))('TEKA910305HDFCLB0');
  await page.goto('/registro/oficina');
  await expect(headerTitle(page)).toHaveText('Oficinas', { timeout: 30_000 });
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Nuevo movimiento' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registro\/oficina\/create$/);
  const form = page.getByRole('region', { name: 'Crear Oficina' });
  await tabTo(page, form.getByRole('textbox', { name: 'Tipo', exact: true }));
  await chooseOption(page, 'Alta');
  await tabTo(page, form.getByRole('switch', { name: 'Empleado nuevo' }));
  await page.keyboard.press('Space');
  const employee = form.getByRole('group', { name: 'Datos del empleado nuevo' });
  for (const [name, text] of [
    [/^Número de empleado/, number],
    [/^Nombre\(s\)/, 'Teclado'],
    [/^Apellido paterno/, 'Accesible'],
    [/^CURP/, curp],
    [/^NSS/, uniqueNss()],
  ] as const) {
    await tabTo(page, employee.getByRole('textbox', { name }));
    await page.keyboard.type(text);
  }
  await tabTo(page, form.getByRole('textbox', { name: 'Empresa', exact: true }));
  await chooseOption(page, await firstOptionLabel(page));
  await tabTo(page, form.getByRole('combobox', { name: /^Fecha efectiva/ }));
  await page.keyboard.type(formatDayLong(businessToday()));
  await tabTo(page, form.getByRole('textbox', { name: 'Tipo de trabajador', exact: true }));
  await chooseOption(page, 'Permanente');
  await tabTo(page, form.getByRole('spinbutton', { name: /^Salario diario/ }));
  await page.keyboard.type('400');
  await tabTo(page, form.getByRole('spinbutton', { name: /^SDI/ }));
  await page.keyboard.type('420');
  await tabTo(page, form.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Movimiento creado')).toBeVisible();
  await expect(page).toHaveURL(/\/registro\/oficina$/);
  const movements = await apiCall<{ items: { type: string; employeeNumber: string | null; dailySalary: number | null; sdi: number | null }[] }>(
    sessions.request,
    admin,
    'GET',
    '/registry/movements?scope=oficina&sort=-createdAt&pageSize=50',
  );
  const alta = movements.items.find((m) => m.employeeNumber === number);
  expect(alta).toMatchObject({ type: 'alta', dailySalary: 400, sdi: 420 });
});

test('a role\'s permissions changed and saved, with the keyboard only', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  const admin = await sessions.admin();
  const role = await createRole(sessions.request, admin, uniqueName('E2E Teclado'), [{ module: 'config_units', view: true }]);
  await seedSession(context, admin);
  await page.goto('/catalogos/permisos');
  await expect(headerTitle(page)).toHaveText('Permisos', { timeout: 30_000 });
  // The role is found with the list's search box, then edited from its row.
  await tabTo(page, page.getByRole('main').getByRole('searchbox'));
  await page.keyboard.type(role.name);
  const row = page.getByRole('table').getByRole('row').filter({ hasText: role.name });
  await expect(row).toBeVisible();
  await tabTo(page, row.getByRole('button', { name: 'Editar' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /rol/i });
  await expect(dialog).toBeVisible();
  for (const name of ['Proyectos: Ver', 'Mis pedidos: Ver']) {
    await tabTo(page, dialog.getByRole('checkbox', { name, exact: true }));
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Guardar' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const saved = await apiCall<{ permissions: Grant[] }>(sessions.request, admin, 'GET', `/roles/${role.id}`);
  const grant = (module: string) => saved.permissions.find((p) => p.module === module);
  expect(grant('config_units')).toMatchObject({ view: true });
  expect(grant('projects')).toMatchObject({ view: true });
  expect(grant('my_orders')).toMatchObject({ view: true });
});
