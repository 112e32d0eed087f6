import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { ResourceService } from '../lib/crud/service';
import type { ResourceServices } from '../lib/crud/services';
import type { ResourceRegistry } from '../lib/crud/tables';
import { createDatabaseListeners, type DatabaseListeners } from '../lib/db-listener';
import { createExportLimiter, type ExportLimiter } from '../lib/export/limiter';
import { createImportJobs, type ImportJobs } from '../lib/import/jobs';
import { createPasswordHasher, type PasswordHasher } from '../lib/passwords';
import { createAccessTokenService, type AccessTokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The opened database (driver kind, close()); owned by whoever called buildApp. */
    database: Database;
    db: Db;
    /** The app's one listening connection on PostgreSQL, every channel multiplexed on it (lib/db-listener). */
    listeners: DatabaseListeners;
    passwords: PasswordHasher;
    tokens: AccessTokenService;
    /** Slots for running exports (lib/export/limiter). */
    exportLimiter: ExportLimiter;
    /** Imports running with `Prefer: respond-async` (lib/import/jobs). */
    importJobs: ImportJobs;
    /**
     * Every resource's service by its key, filled as modules register their routes: what lets a
     * party outside a module ask whether someone may open one of its records (notifications).
     */
    resources: ResourceServices;
    /** Where each resource of this app's modules lives (lib/crud/tables): what references resolve in. */
    resourceTables: ResourceRegistry;
  }
}

export interface ContextOptions {
  config: AppConfig;
  database: Database;
  resourceTables: ResourceRegistry;
}

/** The app-wide dependencies every module reads from `app` (or `request.server`). */
async function contextPlugin(app: FastifyInstance, { config, database, resourceTables }: ContextOptions): Promise<void> {
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('listeners', createDatabaseListeners(database, app.log));
  app.decorate('passwords', createPasswordHasher(config.auth.argon2));
  app.decorate('tokens', createAccessTokenService(config.auth, config.jwtSecret));
  app.decorate('exportLimiter', createExportLimiter(config.exports));
  app.decorate('importJobs', createImportJobs());
  app.decorate('resources', new Map<string, ResourceService>() as ResourceServices);
  app.decorate('resourceTables', resourceTables);
}

export default fp(contextPlugin, { name: 'goc-context' });
