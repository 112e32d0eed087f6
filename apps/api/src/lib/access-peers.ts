import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/*
 * How API processes sharing one PostgreSQL database keep their in-memory access checks never stale.
 * PostgreSQL delivers a NOTIFY to each listening connection a moment after the commit, and delivers
 * the notifications of different transactions in commit order. Two rules build on that:
 *
 * - Lease: a process answers from memory only while its listener has echoed, within `leaseMs`, a
 *   ping it sent itself. The echo arrives after every change committed before the ping, so a live
 *   lease means the process has heard them all; a stuck or cut-off listener loses it within leaseMs.
 * - Barrier: a request whose process heard an access change while it ran answers only after every
 *   process that may hold a lease has acknowledged a barrier message sent after that change (so it
 *   dropped what it kept), or once the lease of any that stayed silent has surely run out. Every
 *   listener hears every ping, so a process that listened for the whole last lease knows who may
 *   hold one: whoever it heard ping within it.
 *
 * Messages on the channel, besides the database's own `user:<id>` and `role:<id>`:
 * `sync:<from>:<n>` (an echo to oneself), `barrier:<from>:<n>`, `ack:<to>:<n>:<from>`,
 * `hello:<from>` (started listening, with nothing kept) and `bye:<from>` (closing).
 */

export interface PeerTransport {
  /** NOTIFY on the access channel through this process's listener; rejects when it cannot. */
  send(payload: string): Promise<void>;
}

export interface AccessPeers {
  /** This process's id in the messages. */
  readonly id: string;
  /** Whether this process may answer from memory now: listening, with a live lease. */
  readonly fresh: boolean;
  /** Handles a message of the protocol; false for any other payload (a change to apply). */
  handle(payload: string): boolean;
  /** The listener started (a connection, or a new one after a loss); nothing is kept at that point. */
  started(): void;
  stopped(): void;
  /** Resolves true once this process heard every notification committed before the call; false when it cannot tell. */
  caughtUp(): Promise<boolean>;
  /** Resolves once no process can still answer from what it kept before the call. */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

export interface PeerTiming {
  /** How long an echo keeps a process's answers from memory valid. */
  leaseMs: number;
  /** How often each process renews its lease. */
  pingMs: number;
}

const DEFAULT_PEER_TIMING: PeerTiming = { leaseMs: 2_000, pingMs: 500 };

export function createAccessPeers(transport: PeerTransport, log: FastifyBaseLogger, timing: PeerTiming = DEFAULT_PEER_TIMING): AccessPeers {
  const id = randomBytes(6).toString('hex');
  const { leaseMs, pingMs } = timing;
  let sequence = 0;
  let listening = false;
  let closing = false;
  /** When the listener last started; a barrier within leaseMs of it cannot know every process. */
  let listeningSince = -Infinity;
  let leaseUntil = -Infinity;
  const echoes = new Map<number, (heard: boolean) => void>();
  const barriers = new Map<number, { acks: Set<string>; settle?: () => void }>();
  /** Other processes, and when this one last heard them renew their lease. */
  const seen = new Map<string, number>();

  const send = (payload: string) =>
    transport.send(payload).then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error }, 'no se pudo avisar a los demás procesos de la API');
        return false;
      },
    );

  const acknowledged = (n: number, from: string) => {
    const barrier = barriers.get(n);
    if (!barrier) return;
    barrier.acks.add(from);
    barrier.settle?.();
  };

  const echo = (): Promise<boolean> => {
    const n = ++sequence;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), leaseMs);
      const done = (heard: boolean) => {
        clearTimeout(timer);
        echoes.delete(n);
        resolve(heard);
      };
      echoes.set(n, done);
      void send(`sync:${id}:${n}`).then((sent) => sent || done(false));
    });
  };

  const renew = async () => {
    const sentAt = performance.now();
    if (await echo()) leaseUntil = Math.max(leaseUntil, sentAt + leaseMs);
  };

  const ping = setInterval(() => {
    if (listening && !closing) void renew();
  }, pingMs);
  ping.unref();

  const handle = (payload: string): boolean => {
    const [kind, from, n, other] = payload.split(':');
    if (!from) return false;
    switch (kind) {
      case 'sync':
        if (from === id) echoes.get(Number(n))?.(true);
        else seen.set(from, performance.now());
        return true;
      case 'barrier':
        if (from === id) acknowledged(Number(n), id);
        else void send(`ack:${from}:${n}:${id}`);
        return true;
      case 'ack':
        if (from === id && other) acknowledged(Number(n), other);
        return true;
      case 'hello':
        // It kept nothing when it started listening: as good as an acknowledgement.
        if (from !== id) for (const key of barriers.keys()) acknowledged(key, from);
        return true;
      case 'bye':
        seen.delete(from);
        for (const key of barriers.keys()) acknowledged(key, from);
        return true;
      default:
        return false;
    }
  };

  return {
    id,
    get fresh() {
      return listening && !closing && performance.now() < leaseUntil;
    },
    handle,
    started() {
      listening = true;
      listeningSince = performance.now();
      void send(`hello:${id}`);
      void renew();
    },
    stopped() {
      listening = false;
      leaseUntil = -Infinity;
      for (const done of [...echoes.values()]) done(false);
    },
    async caughtUp() {
      if (!listening) return false;
      const sentAt = performance.now();
      const heard = await echo();
      if (heard) leaseUntil = Math.max(leaseUntil, sentAt + leaseMs);
      return heard;
    },
    async barrier() {
      const n = ++sequence;
      const state: { acks: Set<string>; settle?: () => void } = { acks: new Set() };
      barriers.set(n, state);
      try {
        const before = performance.now();
        const sent = listening && (await send(`barrier:${id}:${n}`));
        // The barrier is committed now: a lease renewed before it ends by the deadline.
        const deadline = performance.now() + leaseMs;
        const since = before - leaseMs;
        // Having listened for a whole lease, this process heard every renewal that may still hold.
        const sure = sent && listeningSince <= since;
        // Counted once this process heard its own barrier, hence every renewal committed before it.
        const silent = () => [...seen].filter(([peer, at]) => at >= since && !state.acks.has(peer)).map(([peer]) => peer);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, Math.max(0, deadline - performance.now()));
          function finish() {
            clearTimeout(timer);
            state.settle = undefined;
            resolve();
          }
          state.settle = () => {
            if (sure && state.acks.has(id) && silent().length === 0) finish();
          };
          state.settle();
        });
        const unanswered = sure ? silent() : [];
        if (unanswered.length > 0) log.warn({ silent: unanswered }, 'procesos de la API sin confirmar un cambio de acceso; se esperó a que caducara su caché');
        for (const [peer, at] of seen) if (at < since) seen.delete(peer);
      } finally {
        barriers.delete(n);
      }
    },
    async close() {
      closing = true;
      clearInterval(ping);
      if (listening) await send(`bye:${id}`);
    },
  };
}
