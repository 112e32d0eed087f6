import type { Db, Executor } from '../../db/client';

/**
 * The wait after a failed attempt n: baseMs × 2^(n − 1), at most maxMs; or the n-th of a list of
 * waits (its last one beyond the list), where a queue promises its callers a schedule.
 */
export type Backoff = { baseMs: number; maxMs: number } | { delaysMs: readonly number[] };

/** How one queue's items are run. */
export interface QueueDefinition<Payload = Record<string, unknown>> {
  /** Stable: rows carry it. */
  name: string;
  /**
   * Runs one item. Throwing (or passing `timeoutMs`) counts a failed attempt; the item comes back
   * after a back-off, and after `maxAttempts` it is dead. Handlers are idempotent: an item may run
   * again (a lease lapsed, a process died after the work but before the item was deleted).
   * `signal` aborts when the attempt timed out or the runner stops.
   */
  handle(payload: Payload, context: { db: Db; signal: AbortSignal; attempt: number }): Promise<void>;
  maxAttempts: number;
  timeoutMs: number;
  backoff: Backoff;
  /** Items of this queue run at once in one process (default 4). */
  concurrency?: number;
}

/**
 * A recurring queue: one item per slot of its schedule, whichever processes run. The item of the
 * next slot is queued (once across processes) ahead of time; a slot missed while no process ran is
 * run once when one starts, and slots of one schedule never run side by side.
 */
export interface ScheduleDefinition extends QueueDefinition<{ slot: string }> {
  /** The first slot strictly after `after` (the database's clock); null: off (waiting slots are dropped). */
  next(after: Date): Date | null;
}

export interface NewJob {
  /** Items with the same key run one at a time, in the order they were queued. */
  key?: string | null;
  payload: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAt?: Date;
}

export interface QueueFigures {
  queue: string;
  pending: number;
  /** Age of the oldest pending item, seconds; null without one. */
  oldestPendingSeconds: number | null;
  dead: number;
}

export interface DeadJob {
  id: number;
  queue: string;
  key: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deadAt: Date | null;
  payload: Record<string, unknown>;
}

/** The app's background jobs (`app.jobs`). */
export interface JobRunner {
  /** Registers a queue; call while plugins register, before `ready()`. */
  define<Payload extends Record<string, unknown>>(definition: QueueDefinition<Payload>): void;
  /** Registers a recurring queue (see ScheduleDefinition); like define(), before `ready()`. */
  schedule(definition: ScheduleDefinition): void;
  /**
   * Work that queues jobs from elsewhere (the outbox's fan-out), run before the queues are looked
   * at on every wake-up; resolves to whether it queued something.
   */
  feed(feeder: () => Promise<boolean>): void;
  /** Queues items with the given executor: inside a transaction they exist only if it commits. */
  enqueue(executor: Executor, queue: string, items: readonly NewJob[]): Promise<void>;
  /** Looks for due work of this queue (or of all) soon. */
  nudge(queue?: string): void;
  /** Runs everything due now until nothing is (items in back-off wait); tests use it. */
  drain(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly queues: readonly string[];
}
