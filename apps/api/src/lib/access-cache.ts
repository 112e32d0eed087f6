import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createAccessPeers, type AccessPeers } from './access-peers';
import type { DatabaseListeners } from './db-listener';

/*
 * The access check's session look-up kept in memory, never stale: the database announces on
 * ACCESS_CHANNEL (migration 0018) every change that can end a session or change a role's
 * permissions, at the commit of that change. The embedded database delivers the announcement as the
 * committing statement returns, so the next request already sees it. On PostgreSQL other processes
 * hear it a moment later: there a request that changed access answers only once every process has
 * confirmed it heard the change, and a process answers from memory only while its listener is
 * provably up to date (access-peers.ts).
 */

export const ACCESS_CHANNEL = 'goc_access';

/** What the access check knows of a user's login. */
export interface SessionRow {
  id: number;
  username: string;
  roleId: number;
  active: boolean;
  accessVersion: number;
  /** When the login (refresh-token family) ends, in ms since the epoch; null once it was ended. */
  familyEndsAt: number | null;
}

/** Logins kept at once; the oldest go first. */
const MAX_SESSIONS = 10_000;

export interface AccessCache {
  /** The session of this user and login: kept, or read with `load` (and kept when nothing changed meanwhile). */
  session(userId: number, familyId: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined>;
  /** Whether answers may come from memory now. */
  readonly listening: boolean;
  /** How many access changes this process has heard: taken before a write, handed to `settle` after it. */
  readonly changesHeard: number;
  /**
   * After a write, before its answer: when the write may have changed access, waits until no
   * process can still answer from what it kept before. Immediate on the embedded database.
   */
  settle(changesHeardBefore: number): Promise<void>;
  /** PostgreSQL: the app's listening connection's application_name (tests end it to cut the listener). */
  readonly listenerName: string | null;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createAccessCache(database: Database, listeners: DatabaseListeners, log: FastifyBaseLogger): AccessCache {
  const sessions = new Map<string, SessionRow>();
  /** Raised by every change heard for a user: a read that began before it is not kept. */
  const userChanges = new Map<number, number>();
  let roleChanges = 0;
  /** Raised whenever listening starts or stops. */
  let generation = 0;
  let changesHeard = 0;

  const forgetWhere = (drop: (row: SessionRow) => boolean) => {
    for (const [key, row] of sessions) if (drop(row)) sessions.delete(key);
  };
  const heard = (payload: string) => {
    if (peers?.handle(payload)) return;
    changesHeard += 1;
    const [kind, id] = payload.split(':');
    const n = Number(id);
    if (kind === 'user' && Number.isInteger(n)) {
      userChanges.set(n, (userChanges.get(n) ?? 0) + 1);
      forgetWhere((row) => row.id === n);
    } else if (kind === 'role' && Number.isInteger(n)) {
      roleChanges += 1;
      forgetWhere((row) => row.roleId === n);
    } else {
      generation += 1;
      sessions.clear();
    }
  };
  const peers: AccessPeers | null =
    database.driver.kind === 'postgres' ? createAccessPeers({ send: (payload) => listener.send(payload) }, log) : null;
  const listener = listeners.listen(ACCESS_CHANNEL, {
      onMessage: heard,
      onState(listening) {
        generation += 1;
        sessions.clear();
        if (listening) peers?.started();
        else peers?.stopped();
      },
  });
  const usable = () => listener.listening && (peers?.fresh ?? true);

  return {
    async session(userId, familyId, load) {
      const key = `${userId}\u0000${familyId}`;
      const kept = usable() ? sessions.get(key) : undefined;
      if (kept) return kept;
      const before = { user: userChanges.get(userId) ?? 0, roles: roleChanges, generation };
      const row = await load();
      const unchanged = before.user === (userChanges.get(userId) ?? 0) && before.roles === roleChanges && before.generation === generation;
      // Only live sessions are kept: an ended one never comes back, and is refused from the database.
      if (row && row.active && row.familyEndsAt !== null && usable() && unchanged) {
        if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
        sessions.set(key, row);
      }
      return row;
    },
    get listening() {
      return usable();
    },
    get changesHeard() {
      return changesHeard;
    },
    async settle(before) {
      if (!peers) return;
      // Every change committed by this write was heard once the echo is back; a change heard meanwhile
      // may be another request's, and waiting for it too is only slower.
      const heardAll = await peers.caughtUp();
      if (!heardAll || changesHeard > before) await peers.barrier();
    },
    listenerName: listeners.connectionName,
    start: () => listener.start(),
    async close() {
      await peers?.close();
      await listener.close();
    },
  };
}
