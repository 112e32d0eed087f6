import type { Browser, Page } from '@playwright/test';
import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { BASE_URL, USER_PASSWORD } from '../support/constants';
import { shot as takeShot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Notifications (issue 17): the purchaser's bell counts up live while the page is open when the
 * resident sends an order from another browser context; the panel opens the order.
 */

/** Pictures for a human review only in SCREENSHOTS=1 runs. */
const shot = (page: Page, name: string) => (process.env.SCREENSHOTS === '1' ? takeShot(page, name) : Promise.resolve());

async function desk(browser: Browser, session: LoginResponse, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport });
  await seedSession(context, session);
  return context.newPage();
}

test('the bell rises live and opens the order', async ({ browser, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  const residentRole = await createRole(sessions.request, admin, uniqueName('E2E Residente avisos'), [{ module: 'my_orders', view: true, create: true, edit: true, delete: true }]);
  const purchaserRole = await createRole(sessions.request, admin, uniqueName('E2E Compras avisos'), [{ module: 'history', view: true, edit: true }]);
  const resident = await sessions.login(await createUser(sessions.request, admin, residentRole), USER_PASSWORD);
  const purchaser = await sessions.login(await createUser(sessions.request, admin, purchaserRole), USER_PASSWORD);

  const compras = await desk(browser, purchaser);
  await compras.goto('/');
  await expect(headerTitle(compras)).toHaveText('Inicio', { timeout: 30_000 });
  const bell = compras.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notificaciones');

  // The resident, in another browser context, creates and sends an order.
  const obra = await desk(browser, resident);
  await obra.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(obra)).toHaveText('Mis Pedidos', { timeout: 30_000 });
  const works = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/works/options?filter=planeacion,en_ejecucion');
  const materials = await apiCall<{ items: { value: number }[] }>(sessions.request, resident, 'GET', '/materials/options');
  const order = await apiCall<{ id: number; version: number; folio: string }>(sessions.request, resident, 'POST', '/orders', {
    workId: works.items[0]!.value,
    requiredDate: addBusinessDays(businessToday(), 21),
    lines: [{ materialId: materials.items[0]!.value, quantity: 4 }],
  });
  await obra.reload();
  const row = obra.getByRole('table').getByRole('row').filter({ hasText: order.folio });
  await row.getByRole('button', { name: 'Enviar', exact: true }).click();
  const dialog = obra.getByRole('dialog', { name: `Enviar: ${order.folio}` });
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(compras.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer');
  await expect(compras.getByRole('alert').filter({ hasText: `Pedido ${order.folio} enviado a compras` })).toBeVisible();
  await bell.click();
  const item = compras.getByTestId('notification-item').filter({ hasText: `Pedido ${order.folio} enviado a compras` });
  await expect(item).toBeVisible();
  await shot(compras, 'notifications-panel');
  await item.click();
  await expect(compras).toHaveURL(new RegExp(`/pedidos/historico\\?q=${order.folio}`));
  await expect(compras.getByRole('table').getByRole('row').filter({ hasText: order.folio })).toBeVisible();
  await expect(compras.getByTestId('notification-count')).toBeHidden();

  await compras.goto('/notificaciones/preferencias');
  await expect(headerTitle(compras)).toHaveText('Preferencias de Notificaciones', { timeout: 30_000 });
  await shot(compras, 'notifications-preferences');
  const phone = await desk(browser, purchaser, { width: 390, height: 844 });
  await phone.goto('/notificaciones/preferencias');
  await expect(headerTitle(phone)).toHaveText('Preferencias de Notificaciones', { timeout: 30_000 });
  await phone.getByTestId('notification-bell').click();
  await shot(phone, 'notifications-phone-panel');
});
