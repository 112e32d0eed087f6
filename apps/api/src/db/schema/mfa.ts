import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * A user's passkey (WebAuthn credential, migration 0028): the public key the authenticator made for
 * this site and the signature counter it last reported (a lower one is a cloned key or a replay).
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential ID, base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches the authenticator (usb, internal, hybrid…), handed back when it is asked for. */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    /** Synced to the person's other devices by their platform (iCloud Keychain, Google Password Manager). */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkey_credentials_credential_id_uq').on(t.credentialId), index('passkey_credentials_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge handed to the browser, single use and short-lived, in the database so the
 * process that checks the answer need not be the one that asked: to register a passkey (signed in),
 * or to use one as the second step of a sign-in (tied to that sign-in's mfa challenge).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: idColumn(),
    challenge: text('challenge').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    mfaChallengeId: integer('mfa_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_uq').on(t.challenge),
    index('webauthn_challenges_user_idx').on(t.userId),
    check('webauthn_challenges_purpose_ck', sql`${t.purpose} in ('register', 'authenticate')`),
  ],
);
