import { businessToday, type LoginResponse } from '@goc/contracts';
import { apiCall, createRole, createUser, uniqueName } from '../support/api';
import { API, USER_PASSWORD } from '../support/constants';
import { expect as baseExpect, seedSession, test } from '../support/test';

/*
 * RH after IMSS answers: two salary changes of this week's cut are ticked on the cut's page and
 * marked «Aplicado / Timbrado» at once; the list shows them applied and the IDSE file of their
 * company leaves them out. Salary changes, not altas or bajas, so no employee of the demo data
 * changes whether it is active for the specs that follow.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

type Movement = { id: number; cutId: number; companyId: number; employeeNss: string | null; employee: { label: string } };
type IdseFile = { content: string; refusals: { movementId: number }[] };
type Employee = { id: number; companyId: number; nss: string | null };

/** Salary changes of `count` active employees with an NSS and no change open, captured now (this week's cut). */
async function salaryChanges(request: Parameters<typeof apiCall>[0], admin: LoginResponse, count: number): Promise<Movement[]> {
  const filters = encodeURIComponent(JSON.stringify({ status: { operator: 'and', constraints: [{ matchMode: 'equals', value: 'activo' }] } }));
  const { items } = await apiCall<{ items: Employee[] }>(request, admin, 'GET', `/employees?pageSize=100&filters=${filters}`);
  const made: Movement[] = [];
  for (const employee of items.filter((e) => e.nss !== null)) {
    const response = await request.post(`${API}/registry/movements`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { type: 'modificacion_salario', scope: 'oficina', companyId: employee.companyId, employeeId: employee.id, effectiveDate: businessToday(), workerType: 'permanente', dailySalary: 431.25, sdi: 452.5 },
    });
    // 400: this employee already has a salary change open; try the next one.
    if (response.status() !== 201) continue;
    made.push((await response.json()) as Movement);
    if (made.length === count) return made;
  }
  throw new Error(`only ${made.length} employees could take a salary change`);
}

test('RH marks two movements of the cut «Aplicado / Timbrado» at once, and the IDSE file leaves them out', async ({ page, context, sessions }) => {
  test.setTimeout(150_000);
  const admin = await sessions.admin();
  const movements = await salaryChanges(sessions.request, admin, 2);
  const cutId = movements[0]!.cutId;
  const role = await createRole(sessions.request, admin, uniqueName('RH marcas'), [
    { module: 'registry_history', view: true },
    { module: 'registry_office', view: true, create: true, edit: true },
  ]);
  const rh = await sessions.login(await createUser(sessions.request, admin, role), USER_PASSWORD);

  /** Whether the movement is in its company's IDSE salary-change file (as a record or as a refusal). */
  const inIdse = async (movement: Movement) => {
    const file = await apiCall<IdseFile>(sessions.request, rh, 'GET', `/registry/cuts/${cutId}/idse?companyId=${movement.companyId}&type=modificacion_salario&format=json`);
    return (movement.employeeNss !== null && file.content.includes(movement.employeeNss)) || file.refusals.some((r) => r.movementId === movement.id);
  };
  for (const movement of movements) expect(await inIdse(movement)).toBe(true);

  await seedSession(context, rh);
  await page.goto(`/registro/historico/${cutId}`);
  await expect(page.getByRole('heading', { name: 'Movimientos del corte' })).toBeVisible({ timeout: 60_000 });
  const bar = page.getByRole('group', { name: 'Selección de filas' });
  for (const movement of movements) {
    await page.getByRole('checkbox', { name: `Seleccionar Modificación de salario de ${movement.employee.label}` }).check();
  }
  await expect(bar.getByRole('status')).toHaveText('2 seleccionados');
  await bar.getByRole('button', { name: 'Aplicado / Timbrado' }).click();
  const confirm = page.getByRole('dialog', { name: 'Marcar como «Aplicado / Timbrado»' });
  await expect(confirm).toContainText('¿Marcar los 2 movimientos seleccionados como «Aplicado / Timbrado»?');
  await confirm.getByRole('button', { name: 'Marcar' }).click();
  await expect(page.getByText('2 movimientos marcados como «Aplicado / Timbrado»')).toBeVisible();

  for (const movement of movements) {
    const row = page.getByRole('row').filter({ hasText: movement.employee.label });
    await expect(row).toContainText('Aplicado');
    await expect(row.getByRole('checkbox')).toHaveCount(0);
    expect(await inIdse(movement)).toBe(false);
  }
  await expect(bar.getByRole('status')).toHaveText('');
});
