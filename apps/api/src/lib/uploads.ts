import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors';
import { createSlots } from './slots';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the uploaded file's content (an import, a supplier invoice): counted by limitFileReads. */
    readsFile?: true;
  }
}

export const tooManyUploads = (max: number) => `Ya tienes ${max} archivos subiéndose. Espera a que terminen e inténtalo de nuevo.`;
export const tooManyFileReads = (max: number) => `Ya enviaste ${max} archivos para leer en el último minuto. Espera un momento e inténtalo de nuevo.`;

/**
 * Read from the header: `request.isMultipart()` is only set once the body's parser runs, after
 * onRequest, so it would count nothing here.
 */
const isMultipart = (request: FastifyRequest) => /^multipart\/form-data\s*(;|$)/i.test(String(request.headers['content-type'] ?? '').trim());

/** The slot each counted upload holds, and whether a job has taken it over from the answer. */
const held = new WeakMap<FastifyRequest, { release: () => void; kept: boolean }>();

/**
 * An onRequest hook (after the access check, so the user is known) bounding the uploads — multipart
 * requests: documents, imports, invoices — one user sends at once. Each holds a slot from its first
 * byte until its answer is sent or its connection closes (or, kept by `keepUploadSlot`, until its
 * job ends); one beyond the bound is answered 429 before its body is read.
 */
export function limitUploads(perUser: number) {
  const slots = createSlots({ perUser });
  return async function uploadLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.user || !isMultipart(request)) return;
    const slot = slots.acquire(request.user.id);
    if (!slot.ok) throw new TooManyRequestsError(tooManyUploads(perUser));
    const hold = { release: slot.release, kept: false };
    held.set(request, hold);
    reply.raw.once('close', () => {
      if (!hold.kept) slot.release();
    });
  };
}

/**
 * Work an upload goes on with after its answer (an import answered 202) keeps the upload's slot:
 * the caller must call the returned function when that work ends.
 */
export function keepUploadSlot(request: FastifyRequest): () => void {
  const hold = held.get(request);
  if (!hold) return () => {};
  hold.kept = true;
  return hold.release;
}

/**
 * An onRequest hook (after the access check) bounding the files one user sends to be read — routes
 * with `config.readsFile` — per minute, across processes when the rate limiter shares Redis. Reading a
 * file is the costliest thing a request asks for; one beyond the bound is answered 429 before its body
 * is read, so a user sending files back to back cannot take the server's time from everyone else. Even
 * a refusal costs the main thread a little: it is answered `refusalDelayMs` late (no later than the
 * bound frees up), which slows a sender that waits for each answer to a trickle of refusals.
 */
export function limitFileReads(app: FastifyInstance, perMinute: number, refusalDelayMs: number) {
  const counted = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `file-reads-${request.user?.id ?? request.ip}` });
  return async function fileReadLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.user || !request.routeOptions.config.readsFile) return;
    const answer = await counted(request);
    // isAllowed means «on the allow list»; a counted request is let through until the count exceeds the bound.
    if (answer.isAllowed || !answer.isExceeded) return;
    reply.header('retry-after', String(answer.ttlInSeconds));
    const delay = Math.min(refusalDelayMs, answer.ttl);
    if (delay > 0) await wait(delay);
    throw new TooManyRequestsError(tooManyFileReads(perMinute));
  };
}
