/*
 * Text PostgreSQL cannot store or that is not Unicode: a NUL character (text columns refuse it) or a
 * lone UTF-16 surrogate (not a character; jsonb refuses it). Refused on input with a 400.
 */

export const MALFORMED_TEXT_MESSAGE = 'El texto contiene caracteres no válidos (carácter nulo o Unicode incompleto)';

// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isMalformedText(text: string): boolean {
  return MALFORMED.test(text);
}

/** The text with each NUL or lone surrogate replaced by U+FFFD, safe to store (audit of a refused value). */
export function wellFormedText(text: string): string {
  return text.replace(new RegExp(MALFORMED.source, 'g'), '\uFFFD');
}

/**
 * Path ('items.0.name') of the first malformed string in a JSON value, keys included; null when none.
 * Depth-bounded: JSON bodies are shallow, and a deeper one is refused by its schema anyway.
 */
export function findMalformedText(value: unknown, path: readonly string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isMalformedText(value) ? path.join('.') : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (isMalformedText(key)) return [...path, key].join('.');
    const found = findMalformedText(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
