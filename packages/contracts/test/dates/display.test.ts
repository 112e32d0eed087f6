import { describe, expect, it } from 'vitest';
import { businessWallClock, formatDateTime, formatDay, formatDayInWords, formatDayLong, formatTimeAgo, parseDisplayDay } from '../../src/index';

describe('Spanish date display', () => {
  it('days are dd/mm/yy, or dd/mm/yyyy where the full year is wanted', () => {
    expect(formatDay('2026-11-16')).toBe('16/11/26');
    expect(formatDay('2026-01-05')).toBe('05/01/26');
    expect(formatDayLong('1987-01-05')).toBe('05/01/1987');
  });

  it('days in words are Spanish', () => {
    expect(formatDayInWords('2026-02-01')).toBe('domingo, 1 de febrero de 2026');
  });

  it('instants show Mexico City wall-clock time, 24 h', () => {
    expect(formatDateTime('2026-02-01T23:05:00Z')).toBe('01/02/26 17:05');
    expect(formatDateTime(new Date('2026-02-02T05:59:00Z'))).toBe('01/02/26 23:59');
    expect(formatDateTime(Date.parse('2026-02-02T06:00:00Z'))).toBe('02/02/26 00:00');
    expect(formatDateTime('2022-07-01T04:30:00Z')).toBe('30/06/22 23:30');
  });

  it('empty or invalid input reads as an empty string', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-02-30']) {
      expect(formatDay(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('gives the Mexico City wall clock of an instant', () => {
    expect(businessWallClock('2026-01-01T05:59:30Z')).toEqual({ year: 2025, month: 12, day: 31, hour: 23, minute: 59, second: 30 });
  });
});

describe('parsing what a person types', () => {
  const now = Date.parse('2026-11-23T18:00:00Z');

  it('accepts dd/mm/yy and dd/mm/yyyy, with or without leading zeros', () => {
    expect(parseDisplayDay('23/11/26', now)).toBe('2026-11-23');
    expect(parseDisplayDay('5/1/2026', now)).toBe('2026-01-05');
    expect(parseDisplayDay(' 29/02/2028 ', now)).toBe('2028-02-29');
    expect(parseDisplayDay('01/01/1987', now)).toBe('1987-01-01');
  });

  it('takes a two-digit year within 50 years of today', () => {
    expect(parseDisplayDay('01/01/70', now)).toBe('2070-01-01');
    expect(parseDisplayDay('01/01/80', now)).toBe('1980-01-01');
  });

  it('refuses days that do not exist and other shapes', () => {
    for (const text of ['31/02/26', '29/02/2026', '00/01/26', '32/01/26', '01/13/26', '2026-11-23', '23-11-26', '23/11/026', '']) {
      expect(parseDisplayDay(text, now)).toBeNull();
    }
  });
});

describe('how long ago (notifications)', () => {
  const now = Date.parse('2026-11-23T18:00:00Z'); // Monday 12:00 in Mexico City

  it('reads minutes, hours and days in Spanish, then the day', () => {
    expect(formatTimeAgo('2026-11-23T17:59:40Z', now)).toBe('hace un momento');
    expect(formatTimeAgo('2026-11-23T17:55:00Z', now)).toBe('hace 5 min');
    expect(formatTimeAgo('2026-11-23T15:00:00Z', now)).toBe('hace 3 h');
    // Sunday 20:00 in Mexico City: yesterday there, though under 24 h ago.
    expect(formatTimeAgo('2026-11-23T02:00:00Z', now)).toBe('hace 16 h');
    expect(formatTimeAgo('2026-11-22T12:00:00Z', now)).toBe('ayer');
    expect(formatTimeAgo('2026-11-20T18:00:00Z', now)).toBe('hace 3 días');
    expect(formatTimeAgo('2026-11-10T18:00:00Z', now)).toBe('10/11/26');
    expect(formatTimeAgo('', now)).toBe('');
  });
});
