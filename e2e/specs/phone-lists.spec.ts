import type { Page } from '@playwright/test';
import { openOptions } from '../support/prime';
import { shot } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Issue 20 on a phone: every list row is a card of its columns (nothing scrolls sideways, the row's
 * "⋮" menu a 44 px target), an empty list shows no "1 / 0" paging, and the new-order form's lines are
 * cards with the running total in view. SCREENSHOTS=1 also leaves the pictures for a review.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, sessions }) => {
  await seedSession(context, await sessions.admin());
});

const fitsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const LISTS = [
  { url: '/pedidos/historico', title: 'Histórico de Pedidos', shot: 'phone-list-pedidos' },
  { url: '/catalogos/materiales', title: 'Materiales', shot: 'phone-list-materiales' },
  { url: '/catalogos/empleados', title: 'Empleados', shot: 'phone-list-empleados' },
  { url: '/registro/oficina', title: 'Oficinas', shot: 'phone-list-oficinas' },
  { url: '/registro/historico', title: 'Histórico de Registro', shot: 'phone-list-historico-registro' },
] as const;

test('five lists show their rows as cards, each value under its column name, within the screen', async ({ page }) => {
  test.setTimeout(120_000);
  for (const list of LISTS) {
    await test.step(list.url, async () => {
      await page.goto(list.url);
      await expect(headerTitle(page)).toHaveText(list.title, { timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      const table = page.getByRole('table').first();
      const firstRow = table.locator('tbody > tr').first();
      // A card: the row is as wide as the list, its cells stacked (the second cell below the first).
      const [rowBox, tableBox] = [await firstRow.boundingBox(), await table.boundingBox()];
      expect(rowBox!.width).toBeLessThanOrEqual(tableBox!.width);
      const cells = firstRow.locator('td');
      if ((await cells.count()) > 1) {
        const [a, b] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
        expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
        await expect(cells.nth(0).locator('.p-column-title')).toBeVisible();
      }
      const menu = firstRow.getByRole('button', { name: 'Acciones del registro' });
      if ((await menu.count()) > 0) {
        const box = await menu.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(44);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      expect(await fitsSideways(page), `${list.url} scrolls sideways`).toBe(true);
      if (process.env.SCREENSHOTS) await shot(page, list.shot);
    });
  }
});

test('an empty list says so, without a "1 / 0" paginator', async ({ page }) => {
  await page.goto('/catalogos/materiales');
  await expect(headerTitle(page)).toHaveText('Materiales', { timeout: 30_000 });
  await page.getByRole('main').getByRole('searchbox', { name: 'Buscar' }).fill('zzqx sin coincidencias');
  await expect(page.getByRole('cell', { name: 'No se han encontrado resultados' })).toBeVisible();
  await expect(page.getByText('1 / 0')).toHaveCount(0);
});

test('a 10-line new order: each line a card, the total in view, nothing sideways', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/pedidos/mis-pedidos');
  await expect(headerTitle(page)).toHaveText('Mis Pedidos', { timeout: 30_000 });
  await page.getByRole('main').getByRole('button', { name: 'Nuevo' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
  for (let i = 0; i < 10; i++) {
    await form.getByRole('button', { name: 'Agregar partida' }).click();
    const material = form.getByRole('textbox', { name: `Material (partida ${i + 1})` });
    await (await openOptions(page, material)).getByRole('option').nth(i).click();
    const quantity = form.getByRole('spinbutton', { name: `Cantidad (partida ${i + 1})` });
    await quantity.selectText();
    await quantity.pressSequentially(String(i + 1));
  }
  const cards = form.getByRole('list', { name: 'Partidas' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(form.getByRole('status').filter({ hasText: 'Total' })).toBeInViewport();
  await expect(form.getByRole('spinbutton', { name: 'Cantidad (partida 10)' })).toHaveAttribute('inputmode', 'decimal');
  expect(await fitsSideways(page)).toBe(true);
  const dialogFits = await form.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(dialogFits).toBe(true);
  if (process.env.SCREENSHOTS) {
    await cards.first().scrollIntoViewIfNeeded();
    await shot(page, 'phone-order-10-lines');
  }
});
