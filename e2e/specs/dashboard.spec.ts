import type { Dashboard } from '@goc/contracts';
import { apiCall } from '../support/api';
import { DEVICES, shot } from '../support/shots';
import { expect, seedSession, test } from '../support/test';

/*
 * The dashboard (issue 10): the orders-by-status bars open Histórico de Pedidos filtered
 * by that status, and the list there holds exactly the count the widget showed.
 */

test('the order chart links to the filtered Histórico de Pedidos', async ({ page, context, sessions }) => {
  test.setTimeout(90_000);
  const admin = await sessions.admin();
  const dashboard = await apiCall<Dashboard>(sessions.request, admin, 'GET', '/dashboard');
  const status = dashboard.history!.byStatus.find((s) => s.count > 0)!;

  await seedSession(context, admin);
  await page.goto('/');
  const chart = page.getByRole('region', { name: 'Pedidos por estatus' });
  // Each status is a bar and a link read "<status> · <count>".
  await chart.getByRole('link', { name: `${status.name} · ${status.count}`, exact: true }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/pedidos\/historico\?/);
  const filters = JSON.parse(new URL(page.url()).searchParams.get('filters')!) as Record<string, unknown>;
  expect(filters).toEqual({ statusId: { operator: 'and', constraints: [{ matchMode: 'equals', value: status.id }] } });
  // The paginator's report: '1–10 de 13'.
  await expect(page.getByText(new RegExp(`^1–\\d+ de ${status.count}$`))).toBeVisible({ timeout: 20_000 });
});

test('the altas y bajas widget links to Histórico de Registro', async ({ page, context, sessions }) => {
  test.setTimeout(90_000);
  await seedSession(context, await sessions.admin());
  await page.goto('/');
  const widget = page.getByRole('region', { name: 'Altas y bajas' });
  await expect(widget.getByText(/^Esta semana/)).toBeVisible({ timeout: 30_000 });
  await widget.getByRole('link', { name: 'Ver histórico de registro' }).click();
  await expect(page).toHaveURL(/\/registro\/historico$/, { timeout: 30_000 });
});

for (const device of DEVICES) {
  test.describe(`Dashboard on a ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);

    test('every widget', async ({ page, context, sessions }) => {
      test.setTimeout(90_000);
      await seedSession(context, await sessions.admin());
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Altas y bajas' }).getByRole('figure')).toBeVisible({ timeout: 30_000 });
      await shot(page, `dashboard-${device.name}`);
    });
  });
}
