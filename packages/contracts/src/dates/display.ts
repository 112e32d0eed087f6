import { differenceInCalendarDays, differenceInHours, differenceInMinutes, isValid } from 'date-fns';
import { dayParts, isoDayOfGetters, isoDayText, pad2, utcDay } from './calendar';
import { type IsoDay } from './days';
import { inBusinessTime, inBusinessZone, type Instant } from './zone';

/*
 * How dates read in Spanish (docs/product.md: dd/mm/yy, 24-hour clock): in lists, history, exports and
 * messages alike. Days are shown as they are; instants as Mexico City's wall clock. Empty or invalid
 * input reads as '' so a blank cell stays blank.
 */

const opts = { in: inBusinessZone } as const;

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const;

function instantOf(value: Instant | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = inBusinessTime(value);
  return isValid(date) ? date : null;
}

/** 'dd/mm/yy' of a 'YYYY-MM-DD' day. */
const shortDay = (day: IsoDay) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

/** '2026-11-22' → '22/11/26'. */
export function formatDay(day: IsoDay | null | undefined): string {
  return day && dayParts(day) ? shortDay(day) : '';
}

/** '2026-11-22' → '22/11/2026', where a four-digit year avoids doubt (birth dates, documents). */
export function formatDayLong(day: IsoDay | null | undefined): string {
  return day && dayParts(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
}

/** '2026-02-01' → 'domingo, 1 de febrero de 2026', for headings and greetings, never for tables. */
export function formatDayInWords(day: IsoDay | null | undefined): string {
  const parts = day ? dayParts(day) : null;
  if (!parts) return '';
  const [year, month, date] = parts;
  return `${WEEKDAYS[utcDay(year, month, date).getUTCDay()]}, ${date} de ${MONTHS[month - 1]} de ${day!.slice(0, 4)}`;
}

/** An instant → 'dd/mm/yy HH:mm' on Mexico City's clock. */
export function formatDateTime(instant: Instant | null | undefined): string {
  const date = instantOf(instant);
  return date ? `${shortDay(isoDayOfGetters(date))} ${pad2(date.getHours())}:${pad2(date.getMinutes())}` : '';
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

/** A two-digit year as the one within 50 years of the current one ('26' is 2026, '80' 1980 in 2026). */
function fullYear(twoDigits: number, currentYear: number): number {
  const rangeEnd = currentYear + 50;
  const century = Math.trunc(rangeEnd / 100) * 100;
  return twoDigits + century - (twoDigits >= rangeEnd % 100 ? 100 : 0);
}

/**
 * What a person types, 'dd/mm/yy' or 'dd/mm/yyyy' → 'YYYY-MM-DD', or null when it is not an existing
 * day. A two-digit year is the one within 50 years of today in Mexico City.
 */
export function parseDisplayDay(text: string, now: Instant = Date.now()): IsoDay | null {
  const match = DISPLAY_DAY.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const year = y.length === 2 ? fullYear(Number(y), inBusinessTime(now).getFullYear()) : Number(y);
  const day = isoDayText(year, Number(m), Number(d));
  return year > 0 && dayParts(day) ? day : null;
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
  return shortDay(isoDayOfGetters(then));
}
