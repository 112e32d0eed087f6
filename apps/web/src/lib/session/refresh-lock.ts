/**
 * One token refresh at a time across the browser's tabs: a refresh token is spent by its first use,
 * and the server treats a second use as theft (the whole login is revoked). The Web Locks API
 * serialises the tabs; where it is missing, a short lease in localStorage does.
 */
const LOCK_NAME = 'goc-session-refresh';
const LEASE_KEY = 'goc.session.refreshLease';
/** A lease older than this is abandoned (its tab closed mid-refresh). */
const LEASE_MS = 10_000;
/** Wait before confirming a lease: a rival tab's write lands within it. */
const SETTLE_MS = 50;
const RETRY_MS = 100;

const tabId = Math.random().toString(36).slice(2);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Lease {
  owner: string;
  until: number;
}

function readLease(): Lease | null {
  try {
    const lease = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as Lease | null;
    return lease && typeof lease.owner === 'string' && typeof lease.until === 'number' ? lease : null;
  } catch {
    return null;
  }
}

async function withLease<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    const lease = readLease();
    if (!lease || lease.owner === tabId || lease.until <= Date.now()) {
      localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: tabId, until: Date.now() + LEASE_MS }));
      await wait(SETTLE_MS);
      if (readLease()?.owner === tabId) break;
    }
    await wait(RETRY_MS);
  }
  try {
    return await work();
  } finally {
    if (readLease()?.owner === tabId) localStorage.removeItem(LEASE_KEY);
  }
}

/** Runs `work` while no other tab of this browser refreshes. */
export function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') return locks.request(LOCK_NAME, work) as Promise<T>;
  return withLease(work);
}
