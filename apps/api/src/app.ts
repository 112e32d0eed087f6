import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import attachmentRoutes from './modules/attachments/routes';
import adminRoutes from './modules/admin/routes';
import authRoutes from './modules/auth/routes';
import catalogRoutes from './modules/catalogs/routes';
import dashboardRoutes from './modules/dashboard/routes';
import healthRoutes from './modules/health/routes';
import integrationRoutes from './modules/integrations/routes';
import webhookWorker from './modules/integrations/worker';
import notificationRoutes from './modules/notifications/routes';
import orderRoutes from './modules/orders/routes';
import permissionRoutes from './modules/permissions/routes';
import registryRoutes from './modules/registry/routes';
import projectRoutes from './modules/projects/routes';
import rolesRoutes from './modules/roles/routes';
import usersRoutes from './modules/users/routes';
import workRoutes from './modules/works/routes';
import importJobRoutes from './lib/import/routes';
import { requestLogFields } from './lib/request-log';
import access from './plugins/access';
import backups from './plugins/backups';
import compression from './plugins/compression';
import context from './plugins/context';
import { docsUi, openApi } from './plugins/docs';
import errors from './plugins/errors';
import events, { type EventsOptions } from './plugins/events';
import inputGuard from './plugins/input-guard';
import metrics from './plugins/metrics';
import rateLimit from './plugins/rate-limit';
import security, { apiNoStore } from './plugins/security';
import web from './plugins/web';

export const API_PREFIX = '/api/v2';

/** The API's modules, mounted under /api/v2. A new module adds one line here. */
async function api(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', apiNoStore);
  // Multipart bodies (imports, attachments) for the whole API; each route sets its own limits.
  await app.register(multipart);
  await app.register(importJobRoutes);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(permissionRoutes);
  await app.register(catalogRoutes);
  await app.register(rolesRoutes);
  await app.register(usersRoutes);
  await app.register(orderRoutes);
  await app.register(registryRoutes);
  await app.register(projectRoutes);
  await app.register(workRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationRoutes);
  await app.register(attachmentRoutes);
  await app.register(adminRoutes);
  await app.register(integrationRoutes);
}

/**
 * The whole HTTP application on an opened, migrated database. Used by server.ts and the tests.
 * Everything is registered as a plugin (nothing runs until `ready()`), so callers may still add
 * hooks — the route-enumeration test does. The caller owns `database` and closes it after `app.close()`.
 */
export interface BuildOptions {
  /** Domain-event dispatcher options (tests build apps whose dispatcher is off or quicker to retry). */
  events?: EventsOptions;
  /** Where the log goes (stdout unless given): tests read what it says. */
  logStream?: { write(line: string): void };
}

export function buildApp(config: AppConfig, database: Database, options: BuildOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Credentials never reach the logs.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[oculto]' },
      // The stream's ticket is in its URL: the logged URL hides it.
      serializers: { req: requestLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Requests are small JSON documents; 1 MiB leaves room for long order forms.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a load balancer each user's own IP (login rate limit, audit), not the balancer's.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.register(context, { config, database });
  app.register(events, options.events ?? {});
  app.register(metrics);
  app.register(backups);
  app.register(errors);
  app.register(security);
  app.register(inputGuard);
  app.register(rateLimit);
  app.register(compression);
  app.register(openApi);
  app.register(access);
  app.register(webhookWorker);
  app.register(api, { prefix: API_PREFIX });
  app.register(docsUi);
  app.register(web);
  return app;
}
