import type { WorksOverview } from '@goc/contracts';
import { apiCall } from '../support/api';
import { DEVICES, shot } from '../support/shots';
import { expect, seedSession, test } from '../support/test';

/*
 * Obras por línea de negocio (issue 10): every business line of the demo data shows as a section
 * with its works, and a work opens its detail with the tabs the administrator may read.
 */

test('/negocios shows each business line with its works and opens a work’s detail', async ({ page, context, sessions }) => {
  // The machine may be busy: the first render of the page waits for the lazy chunk and the overview.
  test.setTimeout(150_000);
  const admin = await sessions.admin();
  const overview = await apiCall<WorksOverview>(sessions.request, admin, 'GET', '/works/overview');
  expect(overview.lines.length).toBeGreaterThan(1);

  await seedSession(context, admin);
  await page.goto('/negocios');
  await expect(page.getByRole('heading', { name: overview.lines[0]!.category.name, level: 2 })).toBeVisible({ timeout: 60_000 });
  for (const line of overview.lines) {
    const section = page.getByRole('region', { name: line.category.name, exact: true });
    await expect(section.getByRole('heading', { name: line.category.name })).toBeVisible();
    for (const work of line.works) await expect(section.getByRole('button', { name: `${work.code} · ${work.name}` })).toBeVisible();
  }

  const staffed = overview.lines.flatMap((l) => l.works).find((w) => w.activeWorkers > 0) ?? overview.lines[0]!.works[0]!;
  await page.getByRole('button', { name: `${staffed.code} · ${staffed.name}` }).click();
  const detail = page.getByRole('dialog', { name: `${staffed.code} · ${staffed.name}` });
  await expect(detail.getByRole('tab')).toHaveText(['Resumen', 'Proyectos', 'Pedidos', 'Almacén', 'Personal']);
  await expect(detail.getByText(staffed.company.name)).toBeVisible();
  await detail.getByRole('tab', { name: 'Almacén' }).click();
  await expect(detail.getByText('Material en almacén')).toBeVisible();
  await detail.getByRole('tab', { name: 'Personal' }).click();
  await expect(detail.getByRole('heading', { name: 'Personal activo' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Últimos movimientos' })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Personal activo' }).getByRole('listitem')).toHaveCount(Math.min(staffed.activeWorkers, 100));
});

for (const device of DEVICES) {
  test.describe(`Obras on a ${device.name}`, () => {
    test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
    test.use(device.use);

    test('sections and the detail', async ({ page, context, sessions }) => {
      test.setTimeout(90_000);
      await seedSession(context, await sessions.admin());
      await page.goto('/negocios');
      const first = page.getByRole('region').first().getByRole('button').first();
      await expect(first).toBeVisible({ timeout: 30_000 });
      await shot(page, `works-${device.name}`);
      await first.click();
      await page.getByRole('tab', { name: 'Personal' }).click();
      await expect(page.getByRole('heading', { name: 'Últimos movimientos' })).toBeVisible();
      await shot(page, `works-detail-${device.name}`);
    });
  });
}
