import { createHmac } from 'node:crypto';
import type { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { HostResolver } from './settings';
import { checkUrl, guardedLookup, resolveTarget, TargetRefused } from './address-guard';

/*
 * One delivery attempt: POST the JSON body with the GOC-* headers, no redirect followed (a 3xx is a
 * failure like any non-2xx), the destination checked as it is connected to.
 */

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/integrations.md shows how to verify it). */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface Attempt {
  url: string;
  secret: string;
  event: string;
  deliveryKey: string;
  body: string;
  /** When the attempt is signed (the configured clock). */
  nowMs: number;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  /** Spanish, for the delivery log; null on success. */
  error: string | null;
  durationMs: number;
}

export interface SendOptions {
  allowPrivate: boolean;
  resolve: HostResolver;
  timeoutMs: number;
}

/** What the receiver answers is read up to this and dropped: only the status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** POSTs the attempt; `stop` (the runner stopping) ends it like the receiver's timeout. */
export async function send(attempt: Attempt, options: SendOptions, stop?: AbortSignal): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = checkUrl(attempt.url, options.allowPrivate);
    // An address in the URL is connected to without a lookup: check it here.
    if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) await resolveTarget(url, options.allowPrivate, options.resolve);
  } catch (error) {
    return { ok: false, statusCode: null, error: error instanceof TargetRefused ? error.message : 'Dirección no válida', durationMs: elapsed() };
  }
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(attempt.body)),
    'user-agent': 'GOC-Webhooks/1',
    'goc-event': attempt.event,
    'goc-delivery': attempt.deliveryKey,
    'goc-signature': signature(attempt.secret, attempt.body, Math.floor(attempt.nowMs / 1000)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        lookup: guardedLookup(options.allowPrivate, options.resolve) as unknown as typeof dnsLookup,
        signal: stop ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs), stop]) : AbortSignal.timeout(options.timeoutMs),
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? 0;
          finish(status >= 200 && status < 300 ? { ok: true, statusCode: status, error: null } : { ok: false, statusCode: status, error: `El receptor respondió ${status}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EGOCREFUSED') finish({ ok: false, statusCode: null, error: error.message });
      else if (error.name === 'AbortError' || error.name === 'TimeoutError') finish({ ok: false, statusCode: null, error: `Sin respuesta en ${Math.round(options.timeoutMs / 1000)} s` });
      else finish({ ok: false, statusCode: null, error: `No se pudo conectar con el receptor (${error.code ?? error.message})` });
    });
    request.end(attempt.body);
  });
}
