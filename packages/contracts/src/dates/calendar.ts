/*
 * Calendar arithmetic on 'YYYY-MM-DD' days and on a Date's own getters, without a formatting
 * library: the days and the display module format only fixed numeric patterns, and date-fns'
 * `format` and `parse` (with their locales) were most of what the first screen downloaded of dates.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Year, month (1–12) and day of a 'YYYY-MM-DD' text, or null when it is not one or the day does not exist. */
export function dayParts(value: string): [year: number, month: number, day: number] | null {
  if (!ISO_DAY.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // Whether a day exists does not depend on the zone: the proleptic Gregorian calendar of Date.UTC answers.
  const date = utcDay(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? [year, month, day] : null;
}

/** Midnight UTC of a day; month and day may overflow (day 32 is the next month's first). Years below 100 stay themselves. */
export function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** 'YYYY-MM-DD' of a year, a month (1–12) and a day. */
export const isoDayText = (year: number, month: number, day: number): string => `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;

/** 'YYYY-MM-DD' of a Date's getters: local ones for a plain Date, the zone's wall clock for a TZDate. */
export function isoDayOfGetters(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return isoDayText(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** 'YYYY-MM-DD' of a Date's UTC getters. */
export const isoDayOfUtc = (date: Date): string => isoDayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
