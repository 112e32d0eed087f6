import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginOutcomeSchema, loginRequestSchema, logoutRequestSchema, refreshRequestSchema, refreshResponseSchema, sessionUserSchema } from '@goc/contracts';
import { UnauthorizedError } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';
import { errorResponses } from '../../lib/openapi';
import { createAuthService, loadSessionUser } from './service';

/** SPEC §7: login, current user, logout and refresh. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.auth;
  const service = createAuthService({ db: app.db, passwords: app.passwords, tokens: app.tokens, settings });

  app.post('/auth/login', {
    config: {
      public: true,
      rateLimit: { max: settings.loginRateLimit.max, timeWindow: settings.loginRateLimit.windowMs },
      // Refused before validation, but still a failed sign-in the audit log must show.
      onMalformedText: (request) => service.auditMalformedLogin(request.body, request.ip),
    },
    schema: {
      operationId: 'login',
      tags: ['auth'],
      summary: 'Iniciar sesión',
      body: loginRequestSchema,
      response: { 200: loginOutcomeSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => service.login(request.body.username, request.body.password, request.ip, request.headers['user-agent']),
  });

  app.get('/auth/me', {
    config: { authenticated: true },
    schema: {
      operationId: 'getCurrentUser',
      tags: ['auth'],
      summary: 'Usuario actual',
      response: { 200: sessionUserSchema, ...errorResponses(401) },
    },
    handler: async (request) => {
      const user = await loadSessionUser(app.db, request.user.id);
      if (!user) throw new UnauthorizedError();
      return user;
    },
  });

  app.post('/auth/refresh', {
    config: {
      public: true,
      rateLimit: { max: settings.refreshRateLimit.max, timeWindow: settings.refreshRateLimit.windowMs },
    },
    schema: {
      operationId: 'refreshSession',
      tags: ['auth'],
      summary: 'Renovar el token (requiere el token anterior en Authorization)',
      // Public to the access plugin, since the token may have expired; the document still asks for it.
      security: [{ bearerAuth: [] }],
      body: refreshRequestSchema,
      response: { 200: refreshResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => service.refresh(request.body.refreshToken, bearerToken(request), request.ip),
  });

  app.post('/auth/logout', {
    // Public so an expired session can still end: the refresh token itself is the proof.
    config: { public: true },
    schema: {
      operationId: 'logout',
      tags: ['auth'],
      summary: 'Cerrar sesión',
      // The SPA sends {refreshToken}; a bare POST (no body) ends the bearer's session.
      body: logoutRequestSchema.nullish(),
      response: { 204: z.null().describe('Sesión cerrada'), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      const header = request.headers.authorization;
      const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
      await service.logout(request.body?.refreshToken, bearer, request.ip);
      return reply.status(204).send(null);
    },
  });
};

export default authRoutes;
