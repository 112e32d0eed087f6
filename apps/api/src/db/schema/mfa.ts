import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './access';

/*
 * Two-factor verification (migration 0025, docs/security.md). Security state of a user, removed with
 * the user.
 */

/** A user's TOTP: the secret encrypted (lib/mfa-secrets.ts); pending until confirmed with a code. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** The last 30-second step a code was accepted for: a code of that step or earlier is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as keyed hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_uq').on(t.userId, t.codeHash)],
);

/**
 * The step between a correct password and a session: the mfaToken (stored as SHA-256) is good for
 * the verification ('verify') or the enrolment ('enroll') only, for a few minutes, until it is used
 * or too many wrong codes end it.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'enroll'] }).notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_uq').on(t.tokenHash),
    index('mfa_challenges_user_idx').on(t.userId),
    check('mfa_challenges_purpose_ck', sql`${t.purpose} in ('verify', 'enroll')`),
  ],
);

/** When a login (refresh-token family) last proved who it is: the sign-in, or a re-authentication. */
export const sessionAuthentications = pgTable(
  'session_authentications',
  {
    familyId: text('family_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('session_authentications_user_idx').on(t.userId)],
);
