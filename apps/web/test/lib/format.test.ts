import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent } from '../../src/lib/format';

describe('es-MX number formatters', () => {
  it('empty or invalid input gives an empty string', () => {
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

  it('percentages keep the sign on the number\'s line: one decimal under 10, whole above, a trace as «< 0.1 %»', () => {
    expect(formatPercent(0.39)).toBe('0.4\u00a0%');
    expect(formatPercent(57.4)).toBe('57\u00a0%');
    expect(formatPercent(0.01)).toBe('<\u00a00.1\u00a0%');
    expect(formatPercent(0)).toBe('0\u00a0%');
  });
});
