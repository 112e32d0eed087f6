import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatMoney, formatNumber, toDate } from '../../src/lib/format';

describe('es-MX formatters', () => {
  it('dates are dd/mm/yy with a two-digit year', () => {
    expect(formatDate(new Date(2026, 10, 16))).toBe('16/11/26');
    expect(formatDate(new Date(2026, 0, 5))).toBe('05/01/26');
  });

  it("a bare 'YYYY-MM-DD' is that calendar day in every time zone", () => {
    expect(formatDate('2026-11-22')).toBe('22/11/26');
    expect(toDate('2026-11-22')?.getDate()).toBe(22);
  });

  it('date and time use 24 h', () => {
    expect(formatDateTime(new Date(2026, 1, 1, 17, 5))).toBe('01/02/26 17:05');
  });

  it('long dates are Spanish', () => {
    expect(formatLongDate(new Date(2026, 1, 1))).toBe('domingo, 1 de febrero de 2026');
  });

  it('empty or invalid input gives an empty string', () => {
    for (const value of [null, undefined, '', 'not a date']) expect(formatDate(value)).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('money is MXN with es-MX grouping: $1,234.50', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('98765.4')).toBe('$98,765.40');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('numbers use es-MX grouping', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.891');
    expect(formatNumber(2.5, 2)).toBe('2.50');
  });
});
