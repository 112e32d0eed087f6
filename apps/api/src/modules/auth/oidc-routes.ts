import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginOutcomeSchema, OIDC_REFUSAL_MESSAGES, oidcExchangeSchema, oidcPublicConfigSchema, SESSION_MESSAGES } from '@goc/contracts';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { createOidcService, OidcRefused } from './oidc';
import { createAuthService } from './service';

/** The cookie that binds a sign-in with the provider to the browser that began it (login CSRF). */
const BROWSER_COOKIE = 'goc_oidc';
const COOKIE_PATH = '/api/v2/auth/oidc';

/** Sign-in with the company's account (docs/security.md «Entrar con la cuenta de la empresa»). */
const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cookie);
  const settings = app.config.oidc;
  const auth = app.config.auth;
  const service = settings
    ? createOidcService(app.db, createAuthService({ db: app.db, passwords: app.passwords, tokens: app.tokens, settings: auth }), settings)
    : null;
  const enabled = () => {
    if (!service) throw new NotFoundError(SESSION_MESSAGES.oidcNotConfigured);
    return service;
  };
  const rateLimit = { max: auth.loginRateLimit.max, timeWindow: auth.loginRateLimit.windowMs };
  const secure = settings?.redirectUri.startsWith('https://') ?? true;

  app.get('/auth/oidc/config', {
    config: { public: true },
    schema: {
      operationId: 'getOidcConfig',
      tags: ['auth'],
      summary: 'Si la página de inicio muestra «Entrar con la cuenta de la empresa», y su texto',
      response: { 200: oidcPublicConfigSchema },
    },
    handler: async () => ({ enabled: settings !== undefined, label: settings?.label ?? null }),
  });

  app.get('/auth/oidc/start', {
    config: { public: true, rateLimit },
    schema: {
      operationId: 'startOidcSignIn',
      tags: ['auth'],
      summary: 'Ir al proveedor de la empresa para iniciar sesión (redirige)',
      response: { 302: z.null().describe('Redirige al proveedor'), ...errorResponses(404, 429) },
    },
    handler: async (_request, reply) => {
      const { url, browser } = await enabled().start();
      reply.setCookie(BROWSER_COOKIE, browser, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: 600 });
      return reply.redirect(url, 302);
    },
  });

  app.get('/auth/oidc/callback', {
    config: { public: true, rateLimit },
    schema: {
      operationId: 'oidcCallback',
      tags: ['auth'],
      summary: 'Regreso del proveedor (redirige a la página de inicio con un código de un solo uso)',
      response: { 302: z.null().describe('Redirige a /login'), ...errorResponses(404, 429) },
    },
    handler: async (request, reply) => {
      const oidc = enabled();
      const raw = request.raw.url ?? '';
      const query = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : '';
      reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
      // A fragment: the code never reaches a server log nor a Referer.
      try {
        const code = await oidc.callback(query, request.cookies[BROWSER_COOKIE], request.ip);
        return reply.redirect(`/login#oidc=${code}`, 302);
      } catch (error) {
        if (!(error instanceof OidcRefused)) throw error;
        return reply.redirect(`/login#oidcError=${error.reason}`, 302);
      }
    },
  });

  app.post('/auth/oidc/exchange', {
    config: { public: true, rateLimit },
    schema: {
      operationId: 'exchangeOidcCode',
      tags: ['auth'],
      summary: 'Cambiar el código de un solo uso por la sesión, o por el segundo paso (la misma respuesta que el inicio de sesión)',
      body: oidcExchangeSchema,
      response: { 200: loginOutcomeSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) => {
      try {
        return await enabled().exchange(request.body.code, { ip: request.ip, userAgent: request.headers['user-agent'] });
      } catch (error) {
        if (error instanceof OidcRefused) throw new UnauthorizedError(OIDC_REFUSAL_MESSAGES[error.reason]);
        throw error;
      }
    },
  });
};

export default oidcRoutes;
