import { and, count, eq, inArray } from 'drizzle-orm';
import { allowedViews, businessDayOf, currentWeek, DASHBOARD_WEEKS, previousWeeks, registryMovementsResource, type Dashboard } from '@goc/contracts';
import { registryCuts, registryMovements } from '../../db/schema';
import { viewsCondition } from '../../lib/crud/service';
import { dashboardWidget, type WidgetContext } from '../../lib/dashboard';
import { MOVEMENT_VIEWS } from './views';

/** Altas, bajas and salary changes per weekly cut, the last DASHBOARD_WEEKS weeks and this one. */
async function registryWidget({ db: executor, actor, now }: WidgetContext): Promise<NonNullable<Dashboard['registry']>> {
  const weeks = [...previousWeeks(DASHBOARD_WEEKS, businessDayOf(now)), currentWeek(now)];
  const rows = await executor
    .select({ key: registryCuts.weekKey, cutId: registryCuts.id, type: registryMovements.type, count: count(registryMovements.id) })
    .from(registryCuts)
    // The movements the caller may list: the views of Altas y bajas their role opens (oficina, obra or all).
    .leftJoin(registryMovements, and(eq(registryMovements.cutId, registryCuts.id), viewsCondition(MOVEMENT_VIEWS, allowedViews(registryMovementsResource, actor), actor)))
    .where(inArray(registryCuts.weekKey, weeks.map((w) => w.key)))
    .groupBy(registryCuts.weekKey, registryCuts.id, registryMovements.type);
  return {
    weeks: weeks.map((week) => {
      const of = rows.filter((r) => r.key === week.key);
      const counted = (type: string) => Number(of.find((r) => r.type === type)?.count ?? 0);
      return { ...week, cutId: of[0]?.cutId ?? null, alta: counted('alta'), baja: counted('baja'), modificacion_salario: counted('modificacion_salario') };
    }),
  };
}

/** The registry's widget (the registry manifest declares it). */
export const REGISTRY_WIDGET = dashboardWidget('registry', registryWidget);
