import { tz, TZDate } from '@date-fns/tz';
import { parseISO } from 'date-fns';

/**
 * The group works in Mexico City time (docs/product.md "Time"): "today", day boundaries, weeks and
 * every date filter are computed here, whatever the zone of the browser, the server or the tests.
 * The IANA database carries Mexico's rules (no daylight saving since 30 October 2022), so no offset
 * is ever written by hand.
 */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

/** date-fns context option (`{ in: inBusinessZone }`): the function computes in Mexico City. */
export const inBusinessZone = tz(BUSINESS_TIME_ZONE);

/** Something that names an instant: a Date, epoch milliseconds or an ISO 8601 timestamp with its offset. */
export type Instant = Date | number | string;

/** The instant as a Date whose getters read Mexico City's wall clock; invalid when the input is. */
export function inBusinessTime(instant: Instant): TZDate {
  const time = typeof instant === 'string' ? parseISO(instant).getTime() : typeof instant === 'number' ? instant : instant.getTime();
  return new TZDate(time, BUSINESS_TIME_ZONE);
}
