import type { AppConfig } from '../config';

/** Bounds of the HTTP server and of what one user holds at once (docs/security.md). */
export interface HttpLimits {
  /** The whole request, headers and body, arrives within this or it is answered 408 and closed. */
  requestTimeoutMs: number;
  /** The headers arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often the server looks for requests past those timeouts: a slow one is cut up to this late. */
  timeoutCheckMs: number;
  /** Connections open at once; beyond, a new one is closed as it arrives. */
  maxConnections: number;
  /** Live notification streams one user keeps open (per process). */
  streamsPerUser: number;
  /** Uploads (multipart requests: documents, imports, invoices) one user sends at once (per process). */
  uploadsPerUser: number;
  /** Files one user sends to be read (imports, supplier invoices) per minute (across processes with Redis). */
  fileReadsPerMinute: number;
  /** How long a file beyond that bound waits for its 429 (at most until the bound frees up). */
  fileReadRefusalDelayMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  // 50 s plus a check every 5 s: a request still arriving after 55 s is cut.
  requestTimeoutMs: 50_000,
  headersTimeoutMs: 20_000,
  // Longer than the 60 s idle timeout of common load balancers, which must close first.
  keepAliveTimeoutMs: 72_000,
  timeoutCheckMs: 5_000,
  maxConnections: 1_000,
  streamsPerUser: 10,
  uploadsPerUser: 8,
  // Two a second for half a minute: more than a person importing or registering invoices sends.
  fileReadsPerMinute: 60,
  // A sender past the bound gets each refusal 2 s late: one sending back to back (holding at most its
  // uploadsPerUser at once) is slowed to a few refusals a second instead of dozens.
  fileReadRefusalDelayMs: 2_000,
};

/** The limits in force: the defaults with the configuration's (GOC_REQUEST_TIMEOUT_SECONDS…). */
export const httpLimits = (config: AppConfig): HttpLimits => ({ ...DEFAULT_HTTP_LIMITS, ...config.http });
