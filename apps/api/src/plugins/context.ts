import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { ResourceService } from '../lib/crud/service';
import { createExportLimiter, type ExportLimiter } from '../lib/export/limiter';
import { createPasswordHasher, type PasswordHasher } from '../lib/passwords';
import { createAccessTokenService, type AccessTokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The opened database (driver kind, close()); owned by whoever called buildApp. */
    database: Database;
    db: Db;
    passwords: PasswordHasher;
    tokens: AccessTokenService;
    /** Slots for running exports (lib/export/limiter). */
    exportLimiter: ExportLimiter;
    /** Every resource's service by declaration key, as its routes register it (lib/crud/routes). */
    resources: Map<string, ResourceService>;
  }
}

export interface ContextOptions {
  config: AppConfig;
  database: Database;
}

/** The app-wide dependencies every module reads from `app` (or `request.server`). */
async function contextPlugin(app: FastifyInstance, { config, database }: ContextOptions): Promise<void> {
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('passwords', createPasswordHasher(config.auth.argon2));
  app.decorate('tokens', createAccessTokenService(config.auth, config.jwtSecret));
  app.decorate('exportLimiter', createExportLimiter(config.exports));
  app.decorate('resources', new Map<string, ResourceService>());
}

export default fp(contextPlugin, { name: 'goc-context' });
