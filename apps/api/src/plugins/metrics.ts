import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { MESSAGES } from '@goc/contracts';
import { instrumentDatabase } from '../lib/metrics/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry: other parts add their own gauges to it. */
    metrics: Registry;
  }
  interface FastifyRequest {
    metricsStart?: bigint;
  }
}

const METRICS_TOKEN_REQUIRED = 'Las métricas requieren el token (GOC_METRICS_TOKEN)';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A bearer equal to the token, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in the Prometheus text format: request durations by route pattern and status, requests
 * in flight, the database pool (or PGlite's queue), event-loop lag and process memory (prom-client's
 * default metrics). Served to loopback (request.ip, so GOC_TRUST_PROXY decides who that is) or to a
 * bearer equal to GOC_METRICS_TOKEN; anyone else gets 401 when a token is set, 404 otherwise.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  app.decorate('metrics', registry);
  collectDefaultMetrics({ register: registry });
  const detach = instrumentDatabase(app.database, registry);
  app.addHook('onClose', async () => detach());

  const duration = new Histogram({
    name: 'goc_http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP por patrón de ruta y estatus',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'goc_http_requests_in_flight', help: 'Peticiones HTTP en curso', registers: [registry] });

  app.addHook('onRequest', async (request) => {
    request.metricsStart = process.hrtime.bigint();
    inFlight.inc();
  });
  const finish = (request: FastifyRequest, statusCode: number) => {
    if (request.metricsStart === undefined) return;
    const seconds = Number(process.hrtime.bigint() - request.metricsStart) / 1e9;
    request.metricsStart = undefined;
    inFlight.dec();
    // The route's pattern, never the raw URL: ids would make one series per record.
    duration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(statusCode) }, seconds);
  };
  app.addHook('onResponse', async (request, reply) => finish(request, reply.statusCode));
  app.addHook('onRequestAbort', async (request) => finish(request, 499));

  const token = app.config.metricsToken;
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const allowed = LOOPBACK.has(request.ip) || (token !== undefined && bearerMatches(request, token));
    if (!allowed) {
      if (token !== undefined) return reply.code(401).header('www-authenticate', 'Bearer').send({ statusCode: 401, error: 'Unauthorized', message: METRICS_TOKEN_REQUIRED });
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'goc-metrics', dependencies: ['goc-context'] });
