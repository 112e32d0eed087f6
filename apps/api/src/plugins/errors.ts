import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toApiError } from '../lib/api-errors';
import { isDiskFull } from '../lib/db-errors';

function logFailure(request: FastifyRequest, error: unknown, statusCode: number): void {
  // One line per episode, not per request: the disk watch logs when it starts and ends.
  if (isDiskFull(error)) request.server.disk.refused(error);
  else if (statusCode === 503) request.log.warn({ err: error }, 'la base de datos no está disponible');
  else if (statusCode >= 500) request.log.error({ err: error }, 'error no controlado');
  else request.log.info({ statusCode, code: (error as FastifyError).code }, 'solicitud rechazada');
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    logFailure(request, error, apiError.statusCode);
    return reply.status(apiError.statusCode).type('application/json; charset=utf-8').send(apiError);
  });
}

export default fp(errorsPlugin, { name: 'goc-errors', dependencies: ['goc-disk'] });
