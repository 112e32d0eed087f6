import type { FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors';
import { createSlots } from './slots';

export const tooManyUploads = (max: number) => `Ya tienes ${max} archivos subiéndose. Espera a que terminen e inténtalo de nuevo.`;

/**
 * An onRequest hook (after the access check, so the user is known) bounding the uploads — multipart
 * requests: documents, imports, invoices — one user sends at once. Each holds a slot from its first
 * byte until its answer is sent or its connection closes; one beyond the bound is answered 429 before
 * its body is read.
 */
export function limitUploads(perUser: number) {
  const slots = createSlots({ perUser });
  return async function uploadLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!request.user || !request.isMultipart()) return;
    const slot = slots.acquire(request.user.id);
    if (!slot.ok) throw new TooManyRequestsError(tooManyUploads(perUser));
    reply.raw.once('close', slot.release);
  };
}
