import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background work of every queue (lib/jobs): a row is an item still owed — pending (due at `run_at`,
 * leased to `locked_by` while `locked_until` is ahead) or dead (attempts spent, kept with its last
 * error). Done items are deleted. Bookkeeping: no table-version trigger.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    /** Items of one queue with the same key run one at a time, in id order (per-record order). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<'pending' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('pending', 'dead')`),
    index('jobs_due_idx').on(t.queue, t.runAt).where(sql`${t.state} = 'pending'`),
    index('jobs_key_idx').on(t.queue, t.key, t.id).where(sql`${t.state} = 'pending' and ${t.key} is not null`),
    index('jobs_dead_idx').on(t.queue, t.id).where(sql`${t.state} = 'dead'`),
  ],
);
