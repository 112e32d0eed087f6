import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, type NotificationList } from '@goc/contracts';
import { employees, works } from '../../src/db/schema';
import { enterDelivery } from '../../src/modules/stock/service';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';
import { stockFixtures } from './fixtures';

/*
 * A transfer waiting for receipt tells the residentes of both works (docs/stock.md), through the
 * live path: the HTTP call, the outbox, the stock module's declared rule, each person's bell. On
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const TODAY = businessToday();

let t: TestApp;
let fx: Awaited<ReturnType<typeof stockFixtures>>;
let storekeeper: Api; // stock view + create, resident of no work
const residents: { id: number; api: Api }[] = []; // of work 0 (origin), 1 (destination), 2 (another work)

/** A user of the role whose employee is the work's residente (none: a user with no employee). */
async function person(name: string, workIndex: number | null) {
  const roleId = await createRole(t.db, name, { stock: ['view', 'create'] });
  let employeeId: number | undefined;
  if (workIndex !== null) {
    const workId = fx.works[workIndex]!.id;
    const [work] = await t.db.select({ companyId: works.companyId }).from(works).where(eq(works.id, workId));
    const [employee] = await t.db
      .insert(employees)
      .values({ employeeNumber: `RES-${workId}`, firstName: name, lastName: 'Residente', curp: `RESR90010${workIndex}HQTRRC0${workIndex}`, companyId: work!.companyId, workId })
      .returning({ id: employees.id });
    employeeId = employee!.id;
    await t.db.update(works).set({ residentId: employeeId }).where(eq(works.id, workId));
  }
  const user = await createUser(t.app, { roleId, employeeId });
  return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
}

const transfers = async (api: Api) => ((await api.get(`${API}/notifications`)).json() as NotificationList).items.filter((n) => n.type === 'stock_transfer');

async function send(api: Api, quantity: number) {
  const sent = await api.post(`${API}/stock/transfers`, { fromWorkId: fx.works[0]!.id, toWorkId: fx.works[1]!.id, lines: [{ materialId: fx.materials[0]!.id, quantity }] });
  expect(sent.statusCode, sent.body).toBe(201);
  await t.app.events.drain();
  return sent.json() as { folio: string; fromWork: { label: string }; toWork: { label: string } };
}

beforeAll(async () => {
  t = await createTestApp();
  fx = await stockFixtures(t.db, ['en_ejecucion', 'planeacion', 'en_ejecucion'], ['Cemento gris']);
  for (const [i, name] of ['Ana', 'Beto', 'Carla'].entries()) residents.push(await person(name, i));
  storekeeper = (await person('Almacenista', null)).api;
  await enterDelivery(t.db, {
    key: 'transfer-notifications:1',
    orderId: 9001,
    workId: fx.works[0]!.id,
    date: TODAY,
    folio: 'PED-TN1',
    lines: [{ lineId: 0, materialId: fx.materials[0]!.id, quantity: 20, unitPriceCents: 10_000 }],
  });
});

afterAll(() => t.close());

describe('a transfer waiting for receipt', () => {
  it('tells the residente of the origin and the residente of the destination, nobody else', async () => {
    const transfer = await send(storekeeper, 6);
    const expected = {
      title: `Traspaso ${transfer.folio} en tránsito`,
      body: `6 ${fx.unit} de ${fx.materials[0]!.name}: de ${transfer.fromWork.label} a ${transfer.toWork.label}; espera que se reciba en la obra de destino`,
      link: '/almacen',
      readAt: null,
    };
    const [origin, destination, other] = residents;
    expect(await transfers(origin!.api)).toEqual([expect.objectContaining(expected)]);
    expect(await transfers(destination!.api)).toEqual([expect.objectContaining(expected)]);
    expect(await transfers(other!.api)).toEqual([]);
    expect(await transfers(storekeeper)).toEqual([]);
  });

  it('sent by one of the residentes, tells only the other', async () => {
    const [origin, destination] = residents;
    const transfer = await send(origin!.api, 2);
    expect((await transfers(destination!.api)).map((n) => n.title)).toEqual([`Traspaso ${transfer.folio} en tránsito`, expect.stringMatching(/^Traspaso .+ en tránsito$/)]);
    expect((await transfers(origin!.api)).map((n) => n.title)).not.toContain(`Traspaso ${transfer.folio} en tránsito`);
  });
});
