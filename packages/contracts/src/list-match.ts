import type { MatchMode } from './list-query';

/*
 * The list protocol's match modes on values in memory, as the API's SQL applies them: text modes on
 * folded text (accents and case ignored), negative modes true for an empty value, comparisons false for
 * one. The phone filters its kept rows with them (Mis Pedidos offline), and the API's list tests hold the
 * SQL to them — so the phone answers as the server does.
 */

export type TextMode = 'startsWith' | 'contains' | 'endsWith' | 'equals';

/** The negative text modes and the positive mode they negate. */
export const NEGATED_TEXT_MODES: Partial<Record<MatchMode, TextMode>> = { notContains: 'contains', notEquals: 'equals' };

export interface ListMatchers {
  textPositive(value: string | null, mode: TextMode, needle: string): boolean;
  textMatches(value: string | null, mode: MatchMode, needle: string): boolean;
  compare(value: number | string | boolean | null, mode: MatchMode, target: number | string | boolean): boolean;
}

/** The matchers, with the caller's twin of the database's fold. */
export function listMatchers(fold: (text: string) => string): ListMatchers {
  const textPositive = (value: string | null, mode: TextMode, needle: string): boolean => {
    if (value === null) return false;
    const v = fold(value);
    const n = fold(needle);
    return mode === 'startsWith' ? v.startsWith(n) : mode === 'endsWith' ? v.endsWith(n) : mode === 'equals' ? v === n : v.includes(n);
  };
  return {
    textPositive,
    textMatches(value, mode, needle) {
      const negated = NEGATED_TEXT_MODES[mode];
      return negated ? !textPositive(value, negated, needle) : textPositive(value, mode as TextMode, needle);
    },
    compare(value, mode, target) {
      if (mode === 'notEquals' || mode === 'dateIsNot') return value === null || value !== target;
      if (value === null) return false;
      switch (mode) {
        case 'lt':
        case 'dateBefore':
          return value < target;
        case 'lte':
          return value <= target;
        case 'gt':
        case 'dateAfter':
          return value > target;
        case 'gte':
          return value >= target;
        default:
          return value === target;
      }
    },
  };
}
