import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays, businessToday, STOCK_IDLE_DAYS, type Dashboard } from '@goc/contracts';
import { enterDelivery } from '../../src/modules/stock/service';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';
import { stockFixtures } from './fixtures';

/*
 * The dashboard's Almacén de obra widget (docs/stock.md), on its own database: the material value
 * each work holds, and material held with no salida nor traspaso for STOCK_IDLE_DAYS days.
 */

const TODAY = businessToday();
const LONG_AGO = addBusinessDays(TODAY, -(STOCK_IDLE_DAYS + 10));

let t: TestApp;
let admin: Api;
let fx: Awaited<ReturnType<typeof stockFixtures>>;

async function delivered(workIndex: number, date: string, [materialIndex, quantity, unitPrice]: [number, number, number], key: string) {
  await enterDelivery(t.db, {
    key,
    orderId: 2000,
    workId: fx.works[workIndex]!.id,
    date,
    folio: `PED-${key}`,
    lines: [{ lineId: 1, materialId: fx.materials[materialIndex]!.id, quantity, unitPriceCents: unitPrice * 100 }],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = apiFor(t.app, (await login(t.app)).token);
  fx = await stockFixtures(t.db, ['en_ejecucion', 'en_ejecucion'], ['Cemento gris', 'Varilla', 'Arena']);
  // Cement arrived long ago and was never used; the rebar too, but some was used today; the sand arrived today.
  await delivered(0, LONG_AGO, [0, 10, 200], 'cemento');
  await delivered(0, LONG_AGO, [1, 5, 100], 'varilla');
  await delivered(1, TODAY, [2, 3, 50], 'arena');
  const used = await admin.post(`${API}/stock/consumptions`, { workId: fx.works[0]!.id, date: TODAY, concept: 'Castillos', receivedBy: 'Cuadrilla Pérez', lines: [{ materialId: fx.materials[1]!.id, quantity: 1 }] });
  expect(used.statusCode, used.body).toBe(201);
});

afterAll(() => t?.close());

describe('the dashboard’s Almacén de obra widget', () => {
  it('sums the value held at each work, largest first, and lists the material unused for 30 days or more', async () => {
    const res = await admin.get(`${API}/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    const { stock } = res.json() as Dashboard;
    expect(stock?.value).toBe(2000 + 400 + 150);
    expect(stock?.works).toEqual([
      { workId: fx.works[0]!.id, code: expect.any(String), name: fx.works[0]!.name, value: 2400 },
      { workId: fx.works[1]!.id, code: expect.any(String), name: fx.works[1]!.name, value: 150 },
    ]);
    expect(stock?.idle).toEqual({
      count: 1,
      items: [expect.objectContaining({ workId: fx.works[0]!.id, materialId: fx.materials[0]!.id, quantity: 10, unit: fx.unit, value: 2000, since: LONG_AGO })],
    });
  });

  it('is shown only to roles with a stock flag', async () => {
    const user = await createUser(t.app, { roleId: await createRole(t.db, 'Solo obras', { works: ['view'] }) });
    const other = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    const res = await other.get(`${API}/dashboard`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('stock');
    expect(res.json()).toHaveProperty('works');
  });
});
