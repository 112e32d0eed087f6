import { addBusinessDays, businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall } from '../support/api';
import { optionsList } from '../support/prime';
import { DEVICES, shot } from '../support/shots';
import { expect as baseExpect, seedSession, test } from '../support/test';

/*
 * Pictures of the Pedidos pages for a human review (SCREENSHOTS=1), on a desktop and on a phone:
 * both lists, the order form and the detail with its timeline. They assert nothing more than what
 * must be on screen before the picture.
 */
test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');
const expect = baseExpect.configure({ timeout: 20_000 });


type Options = { items: { value: number }[] };
type Saved = { id: number; version: number; folio: string; lines: { id: number }[] };

/** An order of the administrator moved to a partial delivery, so the detail has prices, receipts and a timeline. */
async function deliveredInPart(request: Parameters<typeof apiCall>[0], admin: LoginResponse): Promise<string> {
  const works = await apiCall<Options>(request, admin, 'GET', '/works/options?limit=1&filter=planeacion,en_ejecucion');
  const materials = await apiCall<Options>(request, admin, 'GET', '/materials/options?limit=3');
  const suppliers = await apiCall<Options>(request, admin, 'GET', '/suppliers/options?limit=1');
  let order = await apiCall<Saved>(request, admin, 'POST', '/orders', {
    workId: works.items[0]!.value,
    requiredDate: addBusinessDays(businessToday(), 21),
    notes: 'Entregar en el acceso norte de la obra, antes de las 9:00',
    lines: materials.items.map((m, i) => ({ materialId: m.value, quantity: [12, 3.5, 40][i] ?? 1, unitPrice: [189.9, 1450, 12.75][i] ?? 1 })),
  });
  const move = async (body: Record<string, unknown>) => {
    order = await apiCall<Saved>(request, admin, 'POST', `/orders/${order.id}/transitions`, { version: order.version, ...body });
  };
  await move({ to: 'enviado' });
  await move({ to: 'autorizado', comment: 'Dentro del presupuesto de la obra' });
  await move({ to: 'comprado', supplierId: suppliers.items[0]!.value });
  await move({ to: 'entregado_parcial', received: order.lines.map((l, i) => ({ lineId: l.id, quantity: i === 0 ? 12 : i === 2 ? 15 : 0 })) });
  return order.folio;
}

for (const device of DEVICES) {
  test.describe(`Pedidos on a ${device.name}`, () => {
    test.use(device.use);
    let folio = '';

    test.beforeEach(async ({ context, sessions }) => {
      // Pictures are not about speed: the first one also moves an order through the workflow.
      test.setTimeout(90_000);
      const admin = await sessions.admin();
      folio ||= await deliveredInPart(sessions.request, admin);
      await seedSession(context, admin);
    });

    test('Mis pedidos and the form', async ({ page }) => {
      await page.goto('/pedidos/mis-pedidos');
      await expect(page.getByRole('table').getByText(folio)).toBeVisible();
      await shot(page, `orders-mine-${device.name}`);
      await page.getByRole('button', { name: 'Nuevo' }).click();
      const form = page.getByRole('dialog', { name: 'Nuevo pedido' });
      await form.getByRole('button', { name: 'Agregar partida' }).click();
      await form.getByRole('textbox', { name: 'Material (partida 1)' }).press('Enter');
      await optionsList(page).getByRole('option').first().click();
      await expect(form.getByRole('cell', { name: 'Unidad (partida 1)' })).not.toBeEmpty();
      await shot(page, `orders-form-${device.name}`);
    });

    test('Histórico and the detail', async ({ page }) => {
      await page.goto('/pedidos/historico');
      const row = page.getByRole('table').getByRole('row').filter({ hasText: folio });
      await expect(row).toBeVisible();
      await shot(page, `orders-history-${device.name}`);
      // A tap (a click on a desktop) on the row opens the order.
      if (device.name === 'phone') await row.getByRole('cell').first().tap();
      else await row.getByRole('cell').first().click();
      const detail = page.getByRole('dialog', { name: `Pedido ${folio}` });
      await expect(detail.getByRole('region', { name: 'Historial de estatus' })).toBeVisible();
      await shot(page, `orders-detail-${device.name}`);
      await detail.getByRole('button', { name: 'Más acciones' }).click();
      await expect(page.getByRole('menuitem', { name: 'Descargar PDF' })).toBeVisible();
      await shot(page, `orders-detail-menu-${device.name}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      if (device.name === 'phone') {
        await row.getByRole('button', { name: 'Acciones del registro' }).click();
      } else {
        await row.getByRole('button', { name: 'Más acciones' }).click();
      }
      await page.getByRole('menuitem', { name: 'Historial' }).click();
      await expect(page.getByRole('dialog', { name: `Historial: ${folio}` }).getByText('Entregado parcial').first()).toBeVisible();
      await shot(page, `orders-record-history-${device.name}`);
    });
  });
}
