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

/**
 * SQLSTATE class 22, data exception: a value the database cannot take (integer out of range, NUL in
 * text, bad encoding). The SQL is parameterised, so the value came from the request: a 400, not a 500.
 */
export function isDataException(info: PgErrorInfo | null): boolean {
  return info?.code.startsWith('22') ?? false;
}

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

/**
 * SQLSTATE classes and codes that mean "the database is not there right now", not "this request is
 * wrong": 08 connection exception, 57P01–57P03 shutdown / crash / starting up, 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket-level failures reaching the server (node-postgres passes Node's error codes through). */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports a dropped connection or a pool wait that timed out with these messages and no code. */
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/** True when the error (or one it wraps) says the database could not be reached or went away mid-request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_SQLSTATE.test(candidate.code) || UNAVAILABLE_SOCKET_CODES.has(candidate.code))) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * SQLSTATE 53100 disk_full (PostgreSQL, and PGlite when its data folder cannot grow: «could not extend
 * file …: No space left on device»), and 58030 io_error whose text says the disk is full.
 */
const DISK_FULL_SQLSTATE = '53100';
/** Node's fs errors (attachments, backups) carry ENOSPC; a quota hit is the same for whoever writes. */
const DISK_FULL_FS_CODES = new Set(['ENOSPC', 'EDQUOT']);
const DISK_FULL_MESSAGE = /No space left on device|Disk quota exceeded/i;

/** True when the error (or one it wraps) says a write found no room on its disk: the database's or a file's. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (candidate.code === DISK_FULL_SQLSTATE || DISK_FULL_FS_CODES.has(candidate.code)) return true;
      // Only a coded error's own text: a wrapper's message quotes the query's parameters, which a user wrote.
      if (typeof candidate.message === 'string' && DISK_FULL_MESSAGE.test(candidate.message)) return true;
    }
    current = candidate.cause;
  }
  return false;
}
