import { describe, expect, it } from 'vitest';
import { currentWeek, formatWeek, parseWeekKey, previousWeeks, weekOfDay, weekOfInstant } from '../../src/index';

describe('ISO weeks, Monday to Sunday', () => {
  it('a week runs from Monday to Sunday, whichever day is asked', () => {
    const week = { key: '2026-W48', start: '2026-11-23', end: '2026-11-29' };
    for (const day of ['2026-11-23', '2026-11-26', '2026-11-29']) expect(weekOfDay(day)).toEqual(week);
    expect(weekOfDay('2026-11-22')).toEqual({ key: '2026-W47', start: '2026-11-16', end: '2026-11-22' });
  });

  it('uses the ISO week-numbering year at the turn of the year', () => {
    expect(weekOfDay('2027-01-01')).toEqual({ key: '2026-W53', start: '2026-12-28', end: '2027-01-03' });
    expect(weekOfDay('2024-12-30')).toEqual({ key: '2025-W01', start: '2024-12-30', end: '2025-01-05' });
  });

  it('an instant belongs to the week of its Mexico City day: Sunday 23:30 there is still that week', () => {
    expect(weekOfInstant('2026-11-30T05:30:00Z').key).toBe('2026-W48');
    expect(weekOfInstant('2026-11-30T06:00:00Z').key).toBe('2026-W49');
    expect(currentWeek(Date.parse('2026-11-23T05:00:00Z')).key).toBe('2026-W47');
  });

  it('lists the previous weeks, oldest first, without the current one', () => {
    expect(previousWeeks(3, '2026-01-14').map((w) => w.key)).toEqual(['2025-W52', '2026-W01', '2026-W02']);
    expect(previousWeeks(1, '2026-11-29')).toEqual([{ key: '2026-W47', start: '2026-11-16', end: '2026-11-22' }]);
    expect(previousWeeks(8, '2026-11-23')).toHaveLength(8);
    expect(previousWeeks(0, '2026-11-23')).toEqual([]);
  });

  it('parses week keys, refusing weeks a year does not have', () => {
    expect(parseWeekKey('2026-W48')).toEqual({ key: '2026-W48', start: '2026-11-23', end: '2026-11-29' });
    expect(parseWeekKey('2026-W53')).toEqual({ key: '2026-W53', start: '2026-12-28', end: '2027-01-03' });
    expect(parseWeekKey('2025-W01')?.start).toBe('2024-12-30');
    for (const key of ['2025-W53', '2026-W00', '2026-W54', '2026-48', '2026-w48', '2026-S48', '']) expect(parseWeekKey(key)).toBeNull();
  });

  it('reads in Spanish as a weekly cut shows it', () => {
    expect(formatWeek(weekOfDay('2026-11-16'))).toBe('2026-S47, 16/11/26 – 22/11/26');
  });
});
