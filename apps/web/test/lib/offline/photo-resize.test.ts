import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_MAX_SIDE } from '../../../src/lib/offline/photo-resize';

describe('the size a photo is kept at (lib/offline/photo-resize)', () => {
  it('brings the longest side to 2 048 px, keeping the proportions, whichever side is longest', () => {
    expect(PHOTO_MAX_SIDE).toBe(2048);
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: 2048 });
  });

  it('never enlarges a smaller photo', () => {
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
  });
});
