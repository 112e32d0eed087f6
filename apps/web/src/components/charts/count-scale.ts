/** The y axis of a chart of whole counts: its top and the values its grid lines mark, from 0. */
export interface CountScale {
  top: number;
  ticks: number[];
}

/** 1, 2, 5, 10, 20, 50…: the smallest such step at least `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw);
  return step ?? 10 * magnitude;
}

/** About this many grid lines: enough to read a column's height against, few enough on a phone. */
const LINES = 4;

/**
 * Grid lines of whole counts, with room above the largest value so the tallest bar never touches
 * the top and its figure stays readable above it.
 */
export function countScale(largest: number): CountScale {
  const withRoom = largest + Math.max(1, Math.ceil(largest * 0.15));
  const step = Math.max(1, niceStep(withRoom / LINES));
  const top = Math.ceil(withRoom / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}
