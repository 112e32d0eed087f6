import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INTEGRATION_MESSAGES,
  MFA_MESSAGES,
  loginResponseSchema,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  passkeyAuthenticationOptionsRequestSchema,
  passkeyEnrolledSchema,
  passkeyEnrollmentRequestSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisteredSchema,
  passkeyRegistrationRequestSchema,
  passwordConfirmationSchema,
  reauthenticateRequestSchema,
  recoveryCodesResponseSchema,
  totpConfirmRequestSchema,
  totpConfirmResponseSchema,
  totpSetupRequestSchema,
  totpSetupResponseSchema,
  usersCatalog,
} from '@goc/contracts';
import { actorOf } from '../../lib/crud/actor';
import { idParamsSchema } from '../../lib/crud/routes';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { errorResponses, PERSON_ONLY } from '../../lib/openapi';
import { createTotpKeys } from '../../lib/totp';
import { authenticate } from '../../plugins/access';
import { liveChallenge } from './mfa-challenges';
import { createMfaService, type Enroller } from './mfa-service';
import { createPasskeyService } from './passkeys';
import { createRecoveryCodes } from './recovery-codes';
import { createAuthService } from './service';

/** Two-factor verification and re-authentication (docs/security.md "Two-factor verification"). */
const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.auth;
  const auth = createAuthService({ db: app.db, passwords: app.passwords, tokens: app.tokens, settings });
  const keys = createTotpKeys(app.config.jwtSecret);
  const recovery = createRecoveryCodes(keys);
  const passkeys = createPasskeyService(app.db, app.config.webauthn, recovery);
  const mfa = createMfaService({ db: app.db, passwords: app.passwords, keys, auth, passkeys, recovery });
  const attempts = { max: settings.loginRateLimit.max, timeWindow: settings.loginRateLimit.windowMs };

  /** Setup and confirm serve a sign-in that must enrol first (its mfaToken) or a signed-in person (never a key). */
  async function enrollerOf(request: FastifyRequest, mfaToken: string | undefined): Promise<Enroller> {
    if (mfaToken !== undefined) {
      const challenge = await liveChallenge(app.db, mfaToken, 'enroll');
      if (!challenge) throw new UnauthorizedError();
      return { userId: challenge.userId, challenge };
    }
    const user = await authenticate(request);
    if (user.apiKeyId !== undefined) throw new ForbiddenError(INTEGRATION_MESSAGES.keyManagesNothing);
    return { userId: user.id, familyId: user.familyId };
  }

  /** Passkeys belong to people: an API key's service user has none. */
  function personOf(request: FastifyRequest) {
    if (request.user.apiKeyId !== undefined) throw new ForbiddenError(INTEGRATION_MESSAGES.keyManagesNothing);
    return request.user;
  }

  // Answers that carry a secret, codes or a session take no Idempotency-Key: they would be kept with the answer.
  app.post('/auth/mfa/verify', {
    config: { public: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'verifySecondFactor',
      tags: ['auth'],
      summary: 'Completar el inicio de sesión con un código de verificación, un código de recuperación o una llave de acceso',
      body: mfaVerifyRequestSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => mfa.verify(request.body, request.ip),
  });

  app.post('/auth/mfa/passkeys/authentication-options', {
    config: { public: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'passkeyAuthenticationOptions',
      tags: ['auth'],
      summary: 'Pedir el reto para usar una llave de acceso como segundo paso del inicio de sesión (con el mfaToken)',
      body: passkeyAuthenticationOptionsRequestSchema,
      response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => {
      const challenge = await liveChallenge(app.db, request.body.mfaToken, 'verify');
      if (!challenge) throw new UnauthorizedError(MFA_MESSAGES.challengeEnded);
      return passkeys.authenticationOptions(challenge.userId, challenge.id);
    },
  });

  // Registering and removing a passkey are sensitive changes: lib/reauth.ts asks for a recent password or code.
  app.get('/auth/mfa/passkeys', {
    config: { authenticated: true },
    schema: {
      operationId: 'listPasskeys',
      tags: ['auth'],
      summary: 'Llaves de acceso propias',
      security: PERSON_ONLY,
      response: { 200: passkeyListSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      personOf(request);
      return { items: await passkeys.list(request.user.id) };
    },
  });

  app.post('/auth/mfa/passkeys/registration-options', {
    config: { authenticated: true, idempotency: false },
    schema: {
      operationId: 'passkeyRegistrationOptions',
      tags: ['auth'],
      summary: 'Pedir el reto para registrar una llave de acceso (requiere haber confirmado la identidad hace poco)',
      security: PERSON_ONLY,
      response: { 200: passkeyOptionsSchema, ...errorResponses(401, 403, 409) },
    },
    handler: async (request) => passkeys.registrationOptions(personOf(request).id),
  });

  app.post('/auth/mfa/passkeys', {
    config: { authenticated: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'registerPasskey',
      tags: ['auth'],
      summary: 'Registrar una llave de acceso con su nombre (requiere haber confirmado la identidad hace poco; si es el primer segundo paso, devuelve los códigos de recuperación una sola vez)',
      security: PERSON_ONLY,
      body: passkeyRegistrationRequestSchema,
      response: { 201: passkeyRegisteredSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request, reply) => reply.status(201).send(await passkeys.register(personOf(request).id, request.body, request.ip)),
  });

  app.delete('/auth/mfa/passkeys/:id', {
    config: { authenticated: true },
    schema: {
      operationId: 'deletePasskey',
      tags: ['auth'],
      summary: 'Quitar una llave de acceso propia (requiere haber confirmado la identidad hace poco)',
      security: PERSON_ONLY,
      params: idParamsSchema,
      response: { 204: z.null().describe('Llave quitada'), ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const user = personOf(request);
      await passkeys.remove(user.id, request.params.id, await mfa.requiredByRole(app.db, user.id), request.ip);
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/mfa/totp/setup', {
    // Public to the access plugin: during a sign-in that must enrol there is no session yet, only the mfaToken.
    config: { public: true, idempotency: false },
    schema: {
      operationId: 'setupTotp',
      tags: ['auth'],
      summary: 'Generar el secreto de la aplicación de autenticación (con sesión o con el mfaToken de inscripción)',
      security: [...PERSON_ONLY, {}],
      body: totpSetupRequestSchema.nullish(),
      response: { 200: totpSetupResponseSchema, ...errorResponses(401, 403, 409) },
    },
    handler: async (request) => mfa.setup(await enrollerOf(request, request.body?.mfaToken)),
  });

  app.post('/auth/mfa/totp/confirm', {
    config: { public: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'confirmTotp',
      tags: ['auth'],
      summary: 'Activar la verificación en dos pasos con el primer código (devuelve los códigos de recuperación una sola vez)',
      security: [...PERSON_ONLY, {}],
      body: totpConfirmRequestSchema,
      response: { 200: totpConfirmResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request) => mfa.confirm(await enrollerOf(request, request.body.mfaToken), request.body.code, request.ip),
  });

  app.post('/auth/mfa/enroll/passkey-options', {
    config: { public: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'passkeyEnrollmentOptions',
      tags: ['auth'],
      summary: 'Pedir el reto para registrar una llave de acceso como segundo paso obligatorio (con el mfaToken de inscripción)',
      body: passkeyAuthenticationOptionsRequestSchema,
      response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => mfa.passkeyEnrollmentOptions(request.body.mfaToken),
  });

  app.post('/auth/mfa/enroll/passkey', {
    config: { public: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'enrollPasskey',
      tags: ['auth'],
      summary: 'Inscribirse con una llave de acceso durante el inicio de sesión (devuelve los códigos de recuperación una sola vez y la sesión)',
      body: passkeyEnrollmentRequestSchema,
      response: { 200: passkeyEnrolledSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => mfa.enrolPasskey(request.body, request.ip),
  });

  app.get('/auth/mfa', {
    config: { authenticated: true },
    schema: {
      operationId: 'getSecondFactorStatus',
      tags: ['auth'],
      summary: 'Estado de la verificación en dos pasos propia',
      response: { 200: mfaStatusSchema, ...errorResponses(401) },
    },
    handler: async (request) => mfa.status(request.user.id),
  });

  app.post('/auth/mfa/totp/disable', {
    config: { authenticated: true, rateLimit: attempts },
    schema: {
      operationId: 'disableTotp',
      tags: ['auth'],
      summary: 'Desactivar la verificación en dos pasos propia (requiere la contraseña)',
      body: passwordConfirmationSchema,
      response: { 204: z.null().describe('Verificación desactivada'), ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request, reply) => {
      await mfa.disable(request.user.id, request.user.familyId, request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.post('/auth/mfa/recovery-codes', {
    config: { authenticated: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'regenerateRecoveryCodes',
      tags: ['auth'],
      summary: 'Generar códigos de recuperación nuevos (requiere la contraseña; los anteriores dejan de servir)',
      body: passwordConfirmationSchema,
      response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => ({ recoveryCodes: await mfa.regenerate(request.user.id, request.user.familyId, request.body.password, request.ip) }),
  });

  app.post('/auth/reauthenticate/passkey-options', {
    config: { authenticated: true, rateLimit: attempts, idempotency: false },
    schema: {
      operationId: 'passkeyReauthenticationOptions',
      tags: ['auth'],
      summary: 'Pedir el reto para confirmar la identidad con una llave de acceso',
      security: PERSON_ONLY,
      response: { 200: passkeyOptionsSchema, ...errorResponses(401, 403, 409, 429) },
    },
    handler: async (request) => mfa.passkeyReauthenticationOptions(personOf(request).id),
  });

  app.post('/auth/reauthenticate', {
    config: { authenticated: true, rateLimit: attempts },
    schema: {
      operationId: 'reauthenticate',
      tags: ['auth'],
      summary: 'Confirmar la identidad (contraseña, código o llave de acceso) antes de un cambio delicado',
      body: reauthenticateRequestSchema,
      response: { 204: z.null().describe('Identidad confirmada'), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      await mfa.reauthenticate(request.user.id, request.user.familyId, request.body, request.ip);
      return reply.status(204).send(null);
    },
  });

  app.delete('/users/:id/mfa', {
    config: { permission: { module: 'config_permissions', action: 'edit' } },
    schema: {
      operationId: 'removeUserSecondFactor',
      tags: [usersCatalog.title],
      summary: 'Quitar la verificación en dos pasos de un usuario (perdió su teléfono)',
      params: idParamsSchema,
      response: { 204: z.null().describe('Verificación quitada'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await mfa.removeByAdmin(await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};

export default mfaRoutes;
