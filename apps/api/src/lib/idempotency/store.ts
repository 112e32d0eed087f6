import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/*
 * The idempotency_keys table's statements. Every time is the database's clock, so that several
 * API processes agree on leases and expiry.
 */

export interface Claim {
  scope: string;
  caller: string;
  method: string;
  path: string;
  key: string;
  /** Null while the body (an upload) has not been read yet. */
  fingerprint: string | null;
  owner: string;
  leaseMs: number;
  keepDays: number;
}

export interface KeyRow {
  state: 'en_curso' | 'hecha';
  fingerprint: string | null;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
  replayable: boolean | null;
}

export interface Answer {
  fingerprint: string;
  status: number;
  headers: Record<string, string>;
  /** Null when too large to keep: the key stays used, its answer is not given again. */
  body: Buffer | null;
}

const expired = (keepDays: number) => sql`${idempotencyKeys.createdAt} < now() - make_interval(days => ${keepDays})`;

/**
 * Claims the key for this request: inserts it «en_curso», or takes over a row that expired or
 * whose lease ran out (its process died). True when this request holds it now; the primary key
 * lets one insert win however many processes try at once.
 */
export async function claimKey(db: Db, claim: Claim): Promise<boolean> {
  const fresh = {
    caller: claim.caller,
    method: claim.method,
    path: claim.path,
    key: claim.key,
    fingerprint: claim.fingerprint,
    state: 'en_curso' as const,
    owner: claim.owner,
    leaseUntil: sql`now() + make_interval(secs => ${claim.leaseMs / 1000})`,
    status: null,
    headers: null,
    body: null,
    replayable: null,
    createdAt: sql`now()`,
  };
  const rows = await db
    .insert(idempotencyKeys)
    .values({ scope: claim.scope, ...fresh })
    .onConflictDoUpdate({
      target: idempotencyKeys.scope,
      set: fresh,
      setWhere: sql`${expired(claim.keepDays)} or (${idempotencyKeys.state} = 'en_curso' and ${idempotencyKeys.leaseUntil} < now())`,
    })
    .returning({ owner: idempotencyKeys.owner });
  return rows[0]?.owner === claim.owner;
}

/** The row another request holds or completed (null if it went meanwhile). */
export async function findKey(db: Db, scope: string): Promise<KeyRow | null> {
  const [row] = await db
    .select({
      state: idempotencyKeys.state,
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      headers: idempotencyKeys.headers,
      body: idempotencyKeys.body,
      replayable: idempotencyKeys.replayable,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, scope));
  return row ?? null;
}

/** Keeps the answer of the request holding the key. */
export async function completeKey(db: Db, scope: string, owner: string, answer: Answer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'hecha',
      fingerprint: answer.fingerprint,
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      replayable: answer.body !== null,
    })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'en_curso')));
}

/** Frees the key (a 5xx, a body left unread): the next request with it runs as new. */
export async function releaseKey(db: Db, scope: string, owner: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'en_curso')));
}

/** Deletes the keys older than `keepDays`; how many. */
export async function purgeKeys(db: Db, keepDays: number): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(expired(keepDays)).returning({ scope: idempotencyKeys.scope });
  return gone.length;
}
