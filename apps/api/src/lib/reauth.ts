import { and, eq, sql } from 'drizzle-orm';
import { MFA_MESSAGES, REAUTHENTICATION_MINUTES, REAUTHENTICATION_REQUIRED } from '@goc/contracts';
import type { Executor } from '../db/client';
import { sessionAuthentications } from '../db/schema';
import { AppError } from './errors';

/*
 * Re-authentication (ASVS 5.0 7.5.3, docs/security.md): sensitive changes need the password or the
 * second factor within the last REAUTHENTICATION_MINUTES of the login that asks. Signing in counts;
 * POST /auth/reauthenticate renews it. Kept in the database, so every API process agrees.
 */

/** 403 the SPA answers by asking for the password («Confirma tu contraseña») and retrying. */
export class ReauthenticationRequiredError extends AppError {
  constructor() {
    super(403, MFA_MESSAGES.reauthenticate);
  }

  override get error(): string {
    return REAUTHENTICATION_REQUIRED;
  }
}

/** The login `familyId` of `userId` proved who it is at `at` (sign-in, re-authentication, a second factor). */
export async function recordAuthentication(executor: Executor, userId: number, familyId: string, at: Date): Promise<void> {
  await executor
    .insert(sessionAuthentications)
    .values({ familyId, userId, authenticatedAt: at })
    .onConflictDoUpdate({ target: sessionAuthentications.familyId, set: { authenticatedAt: at } });
}

export async function assertRecentlyAuthenticated(executor: Executor, userId: number, familyId: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - REAUTHENTICATION_MINUTES * 60_000);
  const [row] = await executor
    .select({ at: sessionAuthentications.authenticatedAt })
    .from(sessionAuthentications)
    .where(
      and(
        eq(sessionAuthentications.familyId, familyId),
        eq(sessionAuthentications.userId, userId),
        sql`${sessionAuthentications.authenticatedAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  if (!row) throw new ReauthenticationRequiredError();
}

const under = (url: string, base: string) => url === base || url.startsWith(`${base}/`);

/**
 * The sensitive changes, by route pattern (a route added under these paths is covered without saying
 * so): managing users, changing roles and their permissions, creating an API key, registering or
 * removing a passkey. Changing one's password and disabling two-factor ask for the password in their
 * own body instead.
 */
export function needsRecentAuthentication(method: string, routeUrl: string): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return false;
  const url = routeUrl.replace(/^\/api\/v2(?=\/)/, '');
  if (method === 'POST' && url === '/api-keys') return true;
  if (under(url, '/auth/mfa/passkeys')) return url !== '/auth/mfa/passkeys/authentication-options';
  return ['/users', '/roles'].some((base) => under(url, base));
}
