import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { MfaChallenge, SecondFactorMethod } from '@goc/contracts';
import type { Db, Executor } from '../../db/client';
import { mfaChallenges, passkeyCredentials, roles, users, userTotp } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { hashRefreshToken, newRefreshToken } from '../../lib/tokens';

/*
 * The step between a correct password and a session (docs/security.md "Two-factor verification"):
 * the mfaToken is 32 random bytes of which only the SHA-256 is stored, good for one purpose, for
 * CHALLENGE_MINUTES, until it is used or MAX_CODE_FAILURES wrong codes end it. In the database, so
 * any API process may answer the next call.
 */

export type ChallengePurpose = 'verify' | 'enroll';

const CHALLENGE_MINUTES = 5;
export const MAX_CODE_FAILURES = 5;

/** The second factors a user has enrolled: the app's code and/or passkeys. Either counts for a role that requires one. */
export async function secondFactorsOf(executor: Executor, userId: number): Promise<SecondFactorMethod[]> {
  const [row] = await executor
    .select({
      totp: isNotNull(userTotp.confirmedAt),
      passkey: sql<boolean>`exists (select 1 from ${passkeyCredentials} where ${passkeyCredentials.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(userTotp, eq(userTotp.userId, users.id))
    .where(eq(users.id, userId));
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.passkey) methods.push('passkey');
  return methods;
}

/** What the user must do after the password: give a second factor (which ones they have), enrol first (their role requires it), or nothing. */
export async function secondFactorStep(executor: Executor, userId: number): Promise<SecondFactorStep | null> {
  const methods = await secondFactorsOf(executor, userId);
  if (methods.length > 0) return { purpose: 'verify', methods };
  const [row] = await executor.select({ required: roles.requiresMfa }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, userId));
  return row?.required ? { purpose: 'enroll', methods } : null;
}

export interface SecondFactorStep {
  purpose: ChallengePurpose;
  methods: SecondFactorMethod[];
}

export async function startChallenge(db: Db, userId: number, { purpose, methods }: SecondFactorStep, ip: string, now: Date): Promise<MfaChallenge> {
  const { token, hash } = newRefreshToken();
  await db.transaction(async (tx) => {
    await tx.insert(mfaChallenges).values({ tokenHash: hash, userId, purpose, expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000) });
    await recordAudit(tx, { userId, action: 'mfa.challenge', entity: 'user', entityId: userId, ip, metadata: { purpose } });
  });
  return purpose === 'verify' ? { mfaRequired: true, mfaToken: token, methods } : { mfaEnrollmentRequired: true, mfaToken: token };
}

export interface LiveChallenge {
  id: number;
  userId: number;
}

/** The challenge of this token and purpose while it may still be used, or null. */
export async function liveChallenge(executor: Executor, token: string, purpose: ChallengePurpose, now = new Date()): Promise<LiveChallenge | null> {
  const [row] = await executor
    .select({ id: mfaChallenges.id, userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashRefreshToken(token)),
        eq(mfaChallenges.purpose, purpose),
        isNull(mfaChallenges.endedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends a challenge; false when another request ended it first (it is single use). */
export async function endChallenge(executor: Executor, id: number, now = new Date()): Promise<boolean> {
  const rows = await executor
    .update(mfaChallenges)
    .set({ endedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.endedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong code; the MAX_CODE_FAILURES-th ends the challenge. Returns whether it ended. */
export async function countFailure(executor: Executor, id: number, now = new Date()): Promise<boolean> {
  const [row] = await executor
    .update(mfaChallenges)
    .set({
      failures: sql`${mfaChallenges.failures} + 1`,
      endedAt: sql`case when ${mfaChallenges.failures} + 1 >= ${MAX_CODE_FAILURES} then ${now.toISOString()}::timestamptz else ${mfaChallenges.endedAt} end`,
    })
    .where(eq(mfaChallenges.id, id))
    .returning({ endedAt: mfaChallenges.endedAt });
  return row?.endedAt !== null && row?.endedAt !== undefined;
}
