import { addMoney, budgetLevel, type Dashboard } from '@goc/contracts';
import { dashboardWidget, type WidgetContext } from '../../lib/dashboard';
import { worksBudgets } from './overview';

/** Works in execution: how many, their budget, what was ordered, and those near or over it. */
async function worksWidget({ db: executor }: WidgetContext): Promise<NonNullable<Dashboard['works']>> {
  const budgets = await worksBudgets(executor, { status: 'en_ejecucion' });
  const levels = budgets.map((w) => budgetLevel(w.budget, w.ordered));
  return {
    active: budgets.length,
    budget: budgets.reduce((sum, w) => addMoney(sum, w.budget), 0),
    ordered: budgets.reduce((sum, w) => addMoney(sum, w.ordered), 0),
    warning: levels.filter((l) => l === 'warning').length,
    over: levels.filter((l) => l === 'danger').length,
  };
}

/** The works' widget (the works manifest declares it). */
export const WORKS_WIDGET = dashboardWidget('works', worksWidget);
