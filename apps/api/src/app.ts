import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { httpLimits } from './lib/http-limits';
import type { Database } from './db/client';
import { APP_MODULES } from './app-modules';
import importJobRoutes, { IMPORT_SCHEMAS } from './lib/import/routes';
import type { Dashboard } from '@goc/contracts';
import type { WidgetContext } from './lib/dashboard';
import { createServices, type AnyApiModule } from './lib/modules';
import { CRUD_SCHEMAS } from './lib/crud/documented';
import { createSchemaNames, SHARED_SCHEMAS } from './lib/openapi';
import { createResourceRegistry } from './lib/crud/tables';
import { trustedProxies } from './lib/proxies';
import { limitFileReads, limitUploads } from './lib/uploads';
import { requestLogFields } from './lib/request-log';
import access from './plugins/access';
import backups from './plugins/backups';
import compression from './plugins/compression';
import context from './plugins/context';
import disk from './plugins/disk';
import { docsUi, openApi } from './plugins/docs';
import errors from './plugins/errors';
import events, { type EventsOptions } from './plugins/events';
import idempotency, { type IdempotencyOptions } from './plugins/idempotency';
import inputGuard from './plugins/input-guard';
import jobs from './plugins/jobs';
import metrics from './plugins/metrics';
import rateLimit from './plugins/rate-limit';
import security, { apiNoStore } from './plugins/security';
import web from './plugins/web';

export const API_PREFIX = '/api/v2';

/** The API under /api/v2: the import jobs every importable resource shares, then each module's routes. */
async function api(app: FastifyInstance, { modules }: { modules: readonly AnyApiModule[] }): Promise<void> {
  app.addHook('onSend', apiNoStore);
  // Multipart bodies (imports, attachments) for the whole API; each route sets its own limits.
  await app.register(multipart);
  const limits = httpLimits(app.config);
  app.addHook('onRequest', limitUploads(limits.uploadsPerUser));
  app.addHook('onRequest', limitFileReads(app, limits.fileReadsPerMinute, limits.fileReadRefusalDelayMs));
  await app.register(importJobRoutes);
  const services = createServices(app, modules);
  app.decorate(
    'dashboardWidgets',
    modules.flatMap((m) => (m.widgets ?? []).map((w) => ({ id: w.id, fill: (ctx: WidgetContext, body: Dashboard) => w.fill(ctx, services, body) }))),
  );
  for (const module of modules) {
    const routes = module.routes?.bind(module);
    if (routes) await app.register(async (scope) => routes(scope, services));
  }
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
  /** The modules (APP_MODULES unless given): a test adds a throw-away one. */
  modules?: readonly AnyApiModule[];
  /** Idempotency-Key options (tests shorten the wait for a key in progress). */
  idempotency?: IdempotencyOptions;
}

export function buildApp(config: AppConfig, database: Database, options: BuildOptions = {}): FastifyInstance {
  const modules = options.modules ?? APP_MODULES;
  // Before any service exists: references and delete checks resolve every module's tables — this
  // app's modules' alone (another app in the process has its own).
  const resourceTables = createResourceRegistry(modules.flatMap((m) => m.resources ?? []));
  const limits = httpLimits(config);
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
    // A request trickling in a byte at a time holds its connection until these cut it (docs/security.md).
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: limits.timeoutCheckMs,
    },
    // Behind a load balancer each user's own IP (login rate limit, audit, /metrics), not the balancer's.
    trustProxy: trustedProxies(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('modules', modules);
  // The document's names are this app's: another app in the process (a test's) names its own.
  const schemaNames = createSchemaNames();
  schemaNames.add({ ...SHARED_SCHEMAS, ...CRUD_SCHEMAS, ...IMPORT_SCHEMAS });
  for (const m of modules) schemaNames.add(m.schemas ?? {});
  app.decorate('schemaNames', schemaNames);
  app.register(context, { config, database, resourceTables });
  // Tests that keep events undelivered (dispatch: false) keep every queue for drain().
  const pollMs = options.events?.settings?.pollMs;
  app.register(jobs, { run: options.events?.dispatch !== false, settings: pollMs === undefined ? {} : { pollMs } });
  app.register(events, options.events ?? {});
  app.register(metrics);
  app.register(disk);
  app.register(backups);
  app.register(errors);
  app.register(security);
  app.register(inputGuard);
  app.register(rateLimit);
  app.register(compression);
  app.register(openApi);
  app.register(access);
  // After the access check (the key is the caller's), before any route.
  app.register(idempotency, options.idempotency ?? {});
  for (const module of modules) if (module.root) app.register(module.root);
  app.register(api, { prefix: API_PREFIX, modules });
  app.register(docsUi);
  app.register(web);
  return app;
}
