import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { renewTokens } from '../session/session-renewal';
import { getToken, isKeepSession } from '../session/session-store';
import { bearer } from './request-basics';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The 401 of this call is the caller's business (login, refresh, logout): no refresh, no logout. */
    skipAuthRefresh?: boolean;
    /** Set on the replay of a request that already triggered a refresh: it never refreshes twice. */
    authRetried?: boolean;
  }
}

function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * The 401 rules of SPEC §4 / §8:
 * - no stored token → the error passes through unchanged;
 * - keep_session not 'true' → the session expires (storage wiped, /login);
 * - keep_session 'true' → one refresh shared by every concurrent 401 (and by the other tabs:
 *   lib/session/session-renewal), each request replayed once with the new token; a failed refresh
 *   (or no refresh token) expires the session.
 */
export function installRefreshInterceptor(instance: AxiosInstance, expireSession: () => void): void {
  let refreshing: Promise<string> | null = null;

  const refreshOnce = (): Promise<string> => {
    refreshing ??= renewTokens(instance)
      .catch((error: unknown) => {
        // Expire once for the whole batch; the waiting requests only reject.
        expireSession();
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config;
    const stored = getToken();
    if (!stored || config.skipAuthRefresh) throw error;
    if (!isKeepSession() || config.authRetried) {
      expireSession();
      throw error;
    }
    // A request sent with an older token than the stored one lost a race with a refresh that already
    // finished: it only needs the replay.
    const token = sentToken(config) !== stored ? stored : await refreshOnce();
    config.authRetried = true;
    config.headers.set('Authorization', bearer(token));
    return instance.request(config);
  });
}
