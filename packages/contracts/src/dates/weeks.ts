import { TZDate } from '@date-fns/tz';
import { endOfISOWeek, format, isValid, parse, startOfISOWeek, subWeeks } from 'date-fns';
import { businessDayOf, businessDayStart, type IsoDay } from './days';
import { formatDay } from './display';
import { BUSINESS_TIME_ZONE, inBusinessZone, type Instant } from './zone';

/** An ISO week, Monday to Sunday (docs/product.md: weeks start on Monday; weekly cuts). */
export interface BusinessWeek {
  /** ISO 8601 week key, 'YYYY-Www' with the ISO week-numbering year: '2026-W48'. */
  key: string;
  /** Monday. */
  start: IsoDay;
  /** Sunday. */
  end: IsoDay;
}

const WEEK_KEY = /^\d{4}-W\d{2}$/;
const WEEK_KEY_FORMAT = "RRRR-'W'II";
const opts = { in: inBusinessZone } as const;

function weekOfDate(date: Date): BusinessWeek {
  return {
    key: format(date, WEEK_KEY_FORMAT, opts),
    start: format(startOfISOWeek(date, opts), 'yyyy-MM-dd', opts),
    end: format(endOfISOWeek(date, opts), 'yyyy-MM-dd', opts),
  };
}

/** The week a calendar day belongs to. */
export function weekOfDay(day: IsoDay): BusinessWeek {
  return weekOfDate(businessDayStart(day));
}

/** The week an instant falls in, in Mexico City (a movement belongs to the cut of its creation's week). */
export function weekOfInstant(instant: Instant): BusinessWeek {
  return weekOfDay(businessDayOf(instant));
}

/** This week in Mexico City. */
export function currentWeek(now: Instant = Date.now()): BusinessWeek {
  return weekOfInstant(now);
}

/** The `count` weeks before the week of `day`, oldest first (the dashboard's "last 8 weeks"). */
export function previousWeeks(count: number, day: IsoDay): BusinessWeek[] {
  const monday = businessDayStart(weekOfDay(day).start);
  return Array.from({ length: count }, (_, i) => weekOfDate(subWeeks(monday, count - i, opts)));
}

/** '2026-W48' → that week, or null when the key is malformed or the year has no such week. */
export function parseWeekKey(key: string): BusinessWeek | null {
  if (!WEEK_KEY.test(key)) return null;
  const monday = parse(key, WEEK_KEY_FORMAT, TZDate.tz(BUSINESS_TIME_ZONE), opts);
  if (!isValid(monday)) return null;
  const week = weekOfDate(monday);
  return week.key === key ? week : null;
}

/** How a week reads in Spanish, as a weekly cut shows it: '2026-S48, 23/11/26 – 29/11/26'. */
export function formatWeek(week: BusinessWeek): string {
  return `${week.key.replace('-W', '-S')}, ${formatDay(week.start)} – ${formatDay(week.end)}`;
}
