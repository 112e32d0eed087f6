import { z } from 'zod';

/** Ids are PostgreSQL `integer` identity columns: 1 … 2 147 483 647. */
export const MAX_ID = 2_147_483_647;

export const ID_MESSAGE = 'El identificador debe ser un número entero positivo';

/** A row id as JSON carries it (a number); its OpenAPI schema advertises the real range. */
export const idSchema = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** Canonical decimal only: '0x1', '1e0', '01', '+1' and ' 1' are not ids, even if Number() reads 1. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** A path segment → id, or null when it is not the canonical spelling of an id in range. */
export function parseIdSegment(text: string): number | null {
  if (!CANONICAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}
