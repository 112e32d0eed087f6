import { addBusinessDays, businessDayOf, type IsoDay } from '../dates/days';
import type { Instant } from '../dates/zone';
import { weekOfInstant, type BusinessWeek } from '../dates/weeks';
import { sdiCap, type WageBounds } from './wages';

/*
 * The registry's pure rules (docs/registry.md), shared by the API (truth) and the SPA (warnings
 * while typing). Every day is a Mexico City day.
 */

/** IMSS gives 5 business days (Monday to Friday) to report a movement. */
export const LATE_AFTER_BUSINESS_DAYS = 5;

const isWeekday = (day: IsoDay) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** Business days (Mon–Fri) after `from` up to and including `to`; 0 when `to` is not after `from`. */
export function businessDaysBetween(from: IsoDay, to: IsoDay): number {
  let count = 0;
  for (let day = addBusinessDays(from, 1); day <= to; day = addBusinessDays(day, 1)) if (isWeekday(day)) count++;
  return count;
}

/** "Fuera de plazo": the effective date is more than 5 business days before the day the movement is captured. */
export function isLate(effectiveDate: IsoDay, createdAt: Instant): boolean {
  return businessDaysBetween(effectiveDate, businessDayOf(createdAt)) > LATE_AFTER_BUSINESS_DAYS;
}

/** The weekly cut a movement captured at `createdAt` belongs to, labelled as HR reads it ('2026-S47'). */
export function cutWeekOf(createdAt: Instant): BusinessWeek & { label: string } {
  const week = weekOfInstant(createdAt);
  return { ...week, label: cutWeekLabel(week.key) };
}

/** How HR reads a week key: '2026-W47' → '2026-S47'. */
export const cutWeekLabel = (key: string) => key.replace('-W', '-S');

export type SdiProblem = { kind: 'belowDailySalary' } | { kind: 'belowMinimum'; minimum: number } | { kind: 'aboveCap'; cap: number };

/** Why an SDI is out of bounds on its effective date, or null: ≥ the daily salary, ≥ the minimum wage, ≤ 25 UMA. */
export function sdiProblem(sdi: number, dailySalary: number, wages: WageBounds): SdiProblem | null {
  if (sdi < dailySalary) return { kind: 'belowDailySalary' };
  if (sdi < wages.minimumWage) return { kind: 'belowMinimum', minimum: wages.minimumWage };
  const cap = sdiCap(wages.uma);
  if (sdi > cap) return { kind: 'aboveCap', cap };
  return null;
}
