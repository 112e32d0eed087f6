import type { Page } from '@playwright/test';
import type { LoginResponse } from '@goc/contracts';
import { ROUTE_LIST, routePath, type RouteKey } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { axeFindings, formatFindings, type AxeFinding } from '../support/axe';
import { USER_PASSWORD } from '../support/constants';
import { DEVICES, untilStill } from '../support/shots';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Issue 20: zero axe-core violations (WCAG 2.0/2.1, A and AA) on every route of SPEC §2, filled,
 * empty, with a dialog open and with a form's errors shown, on a desktop and a phone, as the
 * administrator and as a restricted user. Each test walks its routes in one page and fails once at
 * the end with every finding: rule, elements and where (e2e/README.md lists routes × states).
 */

// The two «every route» walks take minutes each and share nothing: they go to different workers.
test.describe.configure({ mode: 'parallel' });

type Cuts = { items: { id: number }[] };

/** A search no record matches: the list's empty state. */
const NO_MATCH = 'zzqx sin coincidencias';

/** What the restricted user may do: capture at works, ask for materials, read the materials catalogue. */
const RESTRICTED_GRANTS = [
  { module: 'my_orders', view: true, create: true },
  { module: 'registry_works', view: true, create: true },
  { module: 'config_materials', view: true },
] as const;
const RESTRICTED_ROUTES: readonly RouteKey[] = ['home', 'myOrders', 'registryWorks', 'materials'];

/** Waits until the page shows its title and no list is still loading, and animations have ended. */
async function settle(page: Page, title?: string) {
  if (title) await expect(headerTitle(page)).toHaveText(title, { timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  // Dialogs and toasts fade in: contrast is measured once they are opaque.
  await untilStill(page);
}

/**
 * Opens `url` the way the menu does, without loading the app again: the first route is loaded, the
 * next ones are pushed onto the history, which the router follows as it follows the back button.
 */
async function open(page: Page, url: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The main area's "Nuevo…" button, if this screen creates records. */
function createButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /^Nuevo/ }).first();
}

/**
 * Filled, then (where the screen offers them) dialog open, form errors and empty list. Only the
 * states whose trigger exists are measured; the route itself is always measured.
 */
async function auditRoute(page: Page, where: string, url: string, title: string, states: { dialog: boolean; empty: boolean }): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  await open(page, url);
  await settle(page, title);
  findings.push(...(await axeFindings(page, `${where} ${url} · lleno`)));

  const create = createButton(page);
  if (states.dialog && (await create.isVisible())) {
    await create.click();
    const dialog = page.getByRole('dialog').last();
    // "Nuevo movimiento" of Oficinas opens a full-page form; every other "Nuevo…" a dialog.
    await expect(dialog.or(headerTitle(page).filter({ hasText: 'Crear Oficina' })).first()).toBeVisible();
    const onPage = page.url().endsWith('/create');
    if (!onPage) {
      await expect(dialog).toBeVisible();
      await settle(page);
      findings.push(...(await axeFindings(page, `${where} ${url} · diálogo`)));
    }
    // The form sent empty: its required-field errors.
    const scope = onPage ? page.getByRole('main') : dialog;
    await scope.locator('button[type="submit"]').first().click();
    await expect(scope.locator('[aria-invalid="true"], .p-invalid').first()).toBeAttached();
    await settle(page);
    findings.push(...(await axeFindings(page, `${where} ${url} · errores`)));
    if (onPage) await page.goto(url);
    else await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await settle(page, title);
  }

  const search = page.getByRole('main').getByRole('searchbox', { name: 'Buscar' }).first();
  if (states.empty && (await search.isVisible())) {
    await search.fill(NO_MATCH);
    await expect(page).toHaveURL(/q=/);
    await settle(page);
    findings.push(...(await axeFindings(page, `${where} ${url} · vacío`)));
  }
  return findings;
}

/** Every route inside the shell, the weekly cut with a real id. */
async function shellRoutes(adminSession: LoginResponse, request: Parameters<typeof apiCall>[0]) {
  const { items } = await apiCall<Cuts>(request, adminSession, 'GET', '/registry/cuts?pageSize=1');
  const cutId = items[0]?.id ?? 1;
  return ROUTE_LIST.filter((route) => !route.public).map((route) => ({ ...route, url: routePath(route.key, { cutId }) }));
}

for (const device of DEVICES) {
  test.describe(`${device.name}`, () => {
    test.use(device.use);

    test(`the sign-in page and its error state have no WCAG A/AA violation (${device.name})`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
      await settle(page);
      const findings = await axeFindings(page, `${device.name} · anónimo /login · lleno`);
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeAttached();
      await settle(page);
      findings.push(...(await axeFindings(page, `${device.name} · anónimo /login · errores`)));
      expect(findings, formatFindings(findings)).toEqual([]);
    });

    test(`every route as the administrator: filled, dialog, errors, empty, logout confirmation (${device.name})`, async ({ page, context, sessions }) => {
      // ~28 routes × four states with axe on each: about 2 min on a quiet machine, several times that beside other work.
      test.setTimeout(600_000);
      const admin = await sessions.admin();
      await seedSession(context, admin);
      const findings: AxeFinding[] = [];
      for (const route of await shellRoutes(admin, sessions.request)) {
        await test.step(route.url, async () => {
          findings.push(...(await auditRoute(page, `${device.name} · admin`, route.url, route.title, { dialog: true, empty: true })));
        });
      }
      await test.step('logout confirmation', async () => {
        if (device.name === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
        await page.getByRole('button', { name: 'Salir' }).first().click();
        await expect(page.getByRole('alertdialog', { name: 'Confirmar' }).or(page.getByRole('dialog', { name: 'Confirmar' }))).toBeVisible();
        await settle(page);
        findings.push(...(await axeFindings(page, `${device.name} · admin · confirmación de salida`)));
      });
      expect(findings, formatFindings(findings)).toEqual([]);
    });

    test(`the routes of a restricted user (${device.name})`, async ({ page, context, sessions }) => {
      test.setTimeout(240_000);
      const admin = await sessions.admin();
      const role = await createRole(sessions.request, admin, uniqueName('E2E Accesibilidad'), RESTRICTED_GRANTS);
      await seedSession(context, await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD));
      const routes = (await shellRoutes(admin, sessions.request)).filter((route) => RESTRICTED_ROUTES.includes(route.key));
      const findings: AxeFinding[] = [];
      for (const route of routes) {
        await test.step(route.url, async () => {
          findings.push(...(await auditRoute(page, `${device.name} · restringido`, route.url, route.title, { dialog: true, empty: true })));
        });
      }
      expect(findings, formatFindings(findings)).toEqual([]);
    });
  });
}
