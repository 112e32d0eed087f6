import { budgetLevel } from '@goc/contracts';
import { formatMoney, formatPercent, percentOf } from '../lib/format';

const BAR_CLASS = { ok: 'bg-emerald-500', warning: 'bg-amber-500', danger: 'bg-red-600' } as const;
const TEXT_CLASS = { ok: 'text-slate-500', warning: 'text-amber-700', danger: 'text-red-700' } as const;

/** Budget against the amount ordered: the bar turns amber above 90 % and red above 100 %. */
export function BudgetBar({ budget, ordered }: { budget: number; ordered: number }) {
  const level = budgetLevel(budget, ordered);
  const percent = percentOf(ordered, budget);
  const shown = formatPercent(percent);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-xs">
        <span className="text-slate-500">Comprado {formatMoney(ordered)}</span>
        <span className={TEXT_CLASS[level]}>
          {shown} de {formatMoney(budget)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Presupuesto comprado"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(Math.round(percent * 10) / 10, 100)}
        aria-valuetext={`${shown} del presupuesto`}
        data-level={level}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${BAR_CLASS[level]}`} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </div>
  );
}
