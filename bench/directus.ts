/*
 * A Directus to compare with, given by the environment (BENCH_DIRECTUS_URL, BENCH_DIRECTUS_TOKEN and
 * optionally BENCH_DIRECTUS_PID): how to run one on a kept benchmark database is in bench/README.md.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface DirectusTarget {
  url: string;
  token: string;
  /** Its Node process, when given (BENCH_DIRECTUS_PID): then its CPU per request is measured too. */
  pid: number | undefined;
}

/** Directus is compared only when both its address and a token are given; loopback only, like the rest. */
export function directusFromEnv(): DirectusTarget | null {
  const url = process.env.BENCH_DIRECTUS_URL;
  const token = process.env.BENCH_DIRECTUS_TOKEN;
  if (!url || !token) return null;
  const parsed = new URL(url);
  if (!LOOPBACK.has(parsed.hostname)) throw new Error(`BENCH_DIRECTUS_URL must point to a loopback address, got ${parsed.hostname}`);
  const pid = Number(process.env.BENCH_DIRECTUS_PID);
  return { url: url.replace(/\/$/, ''), token, pid: Number.isInteger(pid) && pid > 0 ? pid : undefined };
}
