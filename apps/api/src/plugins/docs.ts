import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** Collects every route's zod schemas into the OpenAPI document (must register before the routes). */
async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GOC API',
        description: 'API de gestión de obras, pedidos, altas y bajas y catálogos de configuración.',
        version: '2.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
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
