import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Per-IP throttling, opted into by routes with `config.rateLimit`. With REDIS_URL the counters are
 * shared by every API process; otherwise they live in this process.
 */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const { redisUrl } = app.config;
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis no disponible para el límite de solicitudes'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'goc-rate-limit-' } : {}),
    // If Redis is down, sign-in keeps working; the per-account lockout still applies.
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
}

export default fp(rateLimitPlugin, { name: 'goc-rate-limit', dependencies: ['goc-context'] });
