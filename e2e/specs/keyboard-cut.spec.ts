import { cutWeekOf } from '@goc/contracts';
import { apiCall } from '../support/api';
import { tabTo } from '../support/keyboard';
import { expect, headerTitle, seedSession, test } from '../support/test';

/*
 * Closing a weekly cut with the keyboard only (issue 20). A closed cut stays closed for every later
 * capture, so this spec belongs to the e2e config's `closing-the-week` project, on apps and
 * databases no other spec uses.
 * It closes last week's cut (a week that has ended: one confirmation, no force) and leaves this
 * week's to registry-cuts.spec.ts.
 */

type Cut = { id: number; label: string | null; status: string };

test('last week’s cut closed with the keyboard only', async ({ page, context, sessions }) => {
  test.setTimeout(120_000);
  const admin = await sessions.admin();
  const lastWeek = cutWeekOf(new Date(Date.now() - 7 * 86_400_000));
  const { items } = await apiCall<{ items: Cut[] }>(sessions.request, admin, 'GET', '/registry/cuts?pageSize=100');
  const cut = items.find((c) => c.label === lastWeek.label);
  test.skip(cut?.status !== 'abierto', `the cut of ${lastWeek.label} is not open in this database`);
  await seedSession(context, admin);

  await page.goto('/registro/historico');
  await expect(headerTitle(page)).toHaveText('Histórico de Registro', { timeout: 30_000 });
  const row = page.getByRole('table').getByRole('row').filter({ hasText: lastWeek.label });
  await tabTo(page, row.getByRole('button', { name: 'Ver detalle del corte' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/registro/historico/${cut?.id}$`));
  await expect(page.getByRole('heading', { name: lastWeek.label })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Cerrar corte' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Cerrar corte' });
  await expect(confirm).toBeVisible();
  // The confirmation's focus starts on «Cancelar»: Tab to the close.
  await tabTo(page, confirm.getByRole('button', { name: 'Cerrar corte' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Corte ${lastWeek.label} cerrado`).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar corte' })).toHaveCount(0);

  const saved = await apiCall<Cut>(sessions.request, admin, 'GET', `/registry/cuts/${cut?.id}`);
  expect(saved.status).toBe('cerrado');
});
