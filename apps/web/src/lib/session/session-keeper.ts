import { lastActivity, subscribeActivity } from './activity';
import { renewalAllowedAt } from './session-renewal';
import { getToken, isKeepSession } from './session-store';
import { subscribeStorage } from './storage-signal';
import { readTokenTimes } from './token-claims';

/** The warning comes this long before an inactivity end. */
export const IDLE_WARNING_MS = 2 * 60_000;
/** The access token is renewed this long before it expires (a hidden tab's timers may run a minute late). */
export const RENEW_BEFORE_MS = 2 * 60_000;
/** After a renewal that failed without ending the session (no connection), the next try. */
const RETRY_AFTER_MS = 30_000;

export interface SessionKeeperOptions {
  /** Renews the tokens (session-renewal's renewTokens); rejects when it could not. */
  renew: () => Promise<void>;
  /** The session saw no activity within the inactivity limit: end it. */
  endForInactivity: () => void;
}

export interface SessionKeeper {
  /** Epoch ms of the inactivity end being warned about, or null (no warning shown). */
  warningUntil: () => number | null;
  subscribe: (listener: () => void) => () => void;
  /** «Seguir conectado»: renews at once. */
  stayConnected: () => void;
  stop: () => void;
}

/**
 * Keeps a session alive while the person works (docs/spec.md "Session renewal", an addition to
 * SPEC §4), with or without keep_session: while they were active within the inactivity limit, the
 * access token is renewed RENEW_BEFORE_MS before it expires. Without keep_session the session ends
 * after the limit (the access token's claim, GOC_IDLE_MINUTES) without activity, with a warning
 * IDLE_WARNING_MS before. Plans again on any activity and on any change of the stored session (a
 * renewal or an end in another tab).
 */
export function startSessionKeeper({ renew, endForInactivity }: SessionKeeperOptions): SessionKeeper {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let warning: number | null = null;
  let renewing = false;
  let retryAt = 0;
  const listeners = new Set<() => void>();

  const setWarning = (until: number | null) => {
    if (until === warning) return;
    warning = until;
    for (const listener of listeners) listener();
  };

  const renewNow = () => {
    if (renewing) return;
    renewing = true;
    renew()
      .then(() => {
        retryAt = 0;
      })
      .catch(() => {
        retryAt = Date.now() + RETRY_AFTER_MS;
      })
      .finally(() => {
        renewing = false;
        plan();
      });
  };

  function plan() {
    clearTimeout(timer);
    timer = undefined;
    const token = getToken();
    if (!token) {
      setWarning(null);
      return;
    }
    const now = Date.now();
    const { expiresAt, idleMs } = readTokenTimes(token);
    const last = lastActivity() ?? now;
    const wakeAt: number[] = [];
    if (!isKeepSession()) {
      const idleEnd = last + idleMs;
      if (now >= idleEnd) {
        setWarning(null);
        endForInactivity();
        return;
      }
      const warnAt = idleEnd - IDLE_WARNING_MS;
      // Activity while warned — «Seguir conectado» pressed, a key, another tab — renews at once.
      if (warning !== null && now < warnAt) renewNow();
      setWarning(now >= warnAt ? idleEnd : null);
      wakeAt.push(now >= warnAt ? idleEnd : warnAt);
    }
    // Renewed only for someone active within the limit: a keep_session tab left alone meets SPEC §4's 401 refresh when they return.
    if (expiresAt !== null && now - last < idleMs && !renewing) {
      const renewAt = Math.max(expiresAt - RENEW_BEFORE_MS, retryAt, renewalAllowedAt());
      if (now >= renewAt) renewNow();
      else wakeAt.push(renewAt);
    }
    if (wakeAt.length > 0) timer = setTimeout(plan, Math.max(0, Math.min(...wakeAt) - now));
  }

  const stopActivity = subscribeActivity(plan);
  const stopStorage = subscribeStorage(plan);
  // Timers of a hidden tab or a sleeping device run late: coming back plans at once.
  document.addEventListener('visibilitychange', plan);
  plan();

  return {
    warningUntil: () => warning,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stayConnected: () => {
      setWarning(null);
      renewNow();
    },
    stop: () => {
      clearTimeout(timer);
      stopActivity();
      stopStorage();
      document.removeEventListener('visibilitychange', plan);
      listeners.clear();
    },
  };
}
