import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayOf, COMMITTED_STATUS_CODES, OPEN_ORDER_STATUS_CODES, ORDERED_STATUS_CODES } from '@goc/contracts';
import { employees, orderMonthTotals, orderStatuses, orderStatusTotals, orders, projects, works, workTotals } from '../../src/db/schema';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, optionsOf, ORDER_DATE, type Api, type Row } from '../catalogs/support';

/*
 * The figures the database keeps (work_totals with the committed amount, order_status_totals, order_month_totals, by triggers
 * in the transaction of each write) equal the figures summed from every stored row, after a seeded random mix of order
 * creates, edits, transitions, partial and full deliveries, cancellations and deletions, employee
 * status and work changes, and project creates, moves and deletions — refused writes included.
 */

let t: TestApp;
let admin: Api;

/** mulberry32: a small seeded generator, so a failure replays the same sequence. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (x: string | number) => Math.round(Number(x) * 100);

/** Every work's figures summed from the stored rows, and the kept ones, both in cents. */
async function figures() {
  const codes = new Map((await t.db.select().from(orderStatuses)).map((s) => [s.id, s.code]));
  const has = (list: readonly string[], statusId: number) => list.includes(codes.get(statusId) ?? '');
  const allOrders = await t.db.select().from(orders);
  const allEmployees = await t.db.select().from(employees);
  const allProjects = await t.db.select().from(projects);
  const summed = new Map<number, [number, number, number, number, number]>();
  for (const w of await t.db.select({ id: works.id }).from(works)) {
    const mine = allOrders.filter((o) => o.workId === w.id);
    summed.set(w.id, [
      mine.filter((o) => has(ORDERED_STATUS_CODES, o.statusId)).reduce((s, o) => s + cents(o.total), 0),
      mine.filter((o) => has(OPEN_ORDER_STATUS_CODES, o.statusId)).length,
      allEmployees.filter((e) => e.workId === w.id && e.status === 'activo').length,
      allProjects.filter((p) => p.workId === w.id).length,
      mine.filter((o) => has(COMMITTED_STATUS_CODES, o.statusId)).reduce((s, o) => s + cents(o.total), 0),
    ]);
  }
  const kept = new Map<number, [number, number, number, number, number]>();
  for (const w of summed.keys()) kept.set(w, [0, 0, 0, 0, 0]);
  for (const row of await t.db.select().from(workTotals)) kept.set(row.workId, [cents(row.ordered), row.openOrders, row.activeWorkers, row.projects, cents(row.committed)]);
  return { summed, kept };
}

/** Orders per status and per month of creation (Mexico City) counted from the stored rows, and the kept ones. */
async function orderFigures() {
  const allOrders = await t.db.select().from(orders);
  const byStatus = new Map<number, number>();
  const byMonth = new Map<string, [number, number]>();
  for (const o of allOrders) {
    byStatus.set(o.statusId, (byStatus.get(o.statusId) ?? 0) + 1);
    const month = businessDayOf(o.createdAt.toISOString()).slice(0, 7);
    const [n, total] = byMonth.get(month) ?? [0, 0];
    byMonth.set(month, [n + 1, total + cents(o.total)]);
  }
  const keptStatus = new Map((await t.db.select().from(orderStatusTotals)).filter((r) => r.orders !== 0).map((r) => [r.statusId, r.orders]));
  const keptMonth = new Map((await t.db.select().from(orderMonthTotals)).filter((r) => r.orders !== 0).map((r) => [r.month, [r.orders, cents(r.total)] as [number, number]]));
  return { summed: { byStatus, byMonth }, kept: { byStatus: keptStatus, byMonth: keptMonth } };
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
});

afterAll(() => t.close());

describe('kept per-work totals and order counts', () => {
  it('start equal to the summed figures of the demo data', async () => {
    const { summed, kept } = await figures();
    expect([...summed.values()].some(([ordered]) => ordered > 0)).toBe(true);
    expect(kept).toEqual(summed);
    const counted = await orderFigures();
    expect(counted.summed.byStatus.size).toBeGreaterThan(3);
    expect(counted.kept).toEqual(counted.summed);
  });

  it('stay equal to the summed figures through a random mix of writes, refused ones included', async () => {
    const next = random(20261125);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const orderable = (await optionsOf(admin, '/works', 'planeacion,en_ejecucion')).map((o) => o.value as number);
    const allWorks = (await t.db.select({ id: works.id }).from(works)).map((w) => w.id);
    const materials = (await optionsOf(admin, '/materials')).map((o) => o.value as number);
    const suppliers = (await optionsOf(admin, '/suppliers')).map((o) => o.value as number);
    const [manager] = await t.db.select({ id: sql<number>`min(${employees.id})` }).from(employees);
    const mine: Row[] = [];
    const reached = new Set<string>();
    const placed: number[] = [];
    const lines = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ materialId: pick(materials), quantity: 1 + Math.floor(next() * 20), unitPrice: Math.round(next() * 50_000) / 100 }));
    const refresh = async (order: Row) => Object.assign(order, (await admin.get(`${API}/orders/${order.id as number}`)).json() as Row);

    const steps: Record<string, () => Promise<unknown>> = {
      create: async () => {
        const res = await admin.post(`${API}/orders`, { workId: pick(orderable), requiredDate: ORDER_DATE, lines: lines() });
        if (res.statusCode === 201) mine.push(res.json() as Row);
      },
      edit: async () => {
        const order = await refresh(pick(mine));
        await admin.patch(`${API}/orders/${order.id as number}`, { version: order.version, workId: pick(orderable), lines: lines() });
      },
      transition: async () => {
        const order = await refresh(pick(mine));
        const code = (order.status as { code: string }).code;
        // This delivery's quantities: half of what is still missing, or all of it.
        const received = (share: number) =>
          (order.lines as { id: number; quantity: number; receivedQuantity: number }[]).map((l) => ({ lineId: l.id, quantity: Math.ceil((l.quantity - l.receivedQuantity) * share) }));
        // Mostly forward, so the mix reaches every status; now and then a rejection or a cancellation.
        const choices: Record<string, Record<string, unknown>[]> = {
          borrador: [{ to: 'enviado' }, { to: 'enviado' }, { to: 'cancelado', comment: 'Ya no se necesita' }],
          enviado: [{ to: 'autorizado' }, { to: 'autorizado' }, { to: 'rechazado', comment: 'Fuera de presupuesto' }, { to: 'cancelado', comment: 'Duplicado' }],
          autorizado: [{ to: 'comprado', supplierId: pick(suppliers) }, { to: 'comprado', supplierId: pick(suppliers) }, { to: 'cancelado', comment: 'Sin proveedor' }],
          comprado: [{ to: 'entregado_parcial', received: received(0.5) }, { to: 'entregado', received: received(1) }],
          entregado_parcial: [{ to: 'entregado', received: received(1) }, { to: 'entregado_parcial', received: received(0.5) }],
        };
        const options = choices[code];
        if (!options) {
          // Closed: no longer a candidate for transitions, edits or deletion.
          mine.splice(mine.indexOf(order), 1);
          return;
        }
        const chosen = pick(options);
        if ((await admin.post(`${API}/orders/${order.id as number}/transitions`, { version: order.version, ...chosen })).statusCode === 200) reached.add(chosen.to as string);
      },
      remove: async () => {
        const order = await refresh(pick(mine));
        const res = await admin.del(`${API}/orders/${order.id as number}?version=${order.version as number}`);
        if (res.statusCode === 204) mine.splice(mine.indexOf(order), 1);
      },
      employee: async () => {
        const [employee] = await t.db.select().from(employees).orderBy(sql`random()`).limit(1);
        await admin.patch(`${API}/employees/${employee!.id}`, { version: employee!.version, status: next() < 0.5 ? 'baja' : 'activo', workId: next() < 0.2 ? null : pick(allWorks) });
      },
      project: async () => {
        if (placed.length === 0 || next() < 0.4) {
          const res = await admin.post(`${API}/projects`, { code: `PK-${placed.length}-${Math.floor(next() * 1e6)}`, name: 'Proyecto de prueba', workId: pick(allWorks), managerId: 1 });
          if (res.statusCode === 201) placed.push((res.json() as Row).id as number);
          return;
        }
        const id = pick(placed);
        const project = (await admin.get(`${API}/projects/${id}`)).json() as Row;
        if (next() < 0.5) await admin.patch(`${API}/projects/${id}`, { version: project.version, workId: pick(allWorks) });
        else if ((await admin.del(`${API}/projects/${id}?version=${project.version as number}`)).statusCode === 204) placed.splice(placed.indexOf(id), 1);
      },
    };
    const weights = ['create', 'create', 'create', 'edit', 'transition', 'transition', 'transition', 'transition', 'remove', 'employee', 'employee', 'project'];
    expect(manager?.id).toBeDefined();
    for (let i = 0; i < 250; i += 1) {
      const step = mine.length === 0 ? 'create' : pick(weights);
      await steps[step]!();
    }
    // The mix went through every transition that moves the figures.
    expect([...reached].sort()).toEqual(['autorizado', 'cancelado', 'comprado', 'entregado', 'entregado_parcial', 'enviado', 'rechazado']);
    const { summed, kept } = await figures();
    expect(kept).toEqual(summed);
    const counted = await orderFigures();
    expect(counted.kept).toEqual(counted.summed);
  }, 240_000);
});
