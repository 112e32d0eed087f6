import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mfaRecoveryCodes } from '../../db/schema';
import { newRecoveryCodes, normaliseRecoveryCode, type TotpKeys } from '../../lib/totp';

/*
 * Recovery codes (docs/security.md): ten, shown once, kept as keyed hashes, each good once. They
 * belong to the person's second factor as a whole — the app's code or passkeys — so they come with
 * the first factor enrolled, whichever it is, and go with the last one removed.
 */
export function createRecoveryCodes(keys: TotpKeys) {
  const hashOf = (code: string) => keys.hashRecoveryCode(normaliseRecoveryCode(code));

  /** Ten new codes; the old ones stop working. */
  async function replace(executor: Executor, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await executor.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
    return codes;
  }

  /** Spends a code once (atomic: two requests with the same code cannot both pass). */
  async function accept(executor: Executor, userId: number, code: string): Promise<boolean> {
    const rows = await executor
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashOf(code)), isNull(mfaRecoveryCodes.usedAt)))
      .returning({ id: mfaRecoveryCodes.id });
    return rows.length > 0;
  }

  async function remove(executor: Executor, userId: number): Promise<void> {
    await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  }

  /** Whether the person was ever given codes for their current second factor (used or not). */
  async function given(executor: Executor, userId: number): Promise<boolean> {
    const [row] = await executor.select({ n: count() }).from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    return Number(row?.n ?? 0) > 0;
  }

  async function left(executor: Executor, userId: number): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  return { replace, accept, remove, given, left };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
