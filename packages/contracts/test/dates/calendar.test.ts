import fc from 'fast-check';
import { addDays, format, isValid, parse } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  BUSINESS_TIME_ZONE,
  businessDayOf,
  businessDayStart,
  formatDateTime,
  formatDay,
  formatDayInWords,
  formatDayLong,
  fromIsoDay,
  inBusinessZone,
  isIsoDay,
  parseDisplayDay,
  toIsoDay,
} from '../../src/index';

/*
 * The days and display modules format and parse by hand; date-fns' `format` and `parse` (what they
 * used before) are the reference they must agree with, on any day from year 1000 to 2999 and any instant.
 */

const opts = { in: inBusinessZone } as const;
const anyDay = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const anyInstant = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true });
const referenceMidnight = (day: string) => parse(day, 'yyyy-MM-dd', TZDate.tz(BUSINESS_TIME_ZONE), opts);

describe('dates formatted by hand agree with date-fns', () => {
  it('days, in figures and in words', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const midnight = referenceMidnight(day);
        expect(isIsoDay(day)).toBe(true);
        expect(formatDay(day)).toBe(format(midnight, 'dd/MM/yy', opts));
        expect(formatDayLong(day)).toBe(format(midnight, 'dd/MM/yyyy', opts));
        expect(formatDayInWords(day)).toBe(format(midnight, "EEEE, d 'de' MMMM 'de' yyyy", { ...opts, locale: es }));
        // Before 1922 Mexico City kept local mean time (−6:36:36), whose seconds the two round differently.
        if (day >= '1922-01-02') expect(businessDayStart(day).getTime()).toBe(midnight.getTime());
        expect(toIsoDay(fromIsoDay(day))).toBe(day);
        expect(fromIsoDay(day).getTime()).toBe(parse(day, 'yyyy-MM-dd', new Date()).getTime());
      }),
      { numRuns: 2000 },
    );
  });

  it('adding days', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -800, max: 800 }), (day, amount) => {
        expect(addBusinessDays(day, amount)).toBe(format(addDays(referenceMidnight(day), amount, opts), 'yyyy-MM-dd', opts));
      }),
      { numRuns: 2000 },
    );
  });

  it('instants on Mexico City’s clock', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        expect(formatDateTime(instant)).toBe(format(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE), 'dd/MM/yy HH:mm', opts));
        expect(businessDayOf(instant)).toBe(format(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE), 'yyyy-MM-dd', opts));
      }),
      { numRuns: 2000 },
    );
  });

  it('what a person types, two-digit years included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 33 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 2999 }), fc.boolean(), anyInstant, (d, m, y, short, now) => {
        const year = short ? String(y % 100).padStart(2, '0') : String(y).padStart(4, '0');
        const text = `${d}/${m}/${year}`;
        const reference = parse(text, short ? 'd/M/yy' : 'd/M/yyyy', new TZDate(now.getTime(), BUSINESS_TIME_ZONE), opts);
        expect(parseDisplayDay(text, now)).toBe(isValid(reference) ? format(reference, 'yyyy-MM-dd', opts) : null);
      }),
      { numRuns: 3000 },
    );
  });
});
