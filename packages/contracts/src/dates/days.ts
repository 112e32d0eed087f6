import { TZDate } from '@date-fns/tz';
import { dayParts, isoDayOfGetters, isoDayOfUtc, utcDay } from './calendar';
import { inBusinessTime, BUSINESS_TIME_ZONE, type Instant } from './zone';

/*
 * Calendar days travel as 'YYYY-MM-DD' strings (no time zone), in filters, in entities and in URLs,
 * so a day picked anywhere is the same day on the server. Timestamps travel as ISO 8601 instants.
 */

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDay = string;

/** Midnight of the day in Mexico City, or null when the text is not an existing 'YYYY-MM-DD' day. */
function businessMidnight(text: string): TZDate | null {
  const parts = dayParts(text);
  if (!parts) return null;
  const [year, month, day] = parts;
  // Mexico City's clock never skipped midnight (its daylight-saving changes were at 02:00).
  const midnight = new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE);
  // Date's constructor reads years 0–99 as 1900–1999.
  if (year < 100) midnight.setFullYear(year, month - 1, day);
  return midnight;
}

/** True when the text is 'YYYY-MM-DD' and that day exists (no 2026-02-30), in any zone. */
export function isIsoDay(value: string): boolean {
  return dayParts(value) !== null;
}

/** The Mexico City day an instant falls on. */
export function businessDayOf(instant: Instant): IsoDay {
  return isoDayOfGetters(inBusinessTime(instant));
}

/** Today in Mexico City ("today" of every business rule, default of date fields, the current week). */
export function businessToday(now: Instant = Date.now()): IsoDay {
  return businessDayOf(now);
}

function notADay(day: string): never {
  throw new RangeError(`not a calendar day: ${day}`);
}

function requireDay(day: IsoDay): TZDate {
  return businessMidnight(day) ?? notADay(day);
}

/** The day `amount` days after (or before, when negative) the given one. */
export function addBusinessDays(day: IsoDay, amount: number): IsoDay {
  const [year, month, date] = dayParts(day) ?? notADay(day);
  return isoDayOfUtc(utcDay(year, month, date + amount));
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
  return isoDayOfGetters(date);
}

/** 'YYYY-MM-DD' → the local-midnight Date a calendar widget shows as that day (Invalid Date when it is not a day). */
export function fromIsoDay(day: IsoDay): Date {
  const parts = dayParts(day);
  if (!parts) return new Date(Number.NaN);
  const midnight = new Date(2000, 0, 1);
  midnight.setFullYear(parts[0], parts[1] - 1, parts[2]);
  return midnight;
}
