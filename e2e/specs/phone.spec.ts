import type { Locator } from '@playwright/test';
import { addBusinessDays, businessToday } from '@goc/contracts';
import { apiCall } from '../support/api';
import { optionsList } from '../support/prime';
import { expect, headerTitle, seedSession, test } from '../support/test';

// SPEC §2 / §9: below 768 px the sidebar is a drawer opened by a menu button, with a dark backdrop.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, sessions }) => {
  await seedSession(context, await sessions.admin());
});

/** An element's background as sRGB + alpha (Tailwind 4 writes oklab colours; a canvas converts them). */
function backgroundOf(element: Locator) {
  return element.evaluate((el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(el).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, alpha: a / 255 };
  });
}

test('the "Menú" button opens the drawer over a dark backdrop; navigating closes it', async ({ page }) => {
  await page.goto('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeHidden();

  await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
  const drawer = page.getByRole('complementary').filter({ has: nav });
  await expect(drawer).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(drawer.getByRole('button', { name: 'Salir' })).toBeVisible();

  // The backdrop is the drawer's full-screen parent layer: dark and see-through.
  const backdrop = drawer.locator('..');
  await expect.poll(async () => (await backdrop.boundingBox())?.width).toBe(390);
  // The backdrop fades in: read its colour once the fade has reached its end.
  await expect.poll(async () => (await backgroundOf(backdrop)).alpha).toBeGreaterThanOrEqual(0.4);
  const color = await backgroundOf(backdrop);
  expect(color.alpha).toBeLessThan(1);
  expect(Math.max(color.r, color.g, color.b)).toBeLessThan(60);

  await nav.getByRole('button', { name: 'Configuración' }).click();
  await nav.getByRole('link', { name: 'Empresas' }).click();
  await expect(headerTitle(page)).toHaveText('Empresas');
  await expect(page).toHaveURL('/catalogos/empresas');
  await expect(drawer).toBeHidden();
});

test('the drawer closes with its close button', async ({ page }) => {
  await page.goto('/mis-proyectos');
  await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar el menú' }).click();
  await expect(nav).toBeHidden();
  await expect(headerTitle(page)).toHaveText('Mis Proyectos');
});

test('overlays fit the phone: no page scrolls sideways with a dropdown open; tapping an order opens it', async ({ page, sessions }) => {
  test.setTimeout(180_000);
  const admin = await sessions.admin();
  const works = await apiCall<{ items: { value: number }[] }>(sessions.request, admin, 'GET', '/works/options?limit=1&filter=planeacion,en_ejecucion');
  const materials = await apiCall<{ items: { value: number }[] }>(sessions.request, admin, 'GET', '/materials/options?limit=1');
  const order = await apiCall<{ folio: string }>(sessions.request, admin, 'POST', '/orders', {
    workId: works.items[0]!.value,
    requiredDate: addBusinessDays(businessToday(), 7),
    lines: [{ materialId: materials.items[0]!.value, quantity: 2 }],
  });
  const fitsSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/pedidos/historico');
  await expect(headerTitle(page)).toHaveText('Histórico de Pedidos', { timeout: 60_000 });
  const row = page.getByRole('table').getByRole('row').filter({ hasText: order.folio });
  await expect(row).toBeVisible({ timeout: 30_000 });

  // The column chooser's panel, then a picker's panel inside the new-order dialog.
  // PrimeReact's label covers the named input: a click is focus + Enter (support/prime.ts).
  const columns = page.getByRole('combobox', { name: 'Columnas' });
  await columns.focus();
  await columns.press('Enter');
  await expect(page.locator('.p-multiselect-panel')).toBeVisible();
  expect(await fitsSideways()).toBe(true);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  const work = form.getByRole('textbox', { name: 'Obra', exact: true });
  await work.focus();
  await work.press('Enter');
  await expect(optionsList(page)).toBeVisible();
  expect(await fitsSideways()).toBe(true);
  const panel = await page.locator('.p-dropdown-panel').boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();

  await row.getByRole('cell').first().tap();
  const detail = page.getByRole('dialog', { name: `Pedido ${order.folio}` });
  await expect(detail.getByRole('region', { name: 'Partidas' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Enviar' })).toBeVisible();
  expect(await fitsSideways()).toBe(true);
});
