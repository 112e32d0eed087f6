import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessPeers, type AccessPeers, type PeerTiming } from '../src/lib/access-peers';
import { until } from './helpers/until';

/*
 * The agreement between API processes on PostgreSQL, over an in-memory channel that behaves as
 * LISTEN/NOTIFY does (every listener gets every message, in the order they were sent) and whose
 * delivery to one process can be held back, as for a process whose listener is stuck.
 */

const TIMING: PeerTiming = { leaseMs: 300, pingMs: 50 };

interface Process {
  peers: AccessPeers;
  warn: ReturnType<typeof vi.fn>;
  /** Messages held back while the process is stuck. */
  held: string[] | null;
  listening: boolean;
}

function channel() {
  const processes: Process[] = [];
  const deliver = (to: Process, payload: string) => {
    if (!to.listening) return;
    if (to.held) to.held.push(payload);
    else to.peers.handle(payload);
  };
  const spawn = (): Process => {
    const warn = vi.fn();
    const log = { warn, error: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const proc: Process = { warn, held: null, listening: false, peers: undefined as unknown as AccessPeers };
    proc.peers = createAccessPeers(
      {
        async send(payload) {
          if (!proc.listening) throw new Error('sin escucha');
          // Delivered after the sender's statement returns, as a NOTIFY is at commit.
          setImmediate(() => {
            for (const to of processes) deliver(to, payload);
          });
        },
      },
      log,
      TIMING,
    );
    processes.push(proc);
    return proc;
  };
  const listen = (proc: Process) => {
    proc.listening = true;
    proc.peers.started();
  };
  const unstick = (proc: Process) => {
    const held = proc.held ?? [];
    proc.held = null;
    for (const payload of held) proc.peers.handle(payload);
  };
  return { spawn, listen, unstick, processes };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


let open: Process[] = [];
afterEach(async () => {
  for (const p of open) await p.peers.close();
  open = [];
});

/** Two processes listening, each with a lease. */
async function listeningPair() {
  const bus = channel();
  const a = bus.spawn();
  const b = bus.spawn();
  open = [a, b];
  bus.listen(a);
  bus.listen(b);
  await until(() => a.peers.fresh && b.peers.fresh);
  return { bus, a, b };
}

/** Two processes that have listened for longer than a lease, so a barrier knows every process. */
async function settledPair() {
  const pair = await listeningPair();
  await sleep(TIMING.leaseMs + 20);
  return pair;
}

describe('access peers', () => {
  it('ends a barrier on every process acknowledging it, none left to wait for', async () => {
    const { a, b } = await settledPair();
    await a.peers.barrier();
    expect(a.warn).not.toHaveBeenCalled();
    expect(b.peers.fresh).toBe(true);
  });

  it('waits out the lease of a process that does not answer, which by then answers from the database', async () => {
    const { a, b } = await settledPair();
    b.held = [];
    await a.peers.barrier();
    expect(a.warn).toHaveBeenCalledWith({ silent: [b.peers.id] }, expect.any(String));
    // Its pings are stuck with the barrier: its lease ran out before A answered.
    expect(b.peers.fresh).toBe(false);
  });

  it('counts a process that started listening again (keeping nothing) as having heard', async () => {
    const { bus, a, b } = await settledPair();
    b.held = [];
    const barrier = a.peers.barrier();
    await sleep(20);
    b.listening = false;
    b.peers.stopped();
    b.held = null;
    bus.listen(b);
    await barrier;
    expect(a.warn).not.toHaveBeenCalled();
  });

  it('is not sure of the other processes within a lease of starting to listen', async () => {
    const { a } = await listeningPair();
    const started = Date.now();
    await a.peers.barrier();
    // A process that stopped just before A listened may still answer from memory: only the lease is sure.
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMING.leaseMs - 60);
  });

  it('tells a caller it cannot vouch for what it heard while it does not listen', async () => {
    const { bus, a } = await settledPair();
    expect(await a.peers.caughtUp()).toBe(true);
    a.listening = false;
    a.peers.stopped();
    expect(a.peers.fresh).toBe(false);
    expect(await a.peers.caughtUp()).toBe(false);
    bus.listen(a);
    await until(() => a.peers.fresh);
  });

  it('keeps a stuck process out of its memory until it has heard everything', async () => {
    const { bus, b } = await settledPair();
    b.held = [];
    await until(() => !b.peers.fresh);
    bus.unstick(b);
    await until(() => b.peers.fresh);
  });
});
