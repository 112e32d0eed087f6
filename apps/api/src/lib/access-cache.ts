import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listenTo } from './db-listener';

/*
 * The access check's session look-up kept in memory, never stale: the database announces on
 * ACCESS_CHANNEL (migration 0018) every change that can end a session or change a role's
 * permissions, at the commit of that change. The embedded database delivers the announcement as the
 * committing statement returns, so the next request already sees it. On PostgreSQL, where another
 * process would hear it a moment later, every request still reads the database.
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
  readonly listening: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createAccessCache(database: Database, log: FastifyBaseLogger): AccessCache {
  const sessions = new Map<string, SessionRow>();
  /** Raised by every change heard for a user: a read that began before it is not kept. */
  const userChanges = new Map<number, number>();
  let roleChanges = 0;
  /** Raised whenever listening starts or stops. */
  let generation = 0;

  const forgetWhere = (drop: (row: SessionRow) => boolean) => {
    for (const [key, row] of sessions) if (drop(row)) sessions.delete(key);
  };
  const heard = (payload: string) => {
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
  const listener = listenTo(
    database,
    ACCESS_CHANNEL,
    {
      onMessage: heard,
      onState() {
        generation += 1;
        sessions.clear();
      },
    },
    log,
  );

  return {
    async session(userId, familyId, load) {
      // PostgreSQL delivers NOTIFY to other processes asynchronously: a request could arrive before
      // the change it must see (it did, in CI under load). There the look-up reads the database.
      if (database.kind === 'postgres') return load();
      const key = `${userId}\u0000${familyId}`;
      const kept = listener.listening ? sessions.get(key) : undefined;
      if (kept) return kept;
      const before = { user: userChanges.get(userId) ?? 0, roles: roleChanges, generation };
      const row = await load();
      const unchanged = before.user === (userChanges.get(userId) ?? 0) && before.roles === roleChanges && before.generation === generation;
      // Only live sessions are kept: an ended one never comes back, and is refused from the database.
      if (row && row.active && row.familyEndsAt !== null && listener.listening && unchanged) {
        if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
        sessions.set(key, row);
      }
      return row;
    },
    get listening() {
      return listener.listening;
    },
    start: () => (database.kind === 'postgres' ? Promise.resolve() : listener.start()),
    close: () => listener.close(),
  };
}
