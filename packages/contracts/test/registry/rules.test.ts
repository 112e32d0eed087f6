import { describe, expect, it } from 'vitest';
import { businessDaysBetween, cutWeekOf, isLate, sdiCap, sdiProblem, wagesInForce } from '../../src';

describe('late movements (5 business days, Mexico City)', () => {
  it('counts only Monday to Friday after the effective date', () => {
    // Friday 13 → Friday 20 November 2026: Mon–Fri = 5.
    expect(businessDaysBetween('2026-11-13', '2026-11-20')).toBe(5);
    expect(businessDaysBetween('2026-11-13', '2026-11-23')).toBe(6);
    expect(businessDaysBetween('2026-11-14', '2026-11-15')).toBe(0);
    expect(businessDaysBetween('2026-11-20', '2026-11-13')).toBe(0);
  });

  it('is late from the 6th business day, by the Mexico City day of capture', () => {
    expect(isLate('2026-11-13', '2026-11-21T05:59:00Z')).toBe(false); // Friday 20, 23:59 in Mexico City
    expect(isLate('2026-11-13', '2026-11-23T17:00:00Z')).toBe(true); // Monday 23
    expect(isLate('2026-11-13', '2026-11-22T23:00:00Z')).toBe(false); // Sunday 22
    expect(isLate('2026-12-01', '2026-11-23T17:00:00Z')).toBe(false); // a future date is never late
  });
});

describe('week of a capture', () => {
  it('splits Sunday 23:59 from Monday 00:00 in Mexico City', () => {
    expect(cutWeekOf('2026-11-23T05:59:59Z')).toEqual({ key: '2026-W47', label: '2026-S47', start: '2026-11-16', end: '2026-11-22' });
    expect(cutWeekOf('2026-11-23T06:00:00Z')).toEqual({ key: '2026-W48', label: '2026-S48', start: '2026-11-23', end: '2026-11-29' });
  });

  it('uses the ISO week-numbering year around New Year', () => {
    expect(cutWeekOf('2027-01-01T18:00:00Z')).toMatchObject({ label: '2026-S53', start: '2026-12-28', end: '2027-01-03' });
  });
});

describe('SDI bounds', () => {
  const rows = [
    { effectiveFrom: '2025-02-01', minimumWage: 278.8, uma: 113.14 },
    { effectiveFrom: '2026-01-01', minimumWage: 315.04, uma: 113.14 },
    { effectiveFrom: '2026-02-01', minimumWage: 315.04, uma: 117.31 },
  ];

  it('takes the row in force on the day', () => {
    expect(wagesInForce(rows, '2026-01-31')?.effectiveFrom).toBe('2026-01-01');
    expect(wagesInForce(rows, '2026-02-01')?.effectiveFrom).toBe('2026-02-01');
    expect(wagesInForce(rows, '2025-01-31')).toBeNull();
  });

  it('needs SDI ≥ daily salary, ≥ minimum wage and ≤ 25 UMA', () => {
    const wages = { minimumWage: 315.04, uma: 117.31 };
    expect(sdiCap(117.31)).toBe(2932.75);
    expect(sdiProblem(300, 310, wages)).toEqual({ kind: 'belowDailySalary' });
    expect(sdiProblem(315.03, 300, wages)).toEqual({ kind: 'belowMinimum', minimum: 315.04 });
    expect(sdiProblem(315.04, 300, wages)).toBeNull();
    expect(sdiProblem(2932.75, 300, wages)).toBeNull();
    expect(sdiProblem(2932.76, 300, wages)).toEqual({ kind: 'aboveCap', cap: 2932.75 });
  });
});
