import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentWeek, DASHBOARD_WEEKS, previousWeeks, businessToday, type Dashboard, type WorksOverview } from '@goc/contracts';
import { orderLines, orderStatuses, orders, projects, recordTimeline, works } from '../src/db/schema';
import { lastMonths } from '../src/modules/orders/dashboard';
import { createRole, createTestApp, createUser, login, type TestApp } from './helpers/app';
import { API, apiFor, listUrl, type Api } from './catalogs/support';

/*
 * GET /dashboard per permission set: each role gets only its widgets, and every number matches the
 * list or page it links to.
 */

let t: TestApp;
let admin: Api;
let resident: Api;
let residentId: number;
let purchaser: Api;
let nobody: Api;
let historian: Api;
let office: Api;
let field: Api;

const statusId = async (code: string) => (await t.db.select({ id: orderStatuses.id }).from(orderStatuses).where(eq(orderStatuses.code, code)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  // The demo works and materials stay; the demo orders go, so every count below is this file's own.
  await t.db.delete(recordTimeline).where(eq(recordTimeline.entity, 'orders'));
  await t.db.delete(orderLines);
  await t.db.delete(orders);
  const session = async (grants: Parameters<typeof createRole>[2], name: string) => {
    const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
    return { id: user.id, api: apiFor(t.app, (await login(t.app, user.username, user.password)).token) };
  };
  admin = apiFor(t.app, (await login(t.app)).token);
  const r = await session({ my_orders: ['view', 'create', 'edit'], projects: ['view'] }, 'Residente del inicio');
  resident = r.api;
  residentId = r.id;
  purchaser = (await session({ history: ['view', 'edit'] }, 'Compras del inicio')).api;
  nobody = (await session({}, 'Sin módulos')).api;
  historian = (await session({ registry_history: ['view'] }, 'RH histórico del inicio')).api;
  office = (await session({ registry_office: ['view'] }, 'RH oficina del inicio')).api;
  field = (await session({ registry_works: ['view', 'create'] }, 'RH obras del inicio')).api;

  const [work, other] = await t.db.select({ id: works.id }).from(works).limit(2);
  const codes = ['borrador', 'enviado', 'enviado', 'comprado', 'entregado', 'cancelado'];
  const now = Date.now();
  let n = 0;
  for (const [i, code] of codes.entries()) {
    for (const requester of [residentId, 1]) {
      n += 1;
      await t.db.insert(orders).values({
        folio: `PED-D${String(n).padStart(5, '0')}`,
        workId: i % 2 === 0 ? work!.id : other!.id,
        requestedById: requester,
        requiredDate: '2026-12-01',
        statusId: await statusId(code),
        total: `${100 * (i + 1)}.50`,
        // Spread over the last months, and one a year ago that the chart leaves out.
        createdAt: new Date(now - (i === 5 ? 365 : i * 31) * 86_400_000),
      });
    }
  }
  await t.db.insert(projects).values([
    { code: 'PD-1', name: 'Mío', workId: work!.id, managerId: residentId, status: 'activo', budget: '1000' },
    { code: 'PD-2', name: 'Ajeno', workId: work!.id, managerId: 1, status: 'activo' },
  ]);
});

afterAll(() => t.close());

async function dashboard(api: Api): Promise<Dashboard> {
  const res = await api.get(`${API}/dashboard`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

const totalOf = async (api: Api, url: string) => {
  const res = await api.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
};

describe('GET /dashboard', () => {
  it('gives a user with no module no widget, and refuses anonymous callers', async () => {
    expect(await dashboard(nobody)).toEqual({});
    expect((await t.app.inject({ method: 'GET', url: `${API}/dashboard` })).statusCode).toBe(401);
  });

  it('gives a resident their open orders and projects only, matching their lists', async () => {
    const body = await dashboard(resident);
    expect(Object.keys(body).sort()).toEqual(['myOrders', 'projects']);
    const mine = body.myOrders!;
    expect(mine.open).toBe(4); // borrador, enviado ×2, comprado
    expect(mine.byStatus.map((s) => [s.code, s.count])).toEqual([
      ['borrador', 1],
      ['enviado', 2],
      ['autorizado', 0],
      ['comprado', 1],
      ['entregado_parcial', 0],
    ]);
    for (const s of mine.byStatus) {
      const filter = { statusId: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: s.id }] } };
      expect(await totalOf(resident, listUrl('/orders', { filters: filter })), s.code ?? '').toBe(s.count);
    }
    expect(mine.recent.map((o) => o.status.code).every((c) => c !== 'entregado' && c !== 'cancelado')).toBe(true);
    expect(mine.recent).toHaveLength(4);
    expect(body.projects).toMatchObject({ total: 1, items: [{ code: 'PD-1', budget: 1000, ordered: 0, status: 'activo' }] });
    expect(body.projects!.total).toBe(await totalOf(resident, `${API}/projects`));
  });

  it("counts a manager's projects per status and shows the first five active or planned ones with what was bought", async () => {
    const user = await createUser(t.app, { roleId: await createRole(t.db, 'Gerente de proyectos del inicio', { projects: ['view'] }) });
    const manager = apiFor(t.app, (await login(t.app, user.username, user.password)).token);
    const [work] = await t.db.select({ id: works.id }).from(works).limit(1);
    const statuses = ['activo', 'planeado', 'activo', 'terminado', 'planeado', 'activo', 'planeado', 'pausado'] as const;
    const made = await t.db
      .insert(projects)
      .values(statuses.map((status, i) => ({ code: `PG-${i + 1}`, name: `Proyecto ${i + 1}`, workId: work!.id, managerId: user.id, status, budget: '5000' })))
      .returning({ id: projects.id, code: projects.code });
    const bought = made.find((p) => p.code === 'PG-3')!.id;
    for (const [i, code] of ['comprado', 'entregado', 'enviado'].entries()) {
      await t.db.insert(orders).values({
        folio: `PG-PED-${i}`,
        workId: work!.id,
        projectId: bought,
        requestedById: user.id,
        requiredDate: '2026-12-01',
        statusId: await statusId(code),
        total: `${1000 * (i + 1)}.25`,
      });
    }
    const body = await dashboard(manager);
    // The other tests count every order: these go again.
    await t.db.delete(orders).where(eq(orders.projectId, bought));
    expect(body.projects!.total).toBe(8);
    expect(body.projects!.total).toBe(await totalOf(manager, `${API}/projects`));
    expect(body.projects!.byStatus).toEqual([
      { status: 'planeado', count: 3 },
      { status: 'activo', count: 3 },
      { status: 'pausado', count: 1 },
      { status: 'terminado', count: 1 },
    ]);
    expect(body.projects!.items.map((p) => [p.code, p.ordered])).toEqual([
      ['PG-1', 0],
      ['PG-2', 0],
      ['PG-3', 3000.5],
      ['PG-5', 0],
      ['PG-6', 0],
    ]);
  });

  it('gives purchasing every order per status and per month, and nothing of mine or works', async () => {
    const body = await dashboard(purchaser);
    expect(Object.keys(body)).toEqual(['history']);
    const { byStatus, byMonth } = body.history!;
    for (const s of byStatus) {
      const filter = { statusId: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: s.id }] } };
      expect(await totalOf(purchaser, `${listUrl('/orders', { filters: filter })}&scope=all`), s.code ?? '').toBe(s.count);
    }
    expect(byStatus.reduce((a, s) => a + s.count, 0)).toBe(12);
    expect(byMonth.map((m) => m.month)).toEqual(lastMonths(new Date().toISOString(), 6));
    // Ten orders were created within the last five months; the two of a year ago are left out.
    expect(byMonth.reduce((a, m) => a + m.count, 0)).toBe(10);
    expect(byMonth.reduce((a, m) => a + m.total, 0)).toBeCloseTo(2 * (100.5 + 200.5 + 300.5 + 400.5 + 500.5), 2);
  });

  it('gives works viewers the works in execution and their budget consumption, as /negocios shows them', async () => {
    const body = await dashboard(admin);
    expect(Object.keys(body).sort()).toEqual(['approvals', 'history', 'myOrders', 'projects', 'registry', 'stock', 'works']);
    const page = (await admin.get(`${API}/works/overview?status=en_ejecucion`)).json() as WorksOverview;
    expect(body.works).toMatchObject({ active: page.totals.works, budget: page.totals.budget, ordered: page.totals.ordered });
    expect(body.works!.active).toBeGreaterThan(0);
  });
});

describe('altas y bajas per week', () => {
  const TYPES = ['alta', 'baja', 'modificacion_salario'] as const;
  type Week = NonNullable<Dashboard['registry']>['weeks'][number];
  const sum = (weeks: Week[]) => weeks.reduce((a, w) => a + w.alta + w.baja + w.modificacion_salario, 0);

  /** Each week's counts against the movements list of that cut, type by type, in the caller's view. */
  async function matchesList(api: Api, scope: string, weeks: Week[]) {
    for (const week of weeks) {
      const cutId = week.cutId;
      if (cutId === null) continue;
      for (const type of TYPES) {
        const filters = {
          cutId: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: cutId }] },
          type: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: type }] },
        };
        expect(await totalOf(api, `${listUrl('/registry/movements', { filters })}&scope=${scope}`), `${week.key} ${type}`).toBe(week[type]);
      }
    }
  }

  it('gives the registry history every movement of the last weeks and this one, as the cuts list them', async () => {
    const body = await dashboard(historian);
    expect(Object.keys(body)).toEqual(['registry']);
    const { weeks } = body.registry!;
    expect(weeks.map((w) => w.key)).toEqual([...previousWeeks(DASHBOARD_WEEKS, businessToday()), currentWeek()].map((w) => w.key));
    // The demo captures movements over the current week and the three before it.
    expect(weeks.filter((w) => sum([w]) > 0).length).toBeGreaterThanOrEqual(4);
    expect(weeks.at(-1)!.cutId).not.toBeNull();
    await matchesList(historian, 'historico', weeks);
  });

  it('counts for the office or the works module only the movements of its own scope', async () => {
    const all = (await dashboard(historian)).registry!.weeks;
    const offices = (await dashboard(office)).registry!.weeks;
    const works = (await dashboard(field)).registry!.weeks;
    await matchesList(office, 'oficina', offices);
    await matchesList(field, 'obra', works);
    expect(sum(offices)).toBeGreaterThan(0);
    expect(sum(works)).toBeGreaterThan(0);
    expect(sum(offices) + sum(works)).toBe(sum(all));
  });

  it('is not given to a user without a registry module', async () => {
    expect((await dashboard(resident)).registry).toBeUndefined();
    expect((await dashboard(purchaser)).registry).toBeUndefined();
  });
});

describe('lastMonths', () => {
  it('counts back across the year in Mexico City time', () => {
    // 1 March 2026 05:00 UTC is still 28 February in Mexico City.
    expect(lastMonths('2026-03-01T05:00:00Z', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-03-01T07:00:00Z', 3)).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});
