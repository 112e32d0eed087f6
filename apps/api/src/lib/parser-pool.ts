import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from './errors';

/*
 * Parsers of untrusted files (spreadsheets, CFDI XML) run here, in worker threads, never on the
 * event loop that answers requests: a file that takes seconds to read delays only itself. Each worker
 * has its own heap cap, so a parser that runs out of memory ends its worker — the request gets a
 * Spanish error and the pool starts a new worker — never the process. A task past its time budget is
 * aborted (its worker terminated) the same way.
 */

/** What a worker answers: its value, or a refusal in the API's words (error classes do not cross threads). */
export type ParserResult<T> = { ok: true; value: T } | { ok: false; statusCode: number; message: string };

/** What the pool hands a worker: the parser's input and the port on which it says it has started. */
interface ParserTask<I> {
  input: I;
  started: MessagePort;
}

/**
 * A worker module's default export: says when the parser starts (the time budget counts from there,
 * not from a worker's start-up or a wait in the queue) and turns a refusal (an AppError) into what
 * crosses back; anything else is rethrown.
 */
export function parserTask<I, T>(parse: (input: I) => T | Promise<T>): (task: ParserTask<I>) => Promise<ParserResult<T>> {
  return async ({ input, started }) => {
    started.postMessage('started');
    started.close();
    try {
      return { ok: true, value: await parse(input) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, statusCode: error.statusCode, message: error.message };
      throw error;
    }
  };
}

/** Heap of one worker: the largest legitimate file read (20 000 rows) takes about a third of it. */
const WORKER_HEAP_MB = 384;
/** Files waiting for a worker, beyond which an upload is turned away (503) rather than queued. */
const MAX_QUEUE = 32;
/** A worker that has not even started a file within this many budgets is given up on. */
const START_BUDGETS = 6;

/** Run from the TypeScript sources (tests, `npm run dev`), a worker needs the same loader as this thread. */
const fromSources = import.meta.url.endsWith('.ts');

let pool: Piscina | null = null;

function parserPool(): Piscina {
  pool ??= new Piscina({
    // Half the cores (at least one) stays free for the requests themselves.
    maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    minThreads: 0,
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    ...(fromSources && !process.execArgv.includes('tsx') ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
  });
  return pool;
}

/** A worker module beside `base` (the caller's import.meta.url): its .ts in the sources, its .js in the bundle. */
export function workerFile(base: string, name: string): string {
  return fileURLToPath(new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base));
}

export interface ParserMessages {
  /** Past the time budget. */
  tooSlow: string;
  /** The worker died (out of memory, a crash). */
  failed: string;
  /** Too many files already waiting. */
  busy: string;
}

/**
 * Runs `input` through the default export of `file` in a worker, within `seconds`. A refusal the
 * parser answers comes back as the same AppError; a worker that dies or overruns becomes a 400/413
 * with the given messages.
 */
export async function runParser<T>(file: string, input: unknown, seconds: number, messages: ParserMessages, transfer?: ArrayBuffer[]): Promise<T> {
  const workers = parserPool();
  if (workers.queueSize >= MAX_QUEUE) throw new AppError(503, messages.busy);
  const abort = new AbortController();
  const channel = new MessageChannel();
  let budget = setTimeout(() => abort.abort(), seconds * START_BUDGETS * 1000);
  channel.port1.once('message', () => {
    clearTimeout(budget);
    budget = setTimeout(() => abort.abort(), seconds * 1000);
  });
  let result: ParserResult<T>;
  try {
    const task: ParserTask<unknown> = { input, started: channel.port2 };
    result = (await workers.run(task, { filename: file, signal: abort.signal, transferList: [channel.port2, ...(transfer ?? [])] })) as ParserResult<T>;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new AppError(413, messages.tooSlow, { cause: error });
    throw new AppError(400, messages.failed, { cause: error });
  } finally {
    clearTimeout(budget);
    channel.port1.close();
  }
  if (!result.ok) throw new AppError(result.statusCode, result.message);
  return result.value;
}

/** Ends the workers (tests, shutdown); the next file starts a new pool. */
export async function closeParserPool(): Promise<void> {
  const ending = pool;
  pool = null;
  await ending?.destroy();
}
