import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findMalformedText, ID_MESSAGE, MALFORMED_TEXT_MESSAGE, parseIdSegment } from '@goc/contracts';
import { ValidationError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Runs before a request with malformed text is refused (the login audits the attempt). */
    onMalformedText?: (request: FastifyRequest) => Promise<void>;
  }
}

/** A query value that is JSON (the list's `filters`) is scanned as the parsed document the route will see. */
function parsedIfJson(value: string): unknown {
  const first = value.trimStart()[0];
  if (first !== '{' && first !== '[') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Not JSON after all: the route's schema answers for it.
    return value;
  }
}

function malformedField(request: FastifyRequest): string | null {
  const query = request.query && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(query)) {
    const found = findMalformedText(typeof value === 'string' ? parsedIfJson(value) : value, [key]);
    if (found !== null) return found;
  }
  return findMalformedText(request.params, []) ?? findMalformedText(request.body, []);
}

/**
 * Input every route refuses the same way, before its own schema runs (a 400 in Spanish, never a 500
 * from the database): text with a NUL or a lone surrogate anywhere (query, JSON filters, path, body),
 * and path ids that are not the canonical decimal of an id in range (`0x1`, `1e0`, `01`, `+1`).
 */
async function inputGuard(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (typeof params?.id === 'string' && parseIdSegment(params.id) === null) throw new ValidationError({ id: ID_MESSAGE });
    const field = malformedField(request);
    if (field === null) return;
    await request.routeOptions.config.onMalformedText?.(request);
    throw new ValidationError({ [field || 'body']: MALFORMED_TEXT_MESSAGE });
  });
}

export default fp(inputGuard, { name: 'goc-input-guard' });
