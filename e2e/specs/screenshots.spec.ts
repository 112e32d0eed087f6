import { shot } from '../support/shots';
import { expect as baseExpect, headerTitle, seedSession, test } from '../support/test';

/*
 * Pictures for a human review, not assertions: run with SCREENSHOTS=1. They land in
 * SCREENSHOTS_DIR (default /tmp/goc/shots) as e2e-*.png.
 */
test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
// Pictures are not about speed: wait longer for a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });


test('login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await shot(page, 'login');
});

test.describe('as the administrator', () => {
  test.beforeEach(async ({ context, sessions }) => {
    await seedSession(context, await sessions.admin());
  });

  test('shell on a desktop (1366×768)', async ({ page }) => {
    await page.goto('/');
    await expect(headerTitle(page)).toHaveText('Inicio');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('button', { name: 'Pedidos' }).click();
    await shot(page, 'shell-desktop');
  });

  test('catalogue list', async ({ page }) => {
    await page.goto('/catalogos/obras');
    await expect(page.getByRole('cell', { name: 'OB-2025-009' })).toBeVisible();
    await shot(page, 'catalog-list');
  });

  test('create dialog', async ({ page }) => {
    await page.goto('/catalogos/obras');
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await expect(page.getByRole('dialog', { name: 'Nueva obra' })).toBeVisible();
    await shot(page, 'create-dialog');
  });

  test('Permisos matrix', async ({ page }) => {
    await page.goto('/catalogos/permisos');
    await page.getByRole('row').filter({ hasText: 'Administrador' }).getByRole('button', { name: 'Editar' }).click();
    const matrix = page.getByRole('table', { name: 'Matriz de permisos' });
    await expect(matrix).toBeVisible();
    await shot(page, 'permissions-matrix');
    // Scrolled down the modules, the column headers stay in sight.
    await matrix.locator('..').evaluate((box) => box.scrollTo(0, 400));
    await expect(matrix.getByRole('columnheader', { name: /Ver/ })).toBeInViewport();
    await shot(page, 'permissions-matrix-scrolled');
  });

  test('Usuarios', async ({ page }) => {
    await page.goto('/usuarios');
    await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
    await shot(page, 'users');
  });

  test.describe('on a phone (390×844)', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('shell with the drawer open', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
      await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
      await shot(page, 'shell-phone-drawer');
    });

    test('shell', async ({ page }) => {
      await page.goto('/catalogos/obras');
      await expect(page.getByRole('cell', { name: 'OB-2025-009' })).toBeVisible();
      await shot(page, 'catalog-list-phone');
    });
  });
});
