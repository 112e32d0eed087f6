import { performance } from 'node:perf_hooks';
import { Worker, parentPort, workerData } from 'node:worker_threads';

/*
 * The attacker of `bench:hostile` on a thread of its own, as `bench:mixed`'s writer is: the reads'
 * load generator (autocannon) runs on the bench's main thread, and an attacker there (building and
 * sending megabyte bodies) would hold back the reads' client, not the server measured. It still
 * shares the machine's cores, as everything here does. Times are absolute (time origin + now), so
 * they compare across threads.
 */

/** A hostile file, where it goes, and the answer it must get. */
export interface Hostile {
  key: string;
  label: string;
  target: 'import' | 'invoice';
  fileName: string;
  content: Uint8Array;
  status: number;
  message: string;
}

export interface Api {
  baseUrl: string;
  headers: Record<string, string>;
  /** An order in a state that takes an invoice. */
  orderId: number;
  /** The 429's message once the user sent more files to be read than the minute allows. */
  limitedMessage: string;
}

/** One hostile request answered later than this is a failure of the bench, not a figure. */
const ATTACK_TIMEOUT_MS = 60_000;

/** Milliseconds since the epoch, with performance.now()'s resolution, the same on every thread. */
export const absoluteNow = (): number => performance.timeOrigin + performance.now();

/** One answer to a hostile file: how long it took, and whether the per-user bound refused it unread. */
export interface Answer {
  ms: number;
  limited: boolean;
}

/**
 * Sends one hostile file; throws unless the answer is its status and message, or the 429 of the
 * per-user bound on files read (`api.limitedMessage`).
 */
export async function send(api: Api, file: Hostile): Promise<Answer> {
  const form = new FormData();
  const path = file.target === 'import' ? '/units/import?mode=validate' : `/orders/${api.orderId}/invoices`;
  form.append(file.target === 'import' ? 'file' : 'xml', new Blob([file.content], { type: file.target === 'import' ? 'application/octet-stream' : 'application/xml' }), file.fileName);
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}/api/v2${path}`, { method: 'POST', headers: api.headers, body: form, signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS) });
  const body = await response.text();
  const ms = performance.now() - started;
  let message: unknown;
  try {
    message = (JSON.parse(body) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  if (response.status === 429 && message === api.limitedMessage) return { ms, limited: true };
  if (response.status !== file.status || message !== file.message) {
    throw new Error(`${file.label}: HTTP ${response.status} ${body.slice(0, 300)}; expected ${file.status} «${file.message}»`);
  }
  return { ms, limited: false };
}

/** What the attacker did: when it was sending (absolute ms), how long each answer took, and /health's answers meanwhile. */
export interface AttackFigures {
  spans: { from: number; to: number }[];
  /** Files read and answered with their refusal. */
  answersMs: number[];
  /** Files refused unread by the per-user bound. */
  limited: number;
  healthMs: number[];
}

/** While attacking, /health is asked this often (one request in flight at most). */
const HEALTH_EVERY_MS = 100;

type Command = 'on' | 'off' | 'stop';

/** An attacker that can be paused; stop() ends it and gives what it did, or its failure. */
export interface AttackerSwitch {
  on(): void;
  off(): void;
  stop(): Promise<AttackFigures>;
}

export function startAttackerThread(api: Api, file: Hostile): AttackerSwitch {
  // The bench runs under tsx, which a worker does not inherit: it registers it, then loads this module.
  const source = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(import.meta.url)});`;
  const worker = new Worker(source, { eval: true, workerData: { api, file } });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  // Reported by stop(), not as an unhandled rejection while the reads are being measured.
  failed.catch(() => undefined);
  const command = (value: Command) => worker.postMessage(value);
  return {
    on: () => command('on'),
    off: () => command('off'),
    async stop() {
      const answer = new Promise<{ figures: AttackFigures } | { failure: string }>((resolve) => worker.once('message', resolve));
      command('stop');
      const result = await Promise.race([answer, failed]);
      await worker.terminate();
      if ('failure' in result) throw new Error(result.failure);
      return result.figures;
    },
  };
}

/** Asks /health every HEALTH_EVERY_MS while `wanted()`; keeps each answer's milliseconds. */
async function probeHealth(api: Api, wanted: () => boolean, healthMs: number[]): Promise<void> {
  while (wanted()) {
    const started = performance.now();
    const response = await fetch(`${api.baseUrl}/api/v2/health`, { signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS) });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`/health: HTTP ${response.status} during the attack`);
    healthMs.push(ms);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - ms)));
  }
}

/** Sends the file back to back while switched on, and asks /health meanwhile. */
function runAttacker(api: Api, file: Hostile, report: (message: { figures: AttackFigures } | { failure: string }) => void): void {
  const figures: AttackFigures = { spans: [], answersMs: [], limited: 0, healthMs: [] };
  let wanted = false;
  let loop: Promise<void> | null = null;
  let failure: string | null = null;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error.message : String(error);
  };
  const run = async () => {
    const from = absoluteNow();
    const probe = probeHealth(api, () => wanted && failure === null, figures.healthMs).catch(fail);
    try {
      while (wanted && failure === null) {
        const answer = await send(api, file);
        if (answer.limited) figures.limited += 1;
        else figures.answersMs.push(answer.ms);
      }
    } catch (error) {
      fail(error);
    } finally {
      figures.spans.push({ from, to: absoluteNow() });
      await probe;
      loop = null;
      // Switched on again while the last answers came in.
      if (wanted && failure === null) loop = run();
    }
  };
  parentPort!.on('message', (value: Command) => {
    if (value === 'on') {
      wanted = true;
      if (!loop && failure === null) loop = run();
      return;
    }
    wanted = false;
    if (value === 'stop') void Promise.resolve(loop).then(() => report(failure === null ? { figures } : { failure }));
  });
}

if (parentPort) {
  const port = parentPort;
  const { api, file } = workerData as { api: Api; file: Hostile };
  runAttacker(api, file, (message) => port.postMessage(message));
}
