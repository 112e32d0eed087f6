import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict Content-Security-Policy for the SPA (and the API docs, which load only their own files).
 * style-src needs 'unsafe-inline' because PrimeReact injects <style> elements at runtime.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the Documentos panel shows thumbnails, images and PDFs it fetched with the user's token.
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  frameSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The service worker (sw.js) and the web app manifest: said outright, not left to default-src.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** helmet's default policy: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  // Defaults off: upgrade-insecure-requests would break plain-HTTP installs on a LAN.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Sent below, and only over HTTPS: on plain HTTP the header is meaningless and misleading.
  strictTransportSecurity: false,
};

/**
 * helmet's headers for these options, computed once: they are the same on every answer, and running
 * its middleware per request cost as much as a by-id read's own code.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/** onSend hook of the API's scope: its answers carry personal data and tokens, never kept by a browser or a shared cache. */
export async function apiNoStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export default fp(securityPlugin, { name: 'goc-security' });
