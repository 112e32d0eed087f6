import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loginResponseSchema, type LoginResponse } from '@goc/contracts';
import { buildApp, type BuildOptions } from '../../src/app';
import { DEFAULT_AUTH_SETTINGS, DEFAULT_EVENT_RETENTION_DAYS, type AppConfig, type AuthSettings } from '../../src/config';
import { DEFAULT_ATTACHMENT_SETTINGS } from '../../src/modules/attachments/settings';
import type { HostResolver } from '../../src/modules/integrations/settings';
import type { Database, Db } from '../../src/db/client';
import { roles, users } from '../../src/db/schema';
import { seedModules, seedRole, type Grants } from '../../src/db/seed/system';
import { DEFAULT_EXPORT_LIMITS } from '../../src/lib/export/limiter';
import { createTestDatabase, type TestDatabase } from './database';
import { ADMIN_PASSWORD, FAST_ARGON2 } from './seed-settings';

export { ADMIN_PASSWORD, FAST_ARGON2 };

export const TEST_JWT_SECRET = 'secreto-de-pruebas-con-mas-de-treinta-y-dos-caracteres';

export const TEST_AUTH: AuthSettings = {
  ...DEFAULT_AUTH_SETTINGS,
  argon2: FAST_ARGON2,
  // High enough that only the throttling tests, which lower it, ever hit it.
  loginRateLimit: { max: 10_000, windowMs: 60_000 },
  refreshRateLimit: { max: 10_000, windowMs: 60_000 },
};

/** A built SPA stand-in: index.html and one fingerprinted asset. */
export function createWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'goc-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es"><head><title>GOC</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("goc");');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const offlineResolver: HostResolver = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

export function testConfig(overrides: Partial<Omit<AppConfig, 'auth'>> & { auth?: Partial<AuthSettings> } = {}): AppConfig {
  const { auth, ...rest } = overrides;
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: join(tmpdir(), 'goc-test-data'),
    adminPassword: ADMIN_PASSWORD,
    demoData: false,
    jwtSecret: TEST_JWT_SECRET,
    redisUrl: undefined,
    webDistDir: join(tmpdir(), 'goc-no-web-dist'),
    logLevel: 'silent',
    trustProxy: false,
    exports: DEFAULT_EXPORT_LIMITS,
    eventRetentionDays: DEFAULT_EVENT_RETENTION_DAYS,
    attachments: DEFAULT_ATTACHMENT_SETTINGS,
    backups: { dir: join(tmpdir(), 'goc-test-backups'), schedule: 'off', keep: 14 },
    // Tests never ask the network's DNS: a webhook to a host name is refused unless a test mocks it.
    webhooks: { resolve: offlineResolver },
    // The import and fuzz tests send many files a minute; upload-limits.test.ts checks the bound.
    http: { fileReadsPerMinute: 100_000 },
    ...rest,
    auth: { ...TEST_AUTH, ...auth },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: AppConfig;
  /** Another app (other settings) on the same database; closed with this one. */
  variant(overrides: Parameters<typeof testConfig>[0], prepare?: (app: FastifyInstance) => void, build?: BuildOptions): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Parameters<typeof testConfig>[0];
  demoData?: boolean;
  /** Runs before `ready()`: add test-only routes or hooks (or event subscribers). */
  prepare?: (app: FastifyInstance) => void;
  /** buildApp's options for the first app (its event dispatcher). */
  build?: BuildOptions;
}

/** A seeded database (admin with ADMIN_PASSWORD) and an app on it, ready for `inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Seeded as seedDatabase does with ADMIN_PASSWORD (hashed with FAST_ARGON2), copied from the run's template.
  const testDb: TestDatabase = await createTestDatabase(options.demoData ? 'demo' : 'seeded');
  const config = testConfig(options.config);
  const apps: FastifyInstance[] = [];
  const start = async (cfg: AppConfig, prepare?: (app: FastifyInstance) => void, build?: BuildOptions) => {
    const app = buildApp(cfg, testDb.database, build);
    prepare?.(app);
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await start(config, options.prepare, options.build);
  return {
    app,
    database: testDb.database,
    db: testDb.database.db,
    config,
    variant: (overrides, prepare, build) => start(testConfig(overrides), prepare, build),
    async close() {
      for (const a of apps) await a.close();
      await testDb.close();
      if (config.webDistDir.includes('goc-web-')) rmSync(config.webDistDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD, remoteAddress?: string): Promise<LoginResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) });
  if (res.statusCode !== 200) throw new Error(`login ${username} → ${res.statusCode} ${res.body}`);
  return loginResponseSchema.parse(res.json());
}

export function postLogin(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { username, password }, remoteAddress });
}

/** A role with the given flags (modules without a grant get none). */
export async function createRole(db: Db, name: string, grants: Grants): Promise<number> {
  const modules = await seedModules(db);
  return seedRole(db, modules, name, `Rol de pruebas ${name}`, grants);
}

let userCounter = 0;

/** A user with a unique username; returns its id, username and password. */
export async function createUser(
  app: FastifyInstance,
  options: { roleId?: number; active?: boolean; employeeId?: number; password?: string; username?: string } = {},
): Promise<{ id: number; username: string; password: string }> {
  userCounter += 1;
  const username = options.username ?? `usuario${userCounter}_${Date.now() % 100000}`;
  const password = options.password ?? `Clave-de-prueba-${userCounter}`;
  let roleId = options.roleId;
  if (roleId === undefined) {
    const [admin] = await app.db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'Administrador'`);
    roleId = admin!.id;
  }
  const [row] = await app.db
    .insert(users)
    .values({ username, passwordHash: await app.passwords.hash(password), roleId, active: options.active ?? true, employeeId: options.employeeId ?? null })
    .returning({ id: users.id });
  return { id: row!.id, username, password };
}
