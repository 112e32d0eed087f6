import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { addBusinessDays, currentWeek, parseWeekKey, weekOfDay, type BusinessWeek, type Filters } from '@goc/contracts';
import { DateInput } from '../../components/form/inputs/date-input';
import { movementTexts } from './movement-texts';

/** The week shown lives in the address bar ('?semana=2026-W48'), so a link or a reload shows the same week. */
const WEEK_PARAM = 'semana';

/** The week the page shows: the one in the URL, else this week in Mexico City. */
export function useShownWeek(): { week: BusinessWeek; isCurrent: boolean; show: (week: BusinessWeek) => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.get(WEEK_PARAM);
  const week = useMemo(() => (key ? parseWeekKey(key) : null) ?? currentWeek(), [key]);
  const show = useCallback(
    (next: BusinessWeek) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next.key === currentWeek().key) params.delete(WEEK_PARAM);
        else params.set(WEEK_PARAM, next.key);
        // Another week starts at its first page.
        params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return { week, isCurrent: week.key === currentWeek().key, show };
}

/**
 * The movements captured in a week — the week's cut — as a filter on `createdAt`: after the Sunday
 * before and before the Monday after, both Mexico City days (the API bounds each day with the date module).
 */
export function weekFilters(week: BusinessWeek): Filters {
  return {
    createdAt: {
      operator: 'and',
      constraints: [
        { matchMode: 'dateAfter', value: addBusinessDays(week.start, -1) },
        { matchMode: 'dateBefore', value: addBusinessDays(week.end, 1) },
      ],
    },
  };
}

const shift = (week: BusinessWeek, days: number) => weekOfDay(addBusinessDays(week.start, days));

/** Previous / next week, any day of a calendar, and back to this week. */
export function WeekPicker({ id, week, isCurrent, onChange }: { id: string; week: BusinessWeek; isCurrent: boolean; onChange: (week: BusinessWeek) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={movementTexts.week}>
      <Button type="button" icon="pi pi-chevron-left" text rounded aria-label={movementTexts.previousWeek} onClick={() => onChange(shift(week, -7))} />
      <span className="min-w-0 text-sm font-semibold" aria-live="polite" data-testid="shown-week">
        {movementTexts.weekLabel(week)}
      </span>
      <Button type="button" icon="pi pi-chevron-right" text rounded aria-label={movementTexts.nextWeek} onClick={() => onChange(shift(week, 7))} />
      <div className="w-40">
        <label htmlFor={id} className="sr-only">
          {movementTexts.pickWeek}
        </label>
        <DateInput id={id} value={week.start} onChange={(day) => day && onChange(weekOfDay(day))} />
      </div>
      {!isCurrent && <Button type="button" label={movementTexts.thisWeek} icon="pi pi-calendar" text onClick={() => onChange(currentWeek())} />}
    </div>
  );
}
