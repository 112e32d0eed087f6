import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPesos } from '../src/index';

/* The figures written by hand agree with Intl.NumberFormat's es-MX, which they replace. */

const intl = (min: number, max: number) => new Intl.NumberFormat('es-MX', { minimumFractionDigits: min, maximumFractionDigits: max });
const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Amounts and counts as GOC has them (cents, thousandths, big totals) and any double in range.
const amount = fc.oneof(
  fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }).map((cents) => cents / 100),
  fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }).map((n) => n / 1000),
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
  fc.constantFrom(0, -0, 0.005, 0.015, 1.005, 2.675, 0.125, -0.125, 999.995, 1e-7, -1e-7, 999_999_999_999.99),
);

describe('es-MX figures by hand', () => {
  it('pesos', () => {
    fc.assert(fc.property(amount, (value) => { expect(formatPesos(value)).toBe(pesos.format(value)); }), { numRuns: 5000 });
    expect(formatPesos('1234.5')).toBe('$1,234.50');
    expect(formatPesos(-1234.5)).toBe('-$1,234.50');
  });

  it('numbers with 0 to 3 decimals', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (value, a, b) => {
        const [min, max] = [Math.min(a, b), Math.max(a, b)];
        expect(formatDecimal(value, min, max)).toBe(intl(min, max).format(value));
      }),
      { numRuns: 5000 },
    );
  });
});
