import type { Page } from '@playwright/test';
import { MENU, ROUTE_LIST, routePath, type MenuGroup, type MenuLeaf, type RouteKey } from '@goc/contracts';
import { STORAGE } from '../support/constants';
import { browserStorage, expect, headerTitle, seedSession, test } from '../support/test';

/** Every route of SPEC §2 inside the shell, params filled (a weekly cut needs an id; any id shows the page). */
const shellRoutes = ROUTE_LIST.filter((route) => !route.public).map((route) => ({
  ...route,
  url: routePath(route.key as RouteKey, { cutId: 1 }),
}));

/** Where a route sits in the sidebar, if it does. */
function menuPlace(key: RouteKey): { leaf: MenuLeaf; group?: MenuGroup } | null {
  for (const entry of MENU) {
    if (entry.kind === 'item' && entry.route === key) return { leaf: entry };
    if (entry.kind === 'group') {
      const leaf = entry.children.find((child) => child.route === key);
      if (leaf) return { leaf, group: entry };
    }
  }
  return null;
}

/** Follows the route's sidebar item, opening its group first. */
async function followMenu(page: Page, place: { leaf: MenuLeaf; group?: MenuGroup }) {
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  if (!place.group) {
    // Top-level items come before the groups (SPEC order), so the first match is the top-level one ("Obras").
    await nav.getByRole('link', { name: place.leaf.label, exact: true }).first().click();
    return;
  }
  const toggle = nav.getByRole('button', { name: place.group.label, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const group = nav.getByRole('listitem').filter({ has: page.getByRole('button', { name: place.group.label, exact: true }) });
  await group.getByRole('link', { name: place.leaf.label, exact: true }).click();
}

test.describe('as the administrator', () => {
  test.beforeEach(async ({ context, sessions }) => {
    await seedSession(context, await sessions.admin());
  });

  test('every route of SPEC §2 opens with its header title and tab title "GOC | <title>"', async ({ page }) => {
    // Room for a busy CI machine: this checks titles, not speed (speed lives in the benchmarks).
    test.setTimeout(shellRoutes.length * 20_000);
    // Routes in the sidebar are opened as a user does, by their item; the others by address.
    for (const route of shellRoutes) {
      await test.step(`${route.url} → ${route.title}`, async () => {
        const place = menuPlace(route.key);
        if (place && page.url() !== 'about:blank') await followMenu(page, place);
        else await page.goto(route.url, { waitUntil: 'commit' });
        await expect.soft(page, route.url).toHaveURL(route.url);
        await expect.soft(headerTitle(page), route.url).toHaveText(route.title);
        await expect.soft(page, route.url).toHaveTitle(`GOC | ${route.title}`);
      });
    }
  });

  test('a deep link into the shell loads with its title (server-side history fallback)', async ({ page }) => {
    await page.goto('/catalogos/categorias-materiales?page=1');
    await expect(headerTitle(page)).toHaveText('Categorías de Materiales');
    await expect(page).toHaveTitle('GOC | Categorías de Materiales');
  });

  test('/login with a stored token goes to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expect(headerTitle(page)).toHaveText('Inicio');
    await expect(page).toHaveTitle('GOC | Inicio');
  });
});

test('without a token every route goes to /login', async ({ page }) => {
  test.setTimeout(shellRoutes.length * 6_000);
  for (const route of shellRoutes) {
    await page.goto(route.url, { waitUntil: 'commit' });
    await expect.soft(page, `${route.url} must send to /login`).toHaveURL('/login');
  }
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page).toHaveTitle('GOC | Iniciar Sesión');
  expect((await browserStorage(page)).local[STORAGE.token]).toBeUndefined();
});
