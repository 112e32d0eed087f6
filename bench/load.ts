import autocannon, { type Result } from 'autocannon';

/*
 * Load on one server: a warm-up whose figures are thrown away (JIT, connection pools, the database's
 * caches), then the measured period. Both are bounded by duration; autocannon stops by itself.
 * A request measured at several connection counts is warmed up once, before the first.
 */

export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered with a status other than 2xx, plus connection errors and timeouts. */
  failures: number;
  /** The same, by kind: "non2xx 3, errors 2, timeouts 0" (empty when nothing failed). */
  failureDetail: string;
  completed: number;
  /**
   * CPU time the server process spent per answered request (ms): what the API costs in Node itself,
   * whatever the database's speed. With PGlite it includes the SQL (the database runs in the process).
   */
  cpuMsPerRequest: number | null;
}

function fire(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, timeout: 30 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Longest wait for the server to finish what the warm-up left in flight. */
const SETTLE_TIMEOUT_MS = 120_000;

/**
 * autocannon drops its connections when the warm-up ends, but the server still works through the
 * requests it had accepted. One more request, queued behind them, answers once they are done, so
 * the measured period does not start with the warm-up's leftovers.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} after the warm-up: HTTP ${response.status}`);
}

/**
 * Warm-up, then the measured period. `cpu` reads the server's CPU time (seconds) so the measured
 * period's CPU per request can be told apart from the warm-up's.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  cpu: () => number | null,
): Promise<Measurement> {
  // Settled also after a previous measured period of the same request: its leftovers are not this one's.
  await warmUp(url, headers, settings.connections, settings.warmupSeconds);
  const cpuBefore = cpu();
  const result = await fire(url, headers, settings.connections, settings.measureSeconds);
  const cpuAfter = cpu();
  const completed = result['2xx'];
  return {
    requestsPerSecond: completed / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    failureDetail:
      result.non2xx + result.errors + result.timeouts > 0
        ? `status ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}`
        : '',
    completed,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null || completed === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / completed,
  };
}

/** Responses answered with 2xx in each second of a run, counted by the load generator's own clock. */
export interface SecondsCount {
  perSecond: number[];
  failures: number;
  failureDetail: string;
}

/**
 * One run of `seconds` seconds whose 2xx answers are counted second by second; `atSecond(i)` is
 * called as second i begins (0 first), so something can be switched at the boundaries.
 */
export async function countBySecond(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  atSecond: (index: number) => void,
): Promise<SecondsCount> {
  const perSecond = Array.from({ length: seconds }, () => 0);
  let started = 0;
  let timer: NodeJS.Timeout | undefined;
  // Each boundary aimed at from the start, so a late timer does not push the next ones.
  const boundary = (index: number) => {
    timer = setTimeout(() => {
      atSecond(index);
      if (index + 1 < seconds) boundary(index + 1);
    }, started + index * 1000 - performance.now());
  };
  try {
    const result = await new Promise<Result>((resolve, reject) => {
      const instance = autocannon({ url, headers, connections, duration: seconds, timeout: 30 }, (error, done) => (error ? reject(error) : resolve(done)));
      started = performance.now();
      atSecond(0);
      boundary(1);
      instance.on('response', (_client, statusCode) => {
        const index = Math.floor((performance.now() - started) / 1000);
        if (statusCode >= 200 && statusCode < 300 && index < seconds) perSecond[index] = (perSecond[index] ?? 0) + 1;
      });
    });
    const failures = result.non2xx + result.errors + result.timeouts;
    return { perSecond, failures, failureDetail: failures > 0 ? `status ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}` : '' };
  } finally {
    clearTimeout(timer);
  }
}

/** A run's warm-up: load whose figures are thrown away, then the server's leftovers awaited. */
export async function warmUp(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<void> {
  if (seconds > 0) await fire(url, headers, connections, seconds);
  await settle(url, headers);
}
