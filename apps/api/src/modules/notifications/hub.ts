import type { ServerResponse } from 'node:http';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationItem } from '@goc/contracts';
import type { NotificationSettings } from './settings';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import type { Delivered } from './bus';

/*
 * The open streams of this process, by user. A new notification (from the bus) goes to the user's
 * streams; one timer sends every stream its heartbeat and ends those whose session ended (logout,
 * deactivation, expiry) — one query for all of them.
 */

interface Stream {
  userId: number;
  familyId: string;
  response: ServerResponse;
  /** Highest id written: a resumed stream's backlog and the live messages never repeat one. */
  lastId: number;
  /** Live messages held while the backlog is read. */
  pending: NotificationItem[] | null;
}

const eventText = (item: NotificationItem) => `id: ${item.id}\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`;

export interface StreamHub {
  /** Starts a stream; `backlog` reads what was missed (Last-Event-ID) before live messages flow. */
  open(userId: number, familyId: string, response: ServerResponse, backlog: () => Promise<NotificationItem[]>): Promise<void>;
  publish(delivered: Delivered): void;
  /** Open streams (the load benchmark reads it). */
  size(): number;
  start(): void;
  close(): void;
}

export function createStreamHub(db: Db, settings: NotificationSettings): StreamHub {
  const byUser = new Map<number, Set<Stream>>();
  const timers: NodeJS.Timeout[] = [];

  const write = (stream: Stream, item: NotificationItem) => {
    if (item.id <= stream.lastId) return;
    stream.lastId = item.id;
    stream.response.write(eventText(item));
  };

  const remove = (stream: Stream) => {
    const set = byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) byUser.delete(stream.userId);
  };

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  async function endDeadSessions(): Promise<void> {
    const streams = all();
    if (streams.length === 0) return;
    const families = [...new Set(streams.map((s) => s.familyId))];
    const live = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          inArray(refreshTokens.familyId, families),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.familyExpiresAt, sql`now()`),
          eq(users.active, true),
        ),
      );
    const alive = new Set(live.map((r) => r.familyId));
    for (const stream of streams) if (!alive.has(stream.familyId)) stream.response.end();
  }

  return {
    async open(userId, familyId, response, backlog) {
      const stream: Stream = { userId, familyId, response, lastId: 0, pending: [] };
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(stream);
      response.on('close', () => remove(stream));
      try {
        for (const item of await backlog()) write(stream, item);
      } finally {
        const held = stream.pending ?? [];
        stream.pending = null;
        for (const item of held) write(stream, item);
      }
    },
    publish({ userId, item }) {
      for (const stream of byUser.get(userId) ?? []) {
        if (stream.pending) stream.pending.push(item);
        else write(stream, item);
      }
    },
    size: () => all().length,
    start() {
      const heartbeat = setInterval(() => {
        for (const stream of all()) stream.response.write(': latido\n\n');
      }, settings.heartbeatMs);
      const sessions = setInterval(() => void endDeadSessions().catch(() => undefined), settings.sessionCheckMs);
      heartbeat.unref();
      sessions.unref();
      timers.push(heartbeat, sessions);
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      for (const stream of all()) stream.response.end();
      byUser.clear();
    },
  };
}
