import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
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

/** Turns a parser's refusal (an AppError) into what crosses back from the worker; anything else is rethrown. */
export function refusal(error: unknown): ParserResult<never> {
  if (error instanceof AppError) return { ok: false, statusCode: error.statusCode, message: error.message };
  throw error;
}

/** Heap of one worker: the largest legitimate file read (20 000 rows) takes about a third of it. */
const WORKER_HEAP_MB = 384;
/** Files waiting for a worker, beyond which an upload is turned away (503) rather than queued. */
const MAX_QUEUE = 32;

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
  let result: ParserResult<T>;
  try {
    result = (await workers.run(input, { filename: file, signal: AbortSignal.timeout(seconds * 1000), ...(transfer ? { transferList: transfer } : {}) })) as ParserResult<T>;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'AbortError' || name === 'TimeoutError') throw new AppError(413, messages.tooSlow, { cause: error });
    throw new AppError(400, messages.failed, { cause: error });
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
