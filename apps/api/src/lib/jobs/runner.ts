import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { DatabaseListener, DatabaseListeners } from '../db-listener';
import { claim, complete, dueQueues, fail, insertJobs, queueNextSlot, release, type ClaimedJob } from './store';
import type { JobRunner, QueueDefinition, ScheduleDefinition } from './types';

/** The channel the jobs table's trigger (and the outbox's) notifies at commit; the payload is a queue. */
export const JOBS_CHANNEL = 'goc_jobs';
/** What the outbox's trigger sends: run the feeders. */
export const FEED_MESSAGE = 'events';

export interface RunnerSettings {
  /** Fallback when no notification arrives (a lost LISTEN, an item whose back-off ended). */
  pollMs: number;
  /** How long a claimed item is reserved beyond its handler's timeout (a process that dies leaves it to others after). */
  leaseMarginMs: number;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { pollMs: 3_000, leaseMarginMs: 30_000 };

export type Outcome = 'done' | 'failed' | 'dead' | 'timeout';

/** What the runner reports for the metrics. */
export interface RunnerObserver {
  attempt(queue: string, outcome: Outcome, seconds: number): void;
}

export class JobTimeoutError extends Error {
  constructor(seconds: number) {
    super(`tiempo agotado: el manejador no terminó en ${String(seconds)} s`);
  }
}

class Stopped extends Error {}

interface QueueState {
  definition: QueueDefinition;
  running: Set<Promise<void>>;
  claiming: Promise<void> | null;
  again: boolean;
}

/**
 * One mechanism for every background queue. Each queue runs on its own: up to `concurrency` items
 * at once, each under its own timeout (a hung handler's item is released as a failed attempt and the
 * others go on), and a slot that frees claims the next item. Wake-ups come from the commit of the
 * rows (NOTIFY goc_jobs through the process's one listener), from this process's writes, and from a
 * poll that also picks up items whose back-off has ended.
 */
export function createJobRunner(
  database: Database,
  listeners: DatabaseListeners,
  log: FastifyBaseLogger,
  settings: RunnerSettings,
  observer?: RunnerObserver,
): JobRunner {
  const { db } = database;
  const owner = `${hostname()}:${String(process.pid)}:${randomUUID().slice(0, 8)}`;
  const queues = new Map<string, QueueState>();
  const feeders: (() => Promise<boolean>)[] = [];
  /** Recurring queues, and until when this process knows their next slot is queued. */
  const schedules = new Map<string, { definition: ScheduleDefinition; queuedUntil: number }>();
  const controllers = new Set<AbortController>();
  let started = false;
  let draining = 0;
  let stopping: (() => void) | null = null;
  let stopped: Promise<never> = new Promise<never>(() => undefined);
  let poll: NodeJS.Timeout | null = null;
  let listener: DatabaseListener | null = null;
  let feeding: Promise<boolean> | null = null;
  let feedAgain = false;
  /** Items claimed by this process so far: drain() ends after a pass that claimed none. */
  let claims = 0;

  const active = () => started || draining > 0;

  async function runOne(state: QueueState, job: ClaimedJob): Promise<void> {
    const { definition } = state;
    const controller = new AbortController();
    controllers.add(controller);
    const begun = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new JobTimeoutError(definition.timeoutMs / 1000));
      }, definition.timeoutMs);
    });
    const work = Promise.resolve().then(() => definition.handle(job.payload, { db, signal: controller.signal, attempt: job.attempts }));
    // A handler that outlives its timeout may still reject: nobody waits for it any more.
    work.catch(() => undefined);
    let outcome: Outcome;
    try {
      await Promise.race([work, timeout, stopped]);
      await complete(db, job, owner);
      outcome = 'done';
    } catch (error) {
      if (error instanceof Stopped) {
        await release(db, job, owner);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const result = await fail(db, job, owner, message, definition);
      outcome = result === 'dead' ? 'dead' : error instanceof JobTimeoutError ? 'timeout' : 'failed';
      log.warn(
        { err: error, queue: definition.name, jobId: job.id, attempt: job.attempts },
        result === 'dead' ? 'una tarea en segundo plano agotó sus intentos; queda como fallida' : 'una tarea en segundo plano falló; se reintentará',
      );
    } finally {
      clearTimeout(timer);
      controllers.delete(controller);
    }
    observer?.attempt(definition.name, outcome, (performance.now() - begun) / 1000);
  }

  function start(state: QueueState, job: ClaimedJob): void {
    const run: Promise<void> = runOne(state, job)
      .catch((error: unknown) => log.error({ err: error, queue: state.definition.name, jobId: job.id }, 'no se pudo registrar el resultado de una tarea'))
      .finally(() => {
        state.running.delete(run);
        void pump(state);
      });
    state.running.add(run);
  }

  /** Claims into the free slots until the queue has nothing due. */
  function pump(state: QueueState): Promise<void> {
    if (!active()) return Promise.resolve();
    if (state.claiming) {
      state.again = true;
      return state.claiming;
    }
    const concurrency = state.definition.concurrency ?? 4;
    // No free slot: nothing to claim. (A pass that ended without awaiting would clear `claiming` before
    // it is assigned, leaving a settled promise there that settle() would wait on for ever, spinning.)
    if (state.running.size >= concurrency) return Promise.resolve();
    const leaseMs = state.definition.timeoutMs + settings.leaseMarginMs;
    state.claiming = (async () => {
      try {
        do {
          state.again = false;
          const room = concurrency - state.running.size;
          if (room <= 0) break;
          const claimed = await claim(db, state.definition.name, owner, room, leaseMs);
          claims += claimed.length;
          for (const job of claimed) start(state, job);
          if (claimed.length === room) state.again = true;
        } while (state.again && active());
      } catch (error) {
        log.error({ err: error, queue: state.definition.name }, 'no se pudieron tomar tareas en segundo plano; se reintentará');
      } finally {
        state.claiming = null;
      }
    })();
    return state.claiming;
  }

  /** The feeders, one pass at a time; a call during a pass asks for another. */
  function feed(): Promise<boolean> {
    if (feeding) {
      feedAgain = true;
      return feeding;
    }
    // As in pump: a pass that never awaits would leave a settled `feeding` behind.
    if (feeders.length === 0) return Promise.resolve(false);
    feeding = (async () => {
      let fed = false;
      try {
        do {
          feedAgain = false;
          for (const feeder of feeders) fed = (await feeder()) || fed;
        } while (feedAgain && active());
      } catch (error) {
        log.error({ err: error }, 'no se pudieron encolar los eventos; se reintentará');
      } finally {
        feeding = null;
      }
      return fed;
    })();
    return feeding;
  }

  function nudge(queue?: string): void {
    if (!started) return;
    if (queue === undefined || queue === FEED_MESSAGE) {
      void feed().then((fed) => {
        if (fed) for (const state of queues.values()) void pump(state);
      });
      if (queue === FEED_MESSAGE) return;
      for (const state of queues.values()) void pump(state);
      return;
    }
    const state = queues.get(queue);
    if (state) void pump(state);
  }

  /** Until no queue of this process is claiming or running (a finished item's slot claims the next). */
  async function settle(): Promise<void> {
    for (;;) {
      const busy = [...queues.values()].flatMap((state) => [...(state.claiming ? [state.claiming] : []), ...state.running]);
      if (busy.length === 0) return;
      await Promise.all(busy);
    }
  }

  /** Each schedule whose queued slot has come gets its next one queued. */
  async function queueSlots(): Promise<void> {
    for (const schedule of schedules.values()) {
      if (Date.now() < schedule.queuedUntil) continue;
      try {
        const slot = await queueNextSlot(db, schedule.definition.name, (after) => schedule.definition.next(after));
        schedule.queuedUntil = slot === null ? Number.POSITIVE_INFINITY : slot.getTime();
      } catch (error) {
        log.error({ err: error, queue: schedule.definition.name }, 'no se pudo programar la siguiente ejecución; se reintentará');
      }
    }
  }

  async function tick(): Promise<void> {
    await queueSlots();
    await feed();
    for (const queue of await dueQueues(db)) {
      const state = queues.get(queue);
      if (state) void pump(state);
    }
  }

  function define(definition: QueueDefinition): void {
    if (started) throw new Error(`queue ${definition.name} defined after the runner started`);
    if (queues.has(definition.name)) throw new Error(`queue ${definition.name} is defined twice`);
    queues.set(definition.name, { definition, running: new Set(), claiming: null, again: false });
  }

  return {
    define(definition) {
      define(definition as unknown as QueueDefinition);
    },
    schedule(definition) {
      define(definition as unknown as QueueDefinition);
      schedules.set(definition.name, { definition, queuedUntil: Number.NEGATIVE_INFINITY });
    },
    feed(feeder) {
      feeders.push(feeder);
    },
    enqueue: (executor, queue, items) => insertJobs(executor, queue, items),
    nudge,
    async drain() {
      draining += 1;
      try {
        await queueSlots();
        for (;;) {
          const before = claims;
          const fed = await feed();
          for (const state of queues.values()) void pump(state);
          await settle();
          if (!fed && claims === before) break;
        }
      } finally {
        draining -= 1;
      }
    },
    async start() {
      started = true;
      stopped = new Promise<never>((_, reject) => {
        stopping = () => reject(new Stopped());
      });
      stopped.catch(() => undefined);
      listener = listeners.listen(JOBS_CHANNEL, { onMessage: (payload) => nudge(payload || undefined) });
      await listener.start();
      poll = setInterval(() => void tick().catch((error: unknown) => log.error({ err: error }, 'la revisión de tareas en segundo plano falló')), settings.pollMs);
      poll.unref();
      await queueSlots();
      nudge();
    },
    async stop() {
      if (!started) return;
      started = false;
      if (poll) clearInterval(poll);
      poll = null;
      await listener?.close();
      listener = null;
      stopping?.();
      for (const controller of controllers) controller.abort();
      await feeding;
      await settle();
    },
    get queues() {
      return [...queues.keys()];
    },
  };
}
