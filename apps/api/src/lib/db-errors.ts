/** What the database reported, found through drizzle's DrizzleQueryError wrapper (PGlite and node-postgres alike). */
export interface PgErrorInfo {
  /** SQLSTATE, e.g. 23505 unique_violation, 23503 foreign_key_violation. */
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  detail?: string | undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT reports 23001 on PostgreSQL 18 (PGlite) and 23503 on older servers. */
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';

export function pgErrorInfo(error: unknown): PgErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; table?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        table: typeof candidate.table === 'string' ? candidate.table : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** A write refused because another row references (or would reference) a missing or protected row. */
export function isReferenceViolation(info: PgErrorInfo | null): boolean {
  return info?.code === PG_FOREIGN_KEY_VIOLATION || info?.code === PG_RESTRICT_VIOLATION;
}
