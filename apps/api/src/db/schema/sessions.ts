import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { users } from './access';

/** A login (refresh-token family): the device and address it began from (migration 0026). */
export const sessionDevices = pgTable(
  'session_devices',
  {
    familyId: text('family_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('session_devices_user_idx').on(t.userId)],
);

/** A GOC user's account at the OpenID Provider, keyed by (issuer, sub). */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: idColumn(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_issuer_subject_uq').on(t.issuer, t.subject), index('oidc_identities_user_idx').on(t.userId)],
);

/** An OpenID Connect sign-in under way: the authorization request, then the SPA's single-use code. */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: idColumn(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    exchangeHash: text('exchange_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_sign_ins_state_uq').on(t.stateHash), uniqueIndex('oidc_sign_ins_exchange_uq').on(t.exchangeHash)],
);
