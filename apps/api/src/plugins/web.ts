import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../lib/errors';
import { isApiRoute } from './access';

/** Vite fingerprints everything under assets/: those files never change, so browsers keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html, the service worker (sw.js) and the web app manifest must be revalidated so a new
 * deployment is picked up at once: sw.js lists the build's files, and a stale copy keeps the old version.
 */
const REVALIDATE = 'no-cache';

const hasExtension = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

/**
 * Serves the built SPA (apps/web/dist) from the API process. Unknown GETs outside /api that look
 * like an app route (no file extension) get index.html — React Router takes it from there.
 * Everything else unknown is a JSON 404. The build writes brotli and gzip copies beside each file
 * (`preCompressed`): the one the browser accepts goes out as is, with no per-request compression.
 */
async function webPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const relative = path.slice(root.length).replaceAll('\\', '/');
        reply.header('cache-control', relative.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn({ root }, 'No se encontró la interfaz web compilada (npm run build); solo se sirve la API');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiRoute(url.split('?')[0] ?? '') && !hasExtension(url);
    if (built && isPageRequest) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw new NotFoundError();
  });
}

export default fp(webPlugin, { name: 'goc-web', dependencies: ['goc-context'] });
