import { describe, expect, it } from 'vitest';
import { countScale } from '../../../src/components/charts/count-scale';

describe('countScale', () => {
  it('marks whole counts from zero with room above the largest value', () => {
    expect(countScale(16)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(countScale(8)).toEqual({ top: 10, ticks: [0, 5, 10] });
    expect(countScale(14)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(countScale(230)).toEqual({ top: 300, ticks: [0, 100, 200, 300] });
  });

  it('never uses a fractional step, even for counts of zero or one', () => {
    expect(countScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countScale(1)).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(countScale(3)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
  });
});
