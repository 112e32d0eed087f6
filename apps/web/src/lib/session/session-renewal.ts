import type { AxiosInstance } from 'axios';
import { MESSAGES, refreshResponseSchema, type RefreshRequest } from '@goc/contracts';
import { bearer } from '../api/request-basics';
import { lastActivity } from './activity';
import { withRefreshLock } from './refresh-lock';
import { getRefreshToken, getToken, storeTokens } from './session-store';
import { readTokenTimes } from './token-claims';

/** A request leaving this close to its token's expiry waits for a renewal first. */
const EXPIRY_MARGIN_MS = 10_000;
/**
 * No tab renews more often than this, whatever the tokens say: a device clock far ahead of the
 * server's would otherwise see every new token as already expiring.
 */
export const MIN_RENEWAL_INTERVAL_MS = 60_000;

let inFlight: Promise<string> | null = null;
let renewedAt = Number.NEGATIVE_INFINITY;

/**
 * POST /auth/refresh {refreshToken} with the old bearer (SPEC §7), one at a time in this tab and
 * across tabs (refresh-lock); the new pair is stored, and the other tabs read it from localStorage
 * (the `storage` event). A tab that waited while another renewed uses that tab's pair instead of
 * spending a refresh token already rotated. Resolves the access token to send.
 */
export function renewTokens(instance: AxiosInstance): Promise<string> {
  const seen = getRefreshToken();
  inFlight ??= withRefreshLock(async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) throw new Error(MESSAGES.noRefreshToken);
    const token = getToken();
    if (refreshToken !== seen && token) return token;
    const body: RefreshRequest = { refreshToken };
    const response = await instance.post('/auth/refresh', body, { skipAuthRefresh: true, headers: { Authorization: bearer(token ?? '') } });
    const tokens = refreshResponseSchema.parse(response.data);
    storeTokens(tokens);
    renewedAt = Date.now();
    return tokens.token;
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The earliest moment this tab may renew again (MIN_RENEWAL_INTERVAL_MS after its last renewal). */
export function renewalAllowedAt(): number {
  return renewedAt + MIN_RENEWAL_INTERVAL_MS;
}

/**
 * Before a request: a token about to expire is renewed first when the person was active within the
 * inactivity limit, so a session in use never meets the 401 of SPEC §4. Without recent activity the
 * request goes as it is and SPEC §4 decides; a failed renewal leaves that decision to the 401 too.
 */
export async function ensureFreshToken(instance: AxiosInstance, now: number = Date.now()): Promise<void> {
  const token = getToken();
  if (!token) return;
  const { expiresAt, idleMs } = readTokenTimes(token);
  if (expiresAt === null || expiresAt - now > EXPIRY_MARGIN_MS || now < renewalAllowedAt()) return;
  const last = lastActivity();
  if (last === null || now - last >= idleMs) return;
  await renewTokens(instance).catch(() => undefined);
}
