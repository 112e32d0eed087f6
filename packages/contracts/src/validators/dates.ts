/*
 * Calendar days travel as 'YYYY-MM-DD' strings (no time zone), in filters and in entities, so a
 * date picked in Mexico City is the same day on the server. Timestamps are ISO 8601 strings.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is 'YYYY-MM-DD' and that day exists. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A Date picked in a calendar (local midnight) → 'YYYY-MM-DD' of that local day. */
export function toIsoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → a Date at local midnight of that day, for calendar components. */
export function fromIsoDay(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? NaN, (m ?? NaN) - 1, d ?? NaN);
}
