import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './attachments';

/*
 * Idempotency keys (migration 0024, docs/api.md «Idempotency-Key»): one row a key a caller used on
 * one method and path. Inserted first as «en_curso» under the primary key — the one insert that wins
 * runs the request, any duplicate waits for it — then «hecha» with the answer to give again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** SHA-256 (hex) of caller, method, path and key: bounded, whatever the path's length. */
    scope: text('scope').primaryKey(),
    /** `usuario:<id>` or `clave:<api key id>`. */
    caller: text('caller').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the request (docs/api.md); null while an upload's body is still being read. */
    fingerprint: text('fingerprint'),
    state: text('state').$type<'en_curso' | 'hecha'>().notNull(),
    /** Which request holds the row: only it may complete or release it. */
    owner: text('owner').notNull(),
    /** An «en_curso» row past this was left by a process that died: the next request takes it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: bytea('body'),
    /** False when the answer was too large to keep: a repeat is told so instead of getting it. */
    replayable: boolean('replayable'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_ck', sql`${t.state} in ('en_curso', 'hecha')`),
  ],
);
