import { TZDate } from '@date-fns/tz';
import { addDays, format, isValid, parse } from 'date-fns';
import { inBusinessTime, inBusinessZone, BUSINESS_TIME_ZONE, type Instant } from './zone';

/*
 * Calendar days travel as 'YYYY-MM-DD' strings (no time zone), in filters, in entities and in URLs,
 * so a day picked anywhere is the same day on the server. Timestamps travel as ISO 8601 instants.
 */

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDay = string;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DAY_FORMAT = 'yyyy-MM-dd';

/** Midnight of the day in Mexico City, or null when the text is not an existing 'YYYY-MM-DD' day. */
function businessMidnight(day: string): TZDate | null {
  if (!ISO_DAY.test(day)) return null;
  const midnight = parse(day, ISO_DAY_FORMAT, TZDate.tz(BUSINESS_TIME_ZONE), { in: inBusinessZone });
  // parse() refuses days a month does not have (2026-02-30) with an Invalid Date.
  return isValid(midnight) ? midnight : null;
}

/**
 * True when the text is 'YYYY-MM-DD' and that day exists (no 2026-02-30). Whether a calendar day
 * exists does not depend on the zone, so the proleptic Gregorian calendar of Date.UTC answers: a
 * zone-aware parse costs a third of a millisecond, which an import validating every date cell of
 * 20 000 rows would pay many times over.
 */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The Mexico City day an instant falls on. */
export function businessDayOf(instant: Instant): IsoDay {
  return format(inBusinessTime(instant), ISO_DAY_FORMAT, { in: inBusinessZone });
}

/** Today in Mexico City ("today" of every business rule, default of date fields, the current week). */
export function businessToday(now: Instant = Date.now()): IsoDay {
  return businessDayOf(now);
}

function requireDay(day: IsoDay): TZDate {
  const midnight = businessMidnight(day);
  if (!midnight) throw new RangeError(`not a calendar day: ${day}`);
  return midnight;
}

/** The day `amount` days after (or before, when negative) the given one. */
export function addBusinessDays(day: IsoDay, amount: number): IsoDay {
  return format(addDays(requireDay(day), amount, { in: inBusinessZone }), ISO_DAY_FORMAT, { in: inBusinessZone });
}

/** The first instant of a day in Mexico City: a timestamp is on the day when start <= t < end. */
export function businessDayStart(day: IsoDay): Date {
  return new Date(requireDay(day).getTime());
}

/** The first instant after a day in Mexico City (the next day's start), the exclusive end of the day. */
export function businessDayEnd(day: IsoDay): Date {
  return businessDayStart(addBusinessDays(day, 1));
}

/*
 * Calendar widgets (PrimeReact Calendar) speak in local Date objects at the local midnight of the
 * picked day. Only the calendar day matters there, so these two convert in the process's zone.
 */

/** A Date picked in a calendar widget → the 'YYYY-MM-DD' of that calendar day. */
export function toIsoDay(date: Date): IsoDay {
  return format(date, ISO_DAY_FORMAT);
}

/** 'YYYY-MM-DD' → the local-midnight Date a calendar widget shows as that day (Invalid Date when it is not a day). */
export function fromIsoDay(day: IsoDay): Date {
  return isIsoDay(day) ? parse(day, ISO_DAY_FORMAT, new Date()) : new Date(Number.NaN);
}
