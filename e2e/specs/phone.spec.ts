import type { Locator } from '@playwright/test';
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
  const color = await backgroundOf(backdrop);
  expect(color.alpha).toBeGreaterThanOrEqual(0.4);
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
