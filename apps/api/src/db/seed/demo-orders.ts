import { eq, inArray, sql } from 'drizzle-orm';
import { businessDayOf, formatOrderFolio, ORDERABLE_WORK_STATUSES, ordersResource, type OrderStatusCode } from '@goc/contracts';
import type { Executor } from '../client';
import { counters, employees, materials, ORDER_FOLIO_COUNTER, orderLines, orderStatuses, orders, recordTimeline, roles, suppliers, users, works } from '../schema';
import { orderableProjects } from './demo-projects';
import { statusIdsByCode } from '../../lib/crud/statuses';

/*
 * Demo orders: ~60 across works, requesters and every status, with lines, prices where purchasing
 * set them, received quantities for deliveries and the timeline of each, so Mis Pedidos, Histórico
 * and the dashboard show something real on a first start; most point at a project of their work. Generated from a fixed seed (the same data
 * on every first start), dated backwards from today over six months.
 */

/** Demo users: residents who order material, buyers who move orders and the director who approves them (employee index → role). */
export const DEMO_USERS = [
  { employee: 0, role: 'Residente de obra' },
  { employee: 1, role: 'Residente de obra' },
  { employee: 2, role: 'Residente de obra' },
  { employee: 3, role: 'Residente de obra' },
  { employee: 4, role: 'Residente de obra' },
  { employee: 7, role: 'Residente de obra' },
  { employee: 24, role: 'Compras' },
  { employee: 25, role: 'Compras' },
  { employee: 29, role: 'Dirección' },
] as const;

/** How many orders end in each status. */
const STATUS_MIX: readonly [OrderStatusCode, number][] = [
  ['borrador', 7],
  ['enviado', 8],
  ['autorizado', 7],
  ['rechazado', 4],
  ['comprado', 8],
  ['entregado_parcial', 8],
  ['entregado', 14],
  ['cancelado', 4],
];

/** The steps an order took to reach its status (after being created as borrador). */
function pathTo(code: OrderStatusCode, variant: number): OrderStatusCode[] {
  switch (code) {
    case 'borrador':
      return [];
    case 'enviado':
      return ['enviado'];
    case 'autorizado':
      return ['enviado', 'autorizado'];
    case 'rechazado':
      return ['enviado', 'rechazado'];
    case 'comprado':
      return ['enviado', 'autorizado', 'comprado'];
    case 'entregado_parcial':
      return ['enviado', 'autorizado', 'comprado', 'entregado_parcial'];
    case 'entregado':
      return variant % 2 === 0 ? ['enviado', 'autorizado', 'comprado', 'entregado_parcial', 'entregado'] : ['enviado', 'autorizado', 'comprado', 'entregado'];
    case 'cancelado':
      return variant % 2 === 0 ? ['cancelado'] : ['enviado', 'autorizado', 'cancelado'];
  }
}

const COMMENTS: Partial<Record<OrderStatusCode, readonly string[]>> = {
  rechazado: ['Excede el presupuesto de la partida', 'Ya hay material suficiente en almacén', 'Falta la cotización del proveedor'],
  cancelado: ['La obra cambió el proceso constructivo', 'Se consiguió el material en otra obra', 'Pedido duplicado'],
};

/** A small deterministic generator (mulberry32), so every first start gets the same orders. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('demo: nada que elegir');
      return item;
    },
  };
}

const DAY = 86_400_000;

/** Whole quantities for pieces and sacks, up to 3 decimals for volumes and weights. */
function quantityFor(unit: string, r: ReturnType<typeof random>): string {
  if (['pza', 'saco', 'rollo', 'cubeta', 'viaje', 'jgo'].includes(unit)) return String(r.int(2, 120));
  if (unit === 'm3') return (r.int(5, 400) / 10).toFixed(3);
  if (unit === 'ton') return (r.int(500, 20000) / 1000).toFixed(3);
  return String(r.int(10, 600));
}

/** Demo users with a random password nobody knows (an administrator sets one from Usuarios). */
export async function seedDemoUsers(tx: Executor, passwordHash: string): Promise<void> {
  const people = await tx.select({ id: employees.id, number: employees.employeeNumber, firstName: employees.firstName, lastName: employees.lastName }).from(employees);
  const byNumber = new Map(people.map((p) => [p.number, p]));
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const rows = DEMO_USERS.map((u) => {
    const person = byNumber.get(`EMP-${String(u.employee + 1).padStart(4, '0')}`);
    const role = roleId.get(u.role);
    if (!person || role === undefined) throw new Error(`Dato demo inconsistente: usuario ${u.employee}`);
    const username = `${person.firstName.split(' ')[0]}.${person.lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    return { username, passwordHash, roleId: role, employeeId: person.id };
  });
  await tx.insert(users).values(rows);
}

export async function seedDemoOrders(tx: Executor): Promise<void> {
  const r = random(20_261_123);
  const statusId = await statusIdsByCode(tx, orderStatuses);
  const status = (code: string) => {
    const id = statusId.get(code);
    if (id === undefined) throw new Error(`Dato demo inconsistente: estatus ${code}`);
    return id;
  };
  const demoUsers = await tx
    .select({ id: users.id, employeeId: users.employeeId, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(roles.name, ['Residente de obra', 'Compras']));
  const residents = demoUsers.filter((u) => u.role === 'Residente de obra');
  const buyers = demoUsers.filter((u) => u.role === 'Compras');
  const workRows = await tx.select({ id: works.id, residentId: works.residentId, status: works.status }).from(works);
  const orderable = workRows.filter((w) => w.status !== 'planeacion');
  // A draft can still be edited and sent: it is for a work that takes orders (docs/orders.md).
  const running = workRows.filter((w) => (ORDERABLE_WORK_STATUSES as readonly string[]).includes(w.status));
  const materialRows = await tx
    .select({ id: materials.id, unitId: materials.unitId, price: materials.referencePrice, unit: sql<string>`(select abbreviation from units where units.id = ${materials.unitId})` })
    .from(materials);
  const supplierRows = await tx.select({ id: suppliers.id }).from(suppliers);
  if (residents.length === 0 || buyers.length === 0 || orderable.length === 0 || running.length === 0 || materialRows.length === 0) {
    throw new Error('Dato demo inconsistente: faltan usuarios, obras o materiales para los pedidos');
  }

  const projectsOf = await orderableProjects(tx);

  const finals = STATUS_MIX.flatMap(([code, n]) => Array.from({ length: n }, () => code));
  // Oldest first, so folios follow creation dates; the last ones are the youngest (drafts among them).
  const plans = finals
    .map((code, i) => ({ code, variant: i, daysAgo: code === 'borrador' ? r.int(0, 10) : r.int(3, 180) }))
    .sort((a, b) => b.daysAgo - a.daysAgo);
  const now = Date.now();
  const today = businessDayOf(now);

  for (const [index, plan] of plans.entries()) {
    const draft = plan.code === 'borrador';
    const work = r.pick(draft ? running : orderable);
    // Three orders in four go to one of the work's projects, when it has any.
    const workProjects = projectsOf.get(work.id) ?? [];
    const projectId = workProjects.length > 0 && index % 4 !== 3 ? (workProjects[index % workProjects.length] ?? null) : null;
    const requester = residents.find((u) => u.employeeId === work.residentId) ?? r.pick(residents);
    const buyer = r.pick(buyers);
    const createdAt = new Date(now - plan.daysAgo * DAY - r.int(0, 8 * 3_600_000));
    const path = pathTo(plan.code, plan.variant);
    const bought = path.includes('comprado');
    const steps = path.map((code, i) => ({ code, at: new Date(createdAt.getTime() + (i + 1) * r.int(2, 30) * 3_600_000) }));
    const updatedAt = steps.at(-1)?.at ?? createdAt;
    const asked = businessDayOf(createdAt.getTime() + r.int(5, 25) * DAY);
    // A draft is needed today at the earliest, or it could not be sent.
    const requiredDate = draft && asked < today ? today : asked;

    const [order] = await tx
      .insert(orders)
      .values({
        folio: formatOrderFolio(index + 1),
        workId: work.id,
        projectId,
        requestedById: requester.id,
        requiredDate,
        supplierId: bought ? r.pick(supplierRows).id : null,
        statusId: status(plan.code),
        notes: r.next() < 0.4 ? r.pick(['Entregar en el acceso principal', 'Urgente para el colado', 'Confirmar horario con el almacenista', 'Material para la siguiente etapa']) : null,
        createdAt,
        updatedAt,
        version: 1 + path.length,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('pedido demo sin id');

    const lineCount = r.int(1, 5);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(lineCount, materialRows.length)) chosen.add(r.int(0, materialRows.length - 1));
    const partialLine = r.int(0, chosen.size - 1);
    await tx.insert(orderLines).values(
      [...chosen].map((m, position) => {
        const material = materialRows[m];
        if (!material) throw new Error('material demo inexistente');
        const quantity = quantityFor(material.unit, r);
        const priced = bought || r.next() < 0.5;
        const received =
          plan.code === 'entregado'
            ? quantity
            : plan.code === 'entregado_parcial'
              ? // At least one line short: the chosen one gets half, the others all or nothing.
                position === partialLine
                ? (Number(quantity) / 2).toFixed(3)
                : r.next() < 0.5
                  ? quantity
                  : '0'
              : '0';
        return { orderId: order.id, position, materialId: material.id, unitId: material.unitId, quantity, unitPrice: priced ? material.price : null, receivedQuantity: received };
      }),
    );

    await tx.insert(recordTimeline).values([
      { entity: ordersResource.key, entityId: order.id, fromStatusId: null, toStatusId: status('borrador'), at: createdAt, userId: requester.id, comment: null },
      ...steps.map((step, i) => ({
        entity: ordersResource.key,
        entityId: order.id,
        fromStatusId: status(i === 0 ? 'borrador' : (path[i - 1] ?? 'borrador')),
        toStatusId: status(step.code),
        at: step.at,
        // The requester sends and cancels a draft; purchasing takes every other step.
        userId: step.code === 'enviado' || (step.code === 'cancelado' && i === 0) ? requester.id : buyer.id,
        comment: COMMENTS[step.code] ? r.pick(COMMENTS[step.code] ?? []) : null,
      })),
    ]);
  }

  // Totals from the amounts PostgreSQL computed, exactly as the API keeps them.
  await tx.execute(sql`
    update ${orders} set
      total = coalesce((select sum(amount) from ${orderLines} where order_id = ${orders.id}), 0),
      line_count = (select count(*) from ${orderLines} where order_id = ${orders.id})
  `);
  // Folios the API hands out continue after the demo ones.
  await tx
    .insert(counters)
    .values({ name: ORDER_FOLIO_COUNTER, value: plans.length })
    .onConflictDoUpdate({ target: counters.name, set: { value: plans.length } });
}
