import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Text, JSON and XML, and what mime-db calls compressible. Not `application/octet-stream`, which
 * @fastify/compress compresses by default: that is how files already compressed are sent (a backup's
 * .tar.gz or .pgdump), and under a Content-Encoding a browser unpacks them or fails to.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]text(?:;|$)|[+/]xml(?:;|$)/u;

/**
 * Brotli or gzip for every compressible response the client accepts: API JSON, CSV exports (still
 * streamed, chunk by chunk) and SPA files that were not precompressed at build time. Files that are
 * compressed already — XLSX (a zip), PDF, images, gzip, backups — go out as they are, byte for byte.
 * Registered before the static files, as @fastify/compress requires.
 */
async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Brotli's default quality (11) is meant for build time; 4 compresses JSON about as well as gzip 6 at a fraction of the CPU.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // The API accepts plain JSON bodies only; inflating request bodies would only widen the attack surface.
    globalDecompression: false,
  });
}

export default fp(compressionPlugin, { name: 'goc-compression' });
