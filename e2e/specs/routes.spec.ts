import { ROUTE_LIST, routePath, type RouteKey } from '@goc/contracts';
import { STORAGE } from '../support/constants';
import { browserStorage, expect, headerTitle, seedSession, test } from '../support/test';

/** Every route of SPEC §2 inside the shell, params filled (a weekly cut needs an id; any id shows the page). */
const shellRoutes = ROUTE_LIST.filter((route) => !route.public).map((route) => ({
  ...route,
  url: routePath(route.key as RouteKey, { cutId: 1 }),
}));

// One page walks the whole table: a full load per route, with the browser cache warm after the first.
test.describe('as the administrator', () => {
  test.beforeEach(async ({ context, sessions }) => {
    await seedSession(context, await sessions.admin());
  });

  test('every route of SPEC §2 opens with its header title and tab title "GOC | <title>"', async ({ page }) => {
    test.setTimeout(shellRoutes.length * 10_000);
    for (const route of shellRoutes) {
      await test.step(`${route.url} → ${route.title}`, async () => {
        await page.goto(route.url, { waitUntil: 'commit' });
        await expect.soft(headerTitle(page), route.url).toHaveText(route.title);
        await expect.soft(page, route.url).toHaveTitle(`GOC | ${route.title}`);
        expect.soft(new URL(page.url()).pathname, 'no redirect').toBe(route.url);
      });
    }
  });

  test('/login with a stored token goes to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expect(headerTitle(page)).toHaveText('Inicio');
    await expect(page).toHaveTitle('GOC | Inicio');
  });
});

test('without a token every route goes to /login', async ({ page }) => {
  test.setTimeout(shellRoutes.length * 10_000);
  for (const route of shellRoutes) {
    await page.goto(route.url, { waitUntil: 'commit' });
    await expect.soft(page, `${route.url} must send to /login`).toHaveURL('/login');
  }
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page).toHaveTitle('GOC | Iniciar Sesión');
  expect((await browserStorage(page)).local[STORAGE.token]).toBeUndefined();
});
