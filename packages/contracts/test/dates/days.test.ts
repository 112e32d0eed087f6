import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDayEnd,
  businessDayOf,
  businessDayStart,
  businessToday,
  fromIsoDay,
  isIsoDay,
  toIsoDay,
} from '../../src/index';

/*
 * Fixed instants around Mexico City's midnight. Mexico City is UTC-6 all year since daylight saving
 * ended on 30 October 2022; before that, summer was UTC-5. The suite also runs under other process
 * zones (package.json), so nothing here may depend on the machine's zone.
 */

describe('business day of an instant', () => {
  it('changes at midnight in Mexico City, not in UTC or in the process zone', () => {
    expect(businessDayOf('2026-11-23T05:59:59.999Z')).toBe('2026-11-22');
    expect(businessDayOf('2026-11-23T06:00:00.000Z')).toBe('2026-11-23');
    expect(businessToday(Date.parse('2026-11-24T05:30:00Z'))).toBe('2026-11-23');
    expect(businessToday(new Date('2026-11-24T06:30:00Z'))).toBe('2026-11-24');
  });

  it('reads offsets in the input: 23:30 in Hermosillo is already the next day in Mexico City', () => {
    expect(businessDayOf('2026-11-22T23:30:00-07:00')).toBe('2026-11-23');
    expect(businessDayOf('2026-11-22T23:30:00-05:00')).toBe('2026-11-22');
  });

  it('keeps UTC-6 in April and summer since 2022 (no daylight saving), UTC-5 in the summer of 2022', () => {
    // First Sunday of April, when the clock used to jump forward.
    expect(businessDayOf('2026-04-05T05:30:00Z')).toBe('2026-04-04');
    expect(businessDayOf('2026-07-15T05:30:00Z')).toBe('2026-07-14');
    expect(businessDayOf('2022-07-15T05:30:00Z')).toBe('2022-07-15');
  });
});

describe('day boundaries for filters', () => {
  it('a day runs from its Mexico City midnight to the next one', () => {
    expect(businessDayStart('2026-11-23').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(businessDayEnd('2026-11-23').toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(businessDayStart('2026-07-01').toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(businessDayStart('2022-07-01').toISOString()).toBe('2022-07-01T05:00:00.000Z');
  });

  it('the end of a month and of a year roll over', () => {
    expect(businessDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(businessDayEnd('2028-02-28').toISOString()).toBe('2028-02-29T06:00:00.000Z');
  });

  it('the last day of the 2022 summer time is 25 hours long', () => {
    const hours = (businessDayEnd('2022-10-30').getTime() - businessDayStart('2022-10-30').getTime()) / 3_600_000;
    expect(hours).toBe(25);
  });

  it('refuses what is not a day', () => {
    expect(() => businessDayStart('2026-02-30')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('adds and subtracts days across months and leap days', () => {
    expect(addBusinessDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addBusinessDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addBusinessDays('2026-01-05', -7)).toBe('2025-12-29');
  });
});

describe("'YYYY-MM-DD' validation", () => {
  it('accepts existing days only', () => {
    for (const day of ['2026-11-23', '2028-02-29', '1930-01-01', '2099-12-31']) expect(isIsoDay(day)).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '2026-11-31', '2026-1-05', '05/01/2026', '2026-11-23T00:00:00Z', '', 'hoy']) {
      expect(isIsoDay(text)).toBe(false);
    }
  });
});

describe('calendar widget days', () => {
  it('round-trip through a local-midnight Date, whatever the process zone', () => {
    const date = fromIsoDay('2026-03-15');
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours()]).toEqual([2026, 3, 15, 0]);
    expect(toIsoDay(date)).toBe('2026-03-15');
    expect(toIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(Number.isNaN(fromIsoDay('2026-02-30').getTime())).toBe(true);
  });
});
