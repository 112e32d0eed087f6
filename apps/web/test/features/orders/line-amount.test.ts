import { describe, expect, it } from 'vitest';
import { lineAmountPreview } from '../../../src/features/orders/line-amount';

describe('lineAmountPreview', () => {
  it('rounds quantity × price to cents as the database does, without float noise', () => {
    // 0.105 × 2.15 = 0.22575 → 0.23 (float arithmetic gives 0.2257499…)
    expect(lineAmountPreview({ quantity: 0.105, unitPrice: 2.15 })).toBe(0.23);
    expect(lineAmountPreview({ quantity: 10, unitPrice: 150.5 })).toBe(1505);
    expect(lineAmountPreview({ quantity: 1.005, unitPrice: 1 })).toBe(1.01);
  });

  it('is empty while the line lacks a quantity or a price', () => {
    expect(lineAmountPreview({ quantity: 3, unitPrice: null })).toBeNull();
    expect(lineAmountPreview({ quantity: null, unitPrice: 10 })).toBeNull();
  });
});
