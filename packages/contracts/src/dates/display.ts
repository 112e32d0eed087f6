import { differenceInCalendarDays, differenceInHours, differenceInMinutes, format, isValid, parse } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { businessDayStart, isIsoDay, type IsoDay } from './days';
import { inBusinessTime, inBusinessZone, type Instant } from './zone';

/*
 * How dates read in Spanish (docs/product.md: dd/mm/yy, 24-hour clock): in lists, history, exports and
 * messages alike. Days are shown as they are; instants as Mexico City's wall clock. Empty or invalid
 * input reads as '' so a blank cell stays blank.
 */

const opts = { in: inBusinessZone } as const;

function midnightOf(day: IsoDay | null | undefined): Date | null {
  return day && isIsoDay(day) ? businessDayStart(day) : null;
}

function instantOf(value: Instant | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = inBusinessTime(value);
  return isValid(date) ? date : null;
}

/** '2026-11-22' → '22/11/26'. */
export function formatDay(day: IsoDay | null | undefined): string {
  const date = midnightOf(day);
  return date ? format(date, 'dd/MM/yy', opts) : '';
}

/** '2026-11-22' → '22/11/2026', where a four-digit year avoids doubt (birth dates, documents). */
export function formatDayLong(day: IsoDay | null | undefined): string {
  const date = midnightOf(day);
  return date ? format(date, 'dd/MM/yyyy', opts) : '';
}

/** '2026-02-01' → 'domingo, 1 de febrero de 2026', for headings and greetings, never for tables. */
export function formatDayInWords(day: IsoDay | null | undefined): string {
  const date = midnightOf(day);
  return date ? format(date, "EEEE, d 'de' MMMM 'de' yyyy", { ...opts, locale: es }) : '';
}

/** An instant → 'dd/mm/yy HH:mm' on Mexico City's clock. */
export function formatDateTime(instant: Instant | null | undefined): string {
  const date = instantOf(instant);
  return date ? format(date, 'dd/MM/yy HH:mm', opts) : '';
}

/** Mexico City's wall clock at an instant (spreadsheets store dates without a zone). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function businessWallClock(instant: Instant): WallClock {
  const d = inBusinessTime(instant);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
}

const DISPLAY_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * What a person types, 'dd/mm/yy' or 'dd/mm/yyyy' → 'YYYY-MM-DD', or null when it is not an existing
 * day. A two-digit year is the one within 50 years of today (date-fns' rule: '26' is 2026).
 */
export function parseDisplayDay(text: string, now: Instant = Date.now()): IsoDay | null {
  const match = DISPLAY_DAY.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match;
  const pattern = y?.length === 2 ? 'd/M/yy' : 'd/M/yyyy';
  const date = parse(`${d}/${m}/${y}`, pattern, inBusinessTime(now), opts);
  return isValid(date) ? format(date, 'yyyy-MM-dd', opts) : null;
}

/**
 * How long ago an instant was, as a notification panel says it: 'hace un momento', 'hace 5 min',
 * 'hace 3 h', 'hace 2 días'; a week or more reads as the day ('22/11/26').
 */
export function formatTimeAgo(instant: Instant, now: Instant = Date.now()): string {
  const then = instantOf(instant);
  const current = instantOf(now);
  if (!then || !current) return '';
  const minutes = differenceInMinutes(current, then);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = differenceInHours(current, then);
  if (hours < 24) return `hace ${hours} h`;
  const days = differenceInCalendarDays(current, then, opts);
  if (days < 7) return days === 1 ? 'ayer' : `hace ${days} días`;
  return format(then, 'dd/MM/yy', opts);
}
