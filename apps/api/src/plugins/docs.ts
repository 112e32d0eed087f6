import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { keyMayNotReach } from '../lib/api-keys';
import { documentIdempotencyKey, IDEMPOTENCY_MARK, takesIdempotencyKey } from '../lib/idempotency/openapi';
import { PERSON_ONLY, PUBLIC_SECURITY, SECURED, SECURITY_SCHEMES, tidyComponents } from '../lib/openapi';

export const DOCS_PREFIX = '/api/docs';

/**
 * Collects every route's zod schemas into the OpenAPI document (must register before the routes).
 * Each operation's `security` follows the route's access mark, so the document cannot drift from
 * what the access plugin enforces; named schemas become components (lib/openapi.ts, docs/api.md).
 */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  const { registry } = app.schemaNames;
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GOC API',
        description: 'API de gestión de obras, pedidos, altas y bajas y catálogos de configuración.',
        version: '2.0.0',
      },
      // Relative: the paths already start with /api/v2, and a proxy in front keeps the same origin.
      servers: [{ url: '/', description: 'El mismo servidor que sirve este documento' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      // A route states its own only where the mark does not tell (refresh: public, yet sends the expired token).
      // A route declared without a schema (none in the product; tests add some) still gets its security.
      // Where the access plugin refuses API keys, the document offers only a person's token.
      const schema = transformed.schema ?? {};
      const { config, method, url } = document.route;
      const personOnly = [method].flat().some((m) => keyMayNotReach(m, url));
      const security = schema.security ?? (config?.public === true ? PUBLIC_SECURITY : personOnly ? PERSON_ONLY : SECURED);
      // Writes taking an Idempotency-Key are marked here, where the route's config is known (lib/idempotency/openapi.ts).
      const idempotent = takesIdempotencyKey(method, config) ? { [IDEMPOTENCY_MARK]: true } : {};
      return { ...transformed, schema: { ...schema, security, ...idempotent } };
    },
    transformObject: (document) =>
      documentIdempotencyKey(tidyComponents(jsonSchemaTransformObject(document) as Parameters<typeof tidyComponents>[0])) as ReturnType<typeof jsonSchemaTransformObject>,
  });
}

export const openApi = fp(openApiPlugin, { name: 'goc-openapi' });

/** Swagger UI at /api/docs. Its pages are public; its assets are local, so the strict CSP holds. */
export async function docsUi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    validatorUrl: false,
  });
}
