import { API_BASE_URL } from '../api/request-basics';
import { lastActivity, markActivity } from './activity';
import { browserSessionMarked } from './browser-session';
import { noteSessionEnd } from './session-end';
import { getRefreshToken, getToken, isKeepSession, wipeStorage } from './session-store';
import { readTokenTimes } from './token-claims';

/** Ends the login on the server (POST /auth/logout), without waiting and without the HTTP client's chunk. */
export function revokeRefreshToken(refreshToken: string): void {
  void fetch(`${API_BASE_URL}/auth/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * On page load, before any request: a session without keep_session whose browser was closed since
 * it began (no mark), or that saw no activity within the inactivity limit (the tabs were closed,
 * the browser kept), is over — its tokens are wiped and revoked, and the guard sends the person to
 * /login. Otherwise opening the page is the person's activity.
 */
export function settleStoredSession(now: number = Date.now()): void {
  const token = getToken();
  if (!token) return;
  if (!isKeepSession()) {
    const last = lastActivity();
    const idle = last !== null && now - last >= readTokenTimes(token).idleMs;
    if (!browserSessionMarked() || idle) {
      const refreshToken = getRefreshToken();
      // After a browser restart the person expects to sign in; after a long pause they are told why.
      if (idle) noteSessionEnd('idle');
      wipeStorage();
      if (refreshToken) revokeRefreshToken(refreshToken);
      return;
    }
  }
  markActivity(now);
}
