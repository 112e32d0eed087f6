import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmPasswordSchema, SESSION_MESSAGES, sessionListSchema, sessionParamsSchema, usersCatalog } from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import { NotFoundError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { assertMayManageUser } from '../../lib/privileges';
import { createSessionsService, isFamilyId } from './sessions';

/** «Mi cuenta → Sesiones» and an administrator ending a user's sessions (docs/security.md). */
const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSessionsService(app.db, app.passwords);
  // A password is checked on each: as tightly limited as the login.
  const passwordLimit = { max: app.config.auth.loginRateLimit.max, timeWindow: app.config.auth.loginRateLimit.windowMs };

  app.get('/auth/sessions', {
    config: { authenticated: true },
    schema: {
      operationId: 'listSessions',
      tags: ['auth'],
      summary: 'Mis sesiones abiertas',
      response: { 200: sessionListSchema, ...errorResponses(401) },
    },
    handler: async (request) => ({ items: await service.list(request.user.id, request.user.familyId) }),
  });

  app.delete('/auth/sessions/:sessionId', {
    config: { authenticated: true, rateLimit: passwordLimit },
    schema: {
      operationId: 'endSession',
      tags: ['auth'],
      summary: 'Cerrar una de mis sesiones (pide la contraseña)',
      params: sessionParamsSchema,
      body: confirmPasswordSchema,
      response: { 204: z.null().describe('Sesión cerrada'), ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request, reply) => {
      if (!isFamilyId(request.params.sessionId)) throw new NotFoundError(SESSION_MESSAGES.notFound);
      await service.end(request.user.id, request.params.sessionId, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/sessions/end-others', {
    config: { authenticated: true, rateLimit: passwordLimit },
    schema: {
      operationId: 'endOtherSessions',
      tags: ['auth'],
      summary: 'Cerrar mis demás sesiones (pide la contraseña)',
      body: confirmPasswordSchema,
      response: { 204: z.null().describe('Las demás sesiones quedaron cerradas'), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      await service.endOthers(request.user.id, request.user.familyId, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.delete('/users/:id/sessions', {
    config: { permission: { module: 'config_permissions', action: 'edit' } },
    schema: {
      operationId: 'endUserSessions',
      tags: [usersCatalog.title],
      summary: 'Cerrar todas las sesiones de un usuario',
      params: idParamsSchema,
      response: { 204: z.null().describe('Sesiones cerradas'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      await assertMayManageUser(app.db, actor, request.params.id);
      await service.endAllOf(actor.userId, request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  });
};

export default sessionsRoutes;
