import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUS_CODES, ORDERED_STATUS_CODES, WORKS_OVERVIEW_MESSAGES, type WorksOverview } from '@goc/contracts';
import { categories, companies, employees, icons, materials, orderStatuses, orders, projects, users, works } from '../src/db/schema';
import { stockQueries } from '../src/modules/stock/queries';
import { enterDelivery } from '../src/modules/stock/service';
import { worksOverview } from '../src/modules/works/overview';
import { createRole, createTestApp, createUser, login, type TestApp } from './helpers/app';
import { API, apiFor, type Api } from './catalogs/support';

/*
 * GET /works/overview against a plain recomputation over the stored rows, its filters, its
 * permission, and the number of statements per request, which must not grow with the works.
 */

const URL = `${API}/works/overview`;

let t: TestApp;
let viewer: Api;
let nobody: Api;

async function addOrders() {
  const statuses = await t.db.select().from(orderStatuses);
  const allWorks = await t.db.select().from(works);
  const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
  let n = 0;
  for (const [i, work] of allWorks.entries()) {
    for (const [j, status] of statuses.entries()) {
      if ((i + j) % 3 === 0) continue;
      n += 1;
      await t.db.insert(orders).values({
        folio: `PED-V${String(n).padStart(5, '0')}`,
        workId: work.id,
        requestedById: user!.id,
        requiredDate: '2026-12-01',
        statusId: status.id,
        total: `${(i + 1) * 100 + j}.${String(j * 7).padStart(2, '0')}`,
      });
    }
    if (i % 2 === 0) await t.db.insert(projects).values({ code: `PV-${i}`, name: `Proyecto ${i}`, workId: work.id, managerId: user!.id });
  }
}

/** The figures of each work recomputed in TypeScript from every stored row. */
async function expectedFigures() {
  const statuses = new Map((await t.db.select().from(orderStatuses)).map((s) => [s.id, s.code]));
  const allOrders = await t.db.select().from(orders);
  const allEmployees = await t.db.select().from(employees);
  const allProjects = await t.db.select().from(projects);
  const cents = (x: string) => Math.round(Number(x) * 100);
  const figures = new Map<number, { ordered: number; openOrders: number; activeWorkers: number; projects: number }>();
  for (const w of await t.db.select().from(works).where(eq(works.active, true))) {
    const mine = allOrders.filter((o) => o.workId === w.id);
    figures.set(w.id, {
      ordered:
        mine.filter((o) => (ORDERED_STATUS_CODES as readonly string[]).includes(statuses.get(o.statusId) ?? '')).reduce((s, o) => s + cents(o.total), 0) / 100,
      openOrders: mine.filter((o) => (OPEN_ORDER_STATUS_CODES as readonly string[]).includes(statuses.get(o.statusId) ?? '')).length,
      activeWorkers: allEmployees.filter((e) => e.workId === w.id && e.status === 'activo').length,
      projects: allProjects.filter((p) => p.workId === w.id).length,
    });
  }
  return figures;
}

beforeAll(async () => {
  // No event dispatcher: its rounds after the writes would land among the statements counted below.
  t = await createTestApp({ demoData: true, build: { events: { dispatch: false } } });
  const session = async (grants: Parameters<typeof createRole>[2], name: string) => {
    const user = await createUser(t.app, { roleId: await createRole(t.db, name, grants) });
    return apiFor(t.app, (await login(t.app, user.username, user.password)).token);
  };
  viewer = await session({ works: ['view'] }, 'Consulta de obras');
  nobody = await session({ my_orders: ['view'] }, 'Sin obras');
  await addOrders();
});

afterAll(() => t.close());

async function overview(query = ''): Promise<WorksOverview> {
  const res = await viewer.get(`${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WorksOverview;
}

describe('GET /works/overview', () => {
  it('groups every active work under its business line with the line’s icon and colour', async () => {
    const body = await overview();
    const stored = await t.db
      .select({ id: works.id, categoryId: works.categoryId, name: categories.name, color: categories.color, icon: icons.value })
      .from(works)
      .innerJoin(categories, eq(categories.id, works.categoryId))
      .leftJoin(icons, eq(icons.id, categories.iconId))
      .where(eq(works.active, true));
    expect(body.lines.flatMap((l) => l.works.map((w) => w.id)).sort((a, b) => a - b)).toEqual(stored.map((w) => w.id).sort((a, b) => a - b));
    for (const line of body.lines) {
      for (const work of line.works) {
        const row = stored.find((w) => w.id === work.id)!;
        expect(line.category).toEqual({ id: row.categoryId, name: row.name, icon: row.icon ?? null, color: row.color });
      }
    }
    expect(body.lines.length).toBe(new Set(stored.map((w) => w.categoryId)).size);
  });

  it('gives each work the ordered amount, open orders, active workers and projects of a plain recomputation', async () => {
    const body = await overview();
    const expected = await expectedFigures();
    const works_ = body.lines.flatMap((l) => l.works);
    expect(works_.some((w) => w.activeWorkers > 0)).toBe(true);
    expect(works_.some((w) => w.ordered > 0 && w.openOrders > 0 && w.projects > 0)).toBe(true);
    for (const work of works_) {
      expect({ id: work.id, ordered: work.ordered, openOrders: work.openOrders, activeWorkers: work.activeWorkers, projects: work.projects }).toEqual({
        id: work.id,
        ...expected.get(work.id),
      });
    }
  });

  it('gives each work the value of the material its store holds, beside its budget and committed amount', async () => {
    const [first, second] = await t.db.select({ id: works.id }).from(works).where(eq(works.active, true)).orderBy(works.id).limit(2);
    const [cement, rebar] = await t.db.select({ id: materials.id }).from(materials).orderBy(materials.id).limit(2);
    const delivery = (key: string, workId: number, lines: [materialId: number, quantity: number, unitPriceCents: number][]) =>
      enterDelivery(t.db, { key, orderId: 1, workId, date: '2026-11-20', folio: 'PED-V00001', lines: lines.map(([materialId, quantity, unitPriceCents], lineId) => ({ lineId, materialId, quantity, unitPriceCents })) });
    await delivery('overview:1', first!.id, [
      [cement!.id, 10, 25_050],
      [rebar!.id, 2.5, 18_000],
    ]);
    await delivery('overview:2', second!.id, [[cement!.id, 3, 24_000]]);
    const body = await overview();
    const byId = new Map(body.lines.flatMap((l) => l.works).map((w) => [w.id, w]));
    // 10 × 250.50 + 2.5 × 180 and 3 × 240, to the cent.
    expect(byId.get(first!.id)!.stockValue).toBe(2955);
    expect(byId.get(second!.id)!.stockValue).toBe(720);
    expect([...byId.values()].filter((w) => w.id !== first!.id && w.id !== second!.id).every((w) => w.stockValue === 0)).toBe(true);
    for (const line of body.lines) expect(Math.round(line.totals.stockValue * 100)).toBe(line.works.reduce((s, w) => s + Math.round(w.stockValue * 100), 0));
    expect(body.totals.stockValue).toBe(3675);
  });

  it('sums each line and the whole page', async () => {
    const body = await overview();
    for (const line of body.lines) {
      expect(line.totals.works).toBe(line.works.length);
      expect(line.totals.openOrders).toBe(line.works.reduce((s, w) => s + w.openOrders, 0));
      expect(Math.round(line.totals.ordered * 100)).toBe(line.works.reduce((s, w) => s + Math.round(w.ordered * 100), 0));
      expect(Math.round(line.totals.budget * 100)).toBe(line.works.reduce((s, w) => s + Math.round(w.budget * 100), 0));
    }
    expect(body.totals.works).toBe(body.lines.reduce((s, l) => s + l.totals.works, 0));
    expect(body.totals.activeWorkers).toBe(body.lines.reduce((s, l) => s + l.totals.activeWorkers, 0));
  });

  it('filters by company, category, status and text (accents and case folded)', async () => {
    const all = (await overview()).lines.flatMap((l) => l.works);
    const sample = all[0]!;
    const byCompany = (await overview(`?companyId=${sample.company.id}`)).lines.flatMap((l) => l.works);
    expect(byCompany.map((w) => w.id)).toEqual(all.filter((w) => w.company.id === sample.company.id).map((w) => w.id));
    const [stored] = await t.db.select({ categoryId: works.categoryId }).from(works).where(eq(works.id, sample.id));
    const byCategory = await overview(`?categoryId=${stored!.categoryId}`);
    expect(byCategory.lines.map((l) => l.category.id)).toEqual([stored!.categoryId]);
    const byStatus = (await overview(`?status=${sample.status}`)).lines.flatMap((l) => l.works);
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((w) => w.status === sample.status)).toBe(true);
    expect(byStatus.length).toBe(all.filter((w) => w.status === sample.status).length);
    const word = sample.name.split(' ')[0]!.toUpperCase().normalize('NFD').replace(/\p{Diacritic}/gu, '');
    const byText = (await overview(`?q=${encodeURIComponent(word)}`)).lines.flatMap((l) => l.works);
    expect(byText.map((w) => w.id)).toContain(sample.id);
    const [company] = await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, sample.company.id));
    const byCompanyName = (await overview(`?q=${encodeURIComponent(company!.name.toLowerCase())}`)).lines.flatMap((l) => l.works);
    expect(byCompanyName.map((w) => w.id)).toEqual(byCompany.map((w) => w.id));
    expect((await overview('?q=sin%20coincidencias%20xyzzy')).lines).toEqual([]);
  });

  it('refuses bad filters with a Spanish 400 and users without works with 403', async () => {
    const status = await viewer.get(`${URL}?status=abierta`);
    expect(status.statusCode).toBe(400);
    expect(JSON.stringify(status.json())).toContain(WORKS_OVERVIEW_MESSAGES.status);
    const id = await viewer.get(`${URL}?companyId=abc`);
    expect(id.statusCode).toBe(400);
    expect((await nobody.get(URL)).statusCode).toBe(403);
  });

  it('runs a constant number of statements whatever the number of works', async () => {
    // Every statement of either driver goes through its client's query().
    const client = t.database.driver.client as { query: (...args: unknown[]) => Promise<unknown> };
    const count = async () => {
      let statements = 0;
      const original = client.query;
      client.query = (...args: unknown[]) => {
        statements += 1;
        return original.apply(client, args);
      };
      try {
        await worksOverview(t.db, {}, stockQueries);
      } finally {
        client.query = original;
      }
      return statements;
    };
    const before = await count();
    const [work] = await t.db.select({ companyId: works.companyId, categoryId: works.categoryId }).from(works).limit(1);
    await t.db.insert(works).values(Array.from({ length: 20 }, (_, i) => ({ ...work!, code: `OB-EXTRA-${i}`, name: `Obra extra ${i}` })));
    const after = await count();
    expect(before).toBe(1);
    expect(after).toBe(before);
  });
});
