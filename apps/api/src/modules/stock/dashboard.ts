import { and, asc, desc, eq, gt, inArray, max, min, sql } from 'drizzle-orm';
import { addBusinessDays, businessDayOf, DASHBOARD_RECENT, STOCK_IDLE_DAYS, type Dashboard } from '@goc/contracts';
import { materials, stockBalances, stockMovements, units, works } from '../../db/schema';
import { dashboardWidget, type WidgetContext } from '../../lib/dashboard';

/** The movements that use material up at a work: after one of them it is no longer idle. */
const USES = ['consumo', 'traspaso_salida'] as const;

/**
 * Material value held at the works (the largest first) and material sitting unused: held, with no
 * salida nor traspaso in STOCK_IDLE_DAYS days — or none since it arrived that long ago.
 */
async function stockWidget({ db, now }: WidgetContext): Promise<NonNullable<Dashboard['stock']>> {
  const held = gt(stockBalances.quantity, '0');
  const [total] = await db.select({ value: sql<string>`coalesce(sum(${stockBalances.value}), 0)` }).from(stockBalances).where(held);
  const byWork = await db
    .select({ workId: works.id, code: works.code, name: works.name, value: sql<string>`sum(${stockBalances.value})` })
    .from(stockBalances)
    .innerJoin(works, eq(works.id, stockBalances.workId))
    .where(held)
    .groupBy(works.id)
    .orderBy(desc(sql`sum(${stockBalances.value})`), asc(works.id))
    .limit(DASHBOARD_RECENT);

  const lastUse = db
    .select({ workId: stockMovements.workId, materialId: stockMovements.materialId, on: max(stockMovements.date).as('last_use_on') })
    .from(stockMovements)
    .where(inArray(stockMovements.kind, [...USES]))
    .groupBy(stockMovements.workId, stockMovements.materialId)
    .as('last_use');
  const arrival = db
    .select({ workId: stockMovements.workId, materialId: stockMovements.materialId, on: min(stockMovements.date).as('arrived_on') })
    .from(stockMovements)
    .groupBy(stockMovements.workId, stockMovements.materialId)
    .as('arrival');
  const since = sql<string>`coalesce(${lastUse.on}, ${arrival.on})`;
  const cutoff = addBusinessDays(businessDayOf(new Date(now)), -STOCK_IDLE_DAYS);
  const idleWhere = and(held, sql`${since} <= ${cutoff}`);
  const idle = await db
      .select({
        workId: stockBalances.workId,
        work: sql<string>`${works.code} || ' · ' || ${works.name}`,
        materialId: stockBalances.materialId,
        material: sql<string>`${materials.code} || ' · ' || ${materials.name}`,
        quantity: stockBalances.quantity,
        unit: units.abbreviation,
        value: stockBalances.value,
        since,
      })
      .from(stockBalances)
      .innerJoin(works, eq(works.id, stockBalances.workId))
      .innerJoin(materials, eq(materials.id, stockBalances.materialId))
      .innerJoin(units, eq(units.id, stockBalances.unitId))
      .leftJoin(lastUse, and(eq(lastUse.workId, stockBalances.workId), eq(lastUse.materialId, stockBalances.materialId)))
      .leftJoin(arrival, and(eq(arrival.workId, stockBalances.workId), eq(arrival.materialId, stockBalances.materialId)))
      .where(idleWhere)
      .orderBy(asc(since), asc(stockBalances.id))
      .limit(DASHBOARD_RECENT);
  const [idleCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockBalances)
    .leftJoin(lastUse, and(eq(lastUse.workId, stockBalances.workId), eq(lastUse.materialId, stockBalances.materialId)))
    .leftJoin(arrival, and(eq(arrival.workId, stockBalances.workId), eq(arrival.materialId, stockBalances.materialId)))
    .where(idleWhere);

  return {
    value: Number(total?.value ?? 0),
    works: byWork.map((w) => ({ ...w, value: Number(w.value) })),
    idle: {
      count: idleCount?.count ?? 0,
      items: idle.map((row) => ({ ...row, quantity: Number(row.quantity), value: Number(row.value), since: String(row.since) })),
    },
  };
}

/** The stock's widget (the stock manifest declares it). */
export const STOCK_WIDGET = dashboardWidget('stock', stockWidget);
