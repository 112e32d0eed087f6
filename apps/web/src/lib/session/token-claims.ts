import { DEFAULT_IDLE_MINUTES, IDLE_MINUTES_CLAIM } from '@goc/contracts';

/** What the SPA reads from its access token: when it expires and the server's inactivity limit. */
export interface TokenTimes {
  /** Epoch ms of `exp`; null when the token says nothing readable (the SPA then never renews early). */
  expiresAt: number | null;
  idleMs: number;
}

const MINUTE = 60_000;

/**
 * The payload of a JWT, unverified: the server checks signatures, the SPA only plans when to renew.
 * A token that is not a readable JWT gives no expiry and the default inactivity limit.
 */
export function readTokenTimes(token: string): TokenTimes {
  let payload: Record<string, unknown> = {};
  try {
    const part = token.split('.')[1] ?? '';
    const parsed: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
  } catch {
    // Not a JWT: nothing to plan with.
  }
  const exp = payload.exp;
  const idle = payload[IDLE_MINUTES_CLAIM];
  return {
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null,
    idleMs: (typeof idle === 'number' && Number.isFinite(idle) && idle > 0 ? idle : DEFAULT_IDLE_MINUTES) * MINUTE,
  };
}
