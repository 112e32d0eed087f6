import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEEP_DAYS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAYED_HEADER } from '@goc/contracts';
import { AppError, ConflictError, ValidationError } from '../lib/errors';
import { createFingerprint, type Fingerprint } from '../lib/idempotency/fingerprint';
import { callerOf, parseIdempotencyKey, scopeOf } from '../lib/idempotency/key';
import { every } from '../lib/jobs/slots';
import { claimKey, completeKey, findKey, purgeKeys, releaseKey, type KeyRow } from '../lib/idempotency/store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the answer carries a secret shown only once (a new API key, a webhook's signing
     * secret), which is never stored — so the route refuses an Idempotency-Key rather than ignore it.
     */
    idempotency?: false;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers up to this are kept to be given again; a larger one is not (docs/api.md). */
export const MAX_STORED_ANSWER_BYTES = 1024 * 1024;
/** An «en curso» row older than this was left by a process that died; the next request takes it over. */
const LEASE_MS = 5 * 60_000;
/** How long a duplicate waits for the request holding its key before a 409. */
const WAIT_MS = 30_000;
/** A duplicate looks again after this, then twice as long each time up to half a second. */
const FIRST_PAUSE_MS = 20;
const PURGE_EVERY_MS = 60 * 60_000;
/** The headers of an answer that say what it is; the rest (dates, rate limits, caching) are the new answer's. */
const KEPT_HEADERS = ['content-type', 'location', 'content-location', 'content-disposition', 'etag', 'last-modified'];

export interface IdempotencyOptions {
  /** Replaces the wait for a key in progress (tests shorten it). */
  waitMs?: number;
}

/** The request body seen byte by byte, whoever reads it (the JSON parser, an upload's busboy). */
interface Body {
  fingerprint: Fingerprint;
  bytes: number;
  /** Every byte seen. */
  done: boolean;
  /** Resolves true once the body ended, false when it cannot (the connection closed first). */
  ended: Promise<boolean>;
  digest: string | null;
}

interface Held {
  key: string;
  caller: string;
  scope: string;
  owner: string;
  path: string;
  body: Body;
  /** This request holds the key: its answer is kept (or the key released). */
  won: boolean;
}

const holds = new WeakMap<FastifyRequest, Held>();

/**
 * Listens to the raw body as it is read. The stream is paused first, so the listener does not set it
 * flowing before its consumer is there; whoever reads it (the body parser, busboy) resumes it.
 */
function watchBody(request: FastifyRequest, query: string): Body {
  const body: Body = {
    fingerprint: createFingerprint(String(request.headers['content-type'] ?? ''), query),
    bytes: 0,
    done: true,
    ended: Promise.resolve(true),
    digest: null,
  };
  const { headers, raw } = request;
  const bodyless = headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0');
  if (bodyless) return body;
  body.done = false;
  raw.pause();
  raw.on('data', (chunk: Buffer) => {
    body.bytes += chunk.length;
    body.fingerprint.update(chunk);
  });
  body.ended = new Promise((resolve) => {
    raw.once('end', () => {
      body.done = true;
      resolve(true);
    });
    raw.once('close', () => resolve(raw.readableEnded));
    raw.once('error', () => resolve(false));
  });
  return body;
}

/**
 * The body's fingerprint once it is all read. What nobody read (an upload refused before its file)
 * is read here, up to `maxBytes`: null beyond, or when the connection ends first.
 */
async function bodyDigest(body: Body, raw: FastifyRequest['raw'], maxBytes: number): Promise<string | null> {
  if (body.digest !== null) return body.digest;
  if (!body.done) {
    if (body.bytes > maxBytes) return null;
    let watch: (() => void) | undefined;
    const tooLarge = new Promise<false>((resolve) => {
      watch = () => {
        if (body.bytes <= maxBytes) return;
        raw.pause();
        resolve(false);
      };
      raw.on('data', watch);
    });
    raw.resume();
    const ended = await Promise.race([body.ended, tooLarge]);
    raw.off('data', watch!);
    if (!ended) return null;
  }
  body.digest = body.fingerprint.digest();
  return body.digest;
}

/** The bytes of an answer as Fastify is about to send them; null when they are not kept (a stream, too large). */
function answerBytes(payload: unknown): Buffer | null {
  let bytes: Buffer | null = null;
  if (payload === null || payload === undefined) bytes = Buffer.alloc(0);
  else if (typeof payload === 'string') bytes = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) bytes = payload;
  return bytes !== null && bytes.length <= MAX_STORED_ANSWER_BYTES ? bytes : null;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

function replay(reply: FastifyReply, row: KeyRow): FastifyReply {
  reply.code(row.status ?? 200);
  for (const [name, value] of Object.entries(row.headers ?? {})) reply.header(name, value);
  reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.send(row.body ?? Buffer.alloc(0));
}

/**
 * `Idempotency-Key` (IETF draft) on every write of a signed-in caller: the first request with a key
 * runs and its answer is kept; a repeat with the same request gets that answer again, a repeat with
 * other data 422, a repeat while the first still runs waits for it (on any API process: the key's
 * row is claimed in the database). docs/api.md says what is kept and for how long.
 */
async function idempotencyPlugin(app: FastifyInstance, options: IdempotencyOptions): Promise<void> {
  const waitMs = options.waitMs ?? WAIT_MS;
  // The largest body a route reads (uploads); a refused upload's body is read this far to compare it.
  const maxBodyBytes = (Math.max(app.config.attachments.maxMb, 16) + 1) * 1024 * 1024;

  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || request.is404) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined) return;
    // Sent twice, the header arrives joined («a, b»): not a key either.
    const key = typeof header === 'string' ? parseIdempotencyKey(header) : null;
    if (key === null) throw new ValidationError({ [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.invalidKey });
    // Public writes (sign-in) have no caller to keep a key for, and their answers carry credentials.
    if (!request.user || request.routeOptions.config.idempotency === false) {
      throw new ValidationError({ [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.notOffered });
    }
    const [path = '', query = ''] = request.url.split(/\?(.*)/s);
    const caller = callerOf(request.user);
    holds.set(request, {
      key,
      caller,
      path,
      scope: scopeOf(caller, request.method, path, key),
      owner: randomUUID(),
      body: watchBody(request, query),
      won: false,
    });
  });

  // After the body's parsing and validation: a request refused there (400) changed nothing and keeps no key.
  app.addHook('preHandler', async (request, reply) => {
    const held = holds.get(request);
    if (!held) return;
    const deadline = Date.now() + waitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      // A JSON body is read by now; an upload's is read by its handler, so its fingerprint comes later.
      const known = held.body.done ? await bodyDigest(held.body, request.raw, maxBodyBytes) : null;
      const { scope, caller, path, key, owner } = held;
      const claim = { scope, caller, method: request.method, path, key, owner, fingerprint: known, leaseMs: LEASE_MS, keepDays: IDEMPOTENCY_KEEP_DAYS };
      if (await claimKey(app.db, claim)) {
        held.won = true;
        return;
      }
      const row = await findKey(app.db, held.scope);
      if (row !== null) {
        if (known !== null && row.fingerprint !== null && row.fingerprint !== known) throw new AppError(422, IDEMPOTENCY_MESSAGES.reused);
        if (row.state === 'hecha') {
          // An upload is read only now that there is an answer to compare it with: were the first to
          // fail meanwhile, this one still has its body to run with.
          const mine = known ?? (await bodyDigest(held.body, request.raw, maxBodyBytes));
          if (mine === null) throw new AppError(413, IDEMPOTENCY_MESSAGES.tooLarge);
          if (row.fingerprint !== mine) throw new AppError(422, IDEMPOTENCY_MESSAGES.reused);
          if (row.replayable !== true) throw new ConflictError(IDEMPOTENCY_MESSAGES.notReplayable);
          return replay(reply, row);
        }
      }
      if (Date.now() >= deadline) throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
      if (pause === FIRST_PAUSE_MS) request.log.debug('Clave de idempotencia en curso en otra solicitud: esta la espera');
      await delay(pause);
      pause = Math.min(pause * 2, 500);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = holds.get(request);
    if (!held?.won) return payload;
    held.won = false;
    try {
      // A server failure is not the answer: the key is freed for the retry.
      const digest = reply.statusCode >= 500 ? null : await bodyDigest(held.body, request.raw, maxBodyBytes);
      if (digest === null) await releaseKey(app.db, held.scope, held.owner);
      else await completeKey(app.db, held.scope, held.owner, { fingerprint: digest, status: reply.statusCode, headers: keptHeaders(reply), body: answerBytes(payload) });
    } catch (error) {
      // The row keeps its lease: past it, a retry runs as new.
      request.log.error({ err: error }, 'No se pudo guardar la respuesta de una clave de idempotencia');
    }
    return payload;
  });

  // Expired keys go once an hour, by whichever process takes the slot.
  app.jobs.schedule({
    name: 'idempotency.purge',
    next: every(PURGE_EVERY_MS),
    maxAttempts: 3,
    timeoutMs: 5 * 60_000,
    backoff: { baseMs: 60_000, maxMs: 10 * 60_000 },
    concurrency: 1,
    handle: async () => void (await purgeKeys(app.db, IDEMPOTENCY_KEEP_DAYS)),
  });
}

export default fp(idempotencyPlugin, { name: 'goc-idempotency', dependencies: ['goc-context', 'goc-access', 'goc-jobs'] });
