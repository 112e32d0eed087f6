import type { Page } from '@playwright/test';
import { MENU, ROUTES } from '@goc/contracts';
import { expect, headerTitle, seedSession, test } from '../support/test';

test.beforeEach(async ({ context, sessions }) => {
  await seedSession(context, await sessions.admin());
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

/** The sidebar of SPEC §2 with every group open, as an accessibility tree (labels, links and order). */
function expectedMenuTree(): string {
  const link = (label: string, path: string, indent: string) => `${indent}- link "${label}":\n${indent}  - /url: ${path}`;
  const lines = MENU.map((entry) =>
    entry.kind === 'item'
      ? `  - listitem:\n${link(entry.label, ROUTES[entry.route].path, '    ')}`
      : [
          `  - listitem:`,
          `    - button "${entry.label}" [expanded]`,
          `    - list:`,
          ...entry.children.map((child) => `      - listitem:\n${link(child.label, ROUTES[child.route].path, '        ')}`),
        ].join('\n'),
  );
  return `- list:\n${lines.join('\n')}`;
}

test('the administrator sees every group and item of SPEC §2 in order, and Salir at the bottom', async ({ page }) => {
  await page.goto('/');
  await expect(headerTitle(page)).toHaveText('Inicio');
  const nav = mainNav(page);
  for (const group of MENU.filter((e) => e.kind === 'group')) {
    const button = nav.getByRole('button', { name: group.label, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  expect(await nav.ariaSnapshot()).toBe(`- navigation "Navegación principal":\n${expectedMenuTree().replace(/^/gm, '  ')}`);
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Salir' })).toBeVisible();
});

test('the active item is highlighted and its group opens on arrival', async ({ page }) => {
  await page.goto('/catalogos/unidades');
  await expect(headerTitle(page)).toHaveText('Unidades');
  const nav = mainNav(page);
  await expect(nav.getByRole('button', { name: 'Configuración' })).toHaveAttribute('aria-expanded', 'true');
  const active = nav.getByRole('link', { name: 'Unidades' });
  const idle = nav.getByRole('link', { name: 'Empresas' });
  await expect(active).toHaveAttribute('aria-current', 'page');
  await expect(idle).not.toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  const background = (link: typeof active) => link.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(active)).not.toBe(await background(idle));

  // Following another item moves the highlight.
  await idle.click();
  await expect(headerTitle(page)).toHaveText('Empresas');
  await expect(idle).toHaveAttribute('aria-current', 'page');
  await expect(active).not.toHaveAttribute('aria-current', 'page');
});

test('open and closed groups are remembered after a reload (session storage)', async ({ page }) => {
  await page.goto('/catalogos/unidades');
  const nav = mainNav(page);
  const pedidos = nav.getByRole('button', { name: 'Pedidos' });
  const configuracion = nav.getByRole('button', { name: 'Configuración' });
  await expect(pedidos).toHaveAttribute('aria-expanded', 'false');
  await expect(configuracion).toHaveAttribute('aria-expanded', 'true');

  await pedidos.click();
  // Closing the group of the current page is a choice that beats "open where I am".
  await configuracion.click();
  await expect(pedidos).toHaveAttribute('aria-expanded', 'true');
  await expect(configuracion).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Unidades' })).toBeHidden();

  await page.reload();
  await expect(headerTitle(page)).toHaveText('Unidades');
  await expect(pedidos).toHaveAttribute('aria-expanded', 'true');
  await expect(configuracion).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Altas y Bajas' })).toHaveAttribute('aria-expanded', 'false');
});

test('on a wide screen the sidebar collapses to icons and stays so after a reload', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Contraer barra lateral' }).click();
  const expand = header.getByRole('button', { name: 'Expandir barra lateral' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  // Labels stay for screen readers only: the item is still named but its text takes no room.
  const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toBeVisible();
  const width = async () => (await dashboard.boundingBox())?.width ?? 0;
  await expect.poll(width).toBeLessThan(80);

  await page.reload();
  await expect(expand).toBeVisible();
  await expand.click();
  await expect(header.getByRole('button', { name: 'Contraer barra lateral' })).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(width).toBeGreaterThan(150);
});
