import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { nameStatement } from '../../db/named-statements';
import { jobs } from '../../db/schema';
import { retryDelayMs } from './backoff';
import type { Backoff, DeadJob, NewJob, QueueFigures } from './types';

/*
 * The statements of lib/jobs. An item is claimed with FOR UPDATE SKIP LOCKED and a lease
 * (`locked_until`, `locked_by`, the attempt counted at once), so several processes never run one
 * item at the same time while its lease holds; its outcome is written only while the claim is still
 * the owner's (same owner, same attempt), so a lapsed lease's late answer changes nothing.
 */

const dialect = new PgDialect();
const namedStatements = new Set<string>();

/** Named the first time, so that PGlite runs it by name: its text never changes (values are parameters). */
function named(name: string, statement: SQL): SQL {
  if (!namedStatements.has(name)) {
    nameStatement(dialect.sqlToQuery(statement).sql, name);
    namedStatements.add(name);
  }
  return statement;
}

/** Longest last error kept. */
const MAX_ERROR = 2_000;

export interface ClaimedJob {
  id: number;
  key: string | null;
  payload: Record<string, unknown>;
  /** This attempt's number (1 for the first). */
  attempts: number;
}

export async function insertJobs(executor: Executor, queue: string, items: readonly NewJob[]): Promise<void> {
  if (items.length === 0) return;
  await executor.insert(jobs).values(items.map((item) => ({ queue, key: item.key ?? null, payload: item.payload, runAt: item.runAt ?? sql`now()` })));
}

/**
 * Up to `limit` due items of a queue, leased to `owner`. An item with a key is claimable only when it
 * is the earliest pending item of its key (a dead one no longer counts), so items of one key run
 * one after another in the order they were queued.
 */
export async function claim(db: Db, queue: string, owner: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const result = await db.execute<{ id: string | number; key: string | null; payload: Record<string, unknown>; attempts: number }>(
    named(
      'goc_jobs_claim',
      sql`
      with picked as (
        select j.id from jobs j
        where j.queue = ${queue} and j.state = 'pending' and j.run_at <= now()
          and (j.locked_until is null or j.locked_until <= now())
          and (j.key is null or not exists (
            select 1 from jobs p where p.queue = j.queue and p.key = j.key and p.state = 'pending' and p.id < j.id))
        order by j.id
        limit ${limit}
        for update of j skip locked)
      update jobs j
      set attempts = j.attempts + 1, locked_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), locked_by = ${owner}
      from picked where j.id = picked.id
      returning j.id, j.key, j.payload, j.attempts`,
    ),
  );
  return result.rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/** Done: the item goes (only while the claim is still this one). */
export async function complete(db: Db, job: ClaimedJob, owner: string): Promise<void> {
  await db.execute(named('goc_jobs_complete', sql`delete from jobs where id = ${job.id} and locked_by = ${owner} and attempts = ${job.attempts}`));
}

/** A failed attempt: back to pending after the back-off, or dead once the attempts are spent. */
export async function fail(
  db: Db,
  job: ClaimedJob,
  owner: string,
  error: string,
  policy: { maxAttempts: number; backoff: Backoff },
): Promise<'retry' | 'dead' | 'lost'> {
  const result = await db.execute<{ state: string }>(
    named(
      'goc_jobs_fail',
      sql`
      update jobs set
        state = case when attempts >= ${policy.maxAttempts} then 'dead' else 'pending' end,
        dead_at = case when attempts >= ${policy.maxAttempts} then now() end,
        run_at = now() + make_interval(secs => ${retryDelayMs(policy.backoff, job.attempts) / 1000}::float8),
        locked_until = null, locked_by = null, last_error = ${error.slice(0, MAX_ERROR)}
      where id = ${job.id} and locked_by = ${owner} and attempts = ${job.attempts} and state = 'pending'
      returning state`,
    ),
  );
  const state = result.rows[0]?.state;
  return state === undefined ? 'lost' : state === 'dead' ? 'dead' : 'retry';
}

/** The process stops: the item is free again at once, this attempt not counted. */
export async function release(db: Db, job: ClaimedJob, owner: string): Promise<void> {
  await db.execute(sql`
    update jobs set attempts = attempts - 1, locked_until = null, locked_by = null
    where id = ${job.id} and locked_by = ${owner} and attempts = ${job.attempts} and state = 'pending'`);
}

/** The queues with an item due now (possibly waiting behind an earlier one of its key). */
export async function dueQueues(db: Db): Promise<string[]> {
  const result = await db.execute<{ queue: string }>(
    named(
      'goc_jobs_due',
      sql`select distinct queue from jobs where state = 'pending' and run_at <= now() and (locked_until is null or locked_until <= now())`,
    ),
  );
  return result.rows.map((row) => row.queue);
}

/** Serialises the queuing of a schedule's slots across processes (per queue: the lock's second key). */
const SCHEDULE_LOCK_KEY = 4_710_003;
/** Every slot of a schedule has this key, so two slots never run side by side. */
export const SLOT_KEY = 'schedule';

/**
 * Queues the schedule's next slot after the database's clock, unless it is queued (pending or dead)
 * already; `next` null drops the queue's waiting slots. Resolves to the slot (null when off). The
 * database's clock, under a lock per queue, decides: processes whose clocks disagree still agree on
 * one slot. A slot is inserted only while its time is still ahead of the clock at the insert, and
 * no process can claim it before that time, so a slot that already ran is never queued again.
 */
export async function queueNextSlot(db: Db, queue: string, next: (after: Date) => Date | null): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY}, hashtext(${queue}))`);
    // The clock now, not the transaction's start (now()): the lock may have waited for a slot to run.
    const clock = await tx.execute<{ now: string | Date }>(sql`select clock_timestamp() as now`);
    const slot = next(new Date(clock.rows[0]!.now));
    if (slot === null) {
      await tx.execute(sql`delete from jobs where queue = ${queue} and state = 'pending'`);
      return null;
    }
    const iso = slot.toISOString();
    await tx.execute(sql`
      insert into jobs (queue, key, payload, run_at)
      select ${queue}, ${SLOT_KEY}, jsonb_build_object('slot', ${iso}::text), ${iso}::timestamptz
      where ${iso}::timestamptz > clock_timestamp()
        and not exists (select 1 from jobs where queue = ${queue} and payload->>'slot' = ${iso}::text)`);
    return slot;
  });
}

/**
 * Backlog, oldest pending item and dead items of every queue that has rows. A schedule's slot
 * counts once it is due, its age from then.
 */
export async function queueFigures(db: Db): Promise<QueueFigures[]> {
  const result = await db.execute<{ queue: string; pending: number; oldest: number | null; dead: number }>(sql`
    select queue,
      count(*) filter (where state = 'pending' and (key is distinct from ${SLOT_KEY} or run_at <= now()))::int as pending,
      extract(epoch from now() - min(case when key = ${SLOT_KEY} then run_at else created_at end)
        filter (where state = 'pending' and (key is distinct from ${SLOT_KEY} or run_at <= now())))::float8 as oldest,
      count(*) filter (where state = 'dead')::int as dead
    from jobs group by queue order by queue`);
  return result.rows.map((row) => ({
    queue: row.queue,
    pending: Number(row.pending),
    oldestPendingSeconds: row.oldest === null ? null : Math.max(0, Number(row.oldest)),
    dead: Number(row.dead),
  }));
}

interface DeadRow extends Record<string, unknown> {
  id: string | number;
  queue: string;
  key: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  dead_at: string | Date | null;
  payload: Record<string, unknown>;
}

const toDead = (row: DeadRow): DeadJob => ({
  id: Number(row.id),
  queue: row.queue,
  key: row.key,
  attempts: row.attempts,
  lastError: row.last_error,
  createdAt: new Date(row.created_at),
  deadAt: row.dead_at === null ? null : new Date(row.dead_at),
  payload: row.payload,
});

/** Dead items, the newest first, at most `limit`. */
export async function deadJobs(db: Db, limit: number): Promise<DeadJob[]> {
  const result = await db.execute<DeadRow>(sql`
    select id, queue, key, attempts, last_error, created_at, dead_at, payload from jobs
    where state = 'dead' order by dead_at desc nulls last, id desc limit ${limit}`);
  return result.rows.map(toDead);
}

/** A dead item back to pending, due now, its attempts counted afresh; null when it is not dead (any more). */
export async function retryDead(executor: Executor, id: number): Promise<DeadJob | null> {
  const result = await executor.execute<DeadRow>(sql`
    update jobs set state = 'pending', attempts = 0, run_at = now(), dead_at = null, locked_until = null, locked_by = null
    where id = ${id} and state = 'dead'
    returning id, queue, key, attempts, last_error, created_at, dead_at, payload`);
  const row = result.rows[0];
  return row ? toDead(row) : null;
}

/** A dead item deleted; null when it is not dead (any more). */
export async function discardDead(executor: Executor, id: number): Promise<DeadJob | null> {
  const result = await executor.execute<DeadRow>(sql`
    delete from jobs where id = ${id} and state = 'dead'
    returning id, queue, key, attempts, last_error, created_at, dead_at, payload`);
  const row = result.rows[0];
  return row ? toDead(row) : null;
}
