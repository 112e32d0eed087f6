import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_IDLE_MINUTES, IDLE_MINUTES_RANGE } from '@goc/contracts';
import { APP_MODULES } from './app-modules';
import { parseBackupSchedule, type BackupSchedule } from './lib/backup/schedule';
import { booleanFlag, optionalText } from './lib/env';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from './lib/http-limits';
import { DEFAULT_EXPORT_LIMITS, type ExportLimits } from './lib/export/limiter';
import { moduleEnvProblems, moduleSettings, type AnyApiModule, type ModuleSettings } from './lib/modules';

/** Security knobs that are not environment variables; tests override them through buildApp's config. */
export interface AuthSettings {
  issuer: string;
  audience: string;
  /** Access JWT lifetime (seconds). */
  accessTokenTtlSeconds: number;
  /**
   * GOC_IDLE_MINUTES: a session without keep_session ends after this many minutes without the
   * person's activity. The SPA enforces it; each access token carries it (claim IDLE_MINUTES_CLAIM).
   */
  idleMinutes: number;
  /** A refresh token unused this long expires (seconds); never beyond its family's absolute expiry. */
  refreshTokenTtlSeconds: number;
  /** Absolute lifetime of a login's refresh-token family (seconds): after it the user signs in again. */
  refreshFamilyTtlSeconds: number;
  /** Consecutive failed logins that lock an account… */
  maxFailedLogins: number;
  /** …for this many minutes. */
  lockoutMinutes: number;
  /** Login attempts (and own-password changes) per IP per window (HTTP 429 beyond); GOC_LOGIN_RATE_LIMIT sets max. */
  loginRateLimit: { max: number; windowMs: number };
  /** Refresh calls per IP per window. */
  refreshRateLimit: { max: number; windowMs: number };
  /** argon2id cost (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  issuer: 'goc-api',
  audience: 'goc-web',
  accessTokenTtlSeconds: 15 * 60,
  idleMinutes: DEFAULT_IDLE_MINUTES,
  refreshTokenTtlSeconds: 7 * 24 * 3600,
  refreshFamilyTtlSeconds: 30 * 24 * 3600,
  maxFailedLogins: 5,
  lockoutMinutes: 15,
  loginRateLimit: { max: 20, windowMs: 60_000 },
  refreshRateLimit: { max: 60, windowMs: 60_000 },
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
};

/**
 * The process's own settings: where it listens, its database and data folder, its secrets, the proxies
 * it believes, the bounds of its HTTP server and what runs beside every module (events, exports,
 * metrics, backups). Each module's settings come from its manifest's configuration fragment.
 */
export interface ProcessConfig {
  port: number;
  host: string;
  databaseUrl?: string | undefined;
  /** Absolute folder for the embedded database and generated secrets. */
  dataDir: string;
  adminPassword?: string | undefined;
  demoData: boolean;
  /** HS256 key for access tokens. */
  jwtSecret: string;
  redisUrl?: string | undefined;
  /** Built SPA served by the same process (apps/web/dist). */
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  auth: AuthSettings;
  /**
   * GOC_TRUST_PROXY: which proxies' X-Forwarded-For / -Proto to believe (client IP for the login rate
   * limit, the audit log and /metrics; https for HSTS). false: none; true: one hop from this host or a
   * private network; or the proxies' addresses (lib/proxies).
   */
  trustProxy: boolean | string;
  /** Timeouts, connections and what one user holds open; defaults in DEFAULT_HTTP_LIMITS. */
  http?: Partial<HttpLimits> | undefined;
  /** Concurrent exports allowed per user and in the whole process (HTTP 429 beyond). */
  exports: ExportLimits;
  /** Domain events (lib/events): delivered events older than this many days are purged. */
  eventRetentionDays: number;
  /** Bearer that may read /metrics from outside loopback; undefined: loopback only. */
  metricsToken?: string | undefined;
  /** GOC_PUBLIC_URL without a trailing slash: where the SPA is reached from outside (links in e-mails, the company's sign-in, passkeys). */
  publicUrl?: string | undefined;
  backups: {
    /** Absolute folder of the backup files. */
    dir: string;
    /** Daily time (Mexico City) of the automatic backup, or off. */
    schedule: BackupSchedule;
    /** How many backups are kept (the oldest go). */
    keep: number;
  };
}

/** The app's configuration: the process's own settings and every module's (lib/modules `ModuleSettings`). */
export type AppConfig = ProcessConfig & ModuleSettings;


export const DEFAULT_EVENT_RETENTION_DAYS = 30;

/**
 * The repository root: the nearest folder above this module whose package.json declares workspaces.
 * Relative paths (GOC_DATA_DIR=./data) resolve against it, so `npm start` (cwd apps/api) and
 * `node apps/api/dist/server.js` (cwd root) use the same data folder. Outside a checkout: the cwd.
 */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces) return dir;
      } catch {
        // An unreadable package.json is not the root; keep climbing.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número' })
    .int('PORT debe ser un número entero')
    .min(1, 'PORT debe estar entre 1 y 65535')
    .max(65_535, 'PORT debe estar entre 1 y 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'HOST no puede estar vacío').default('127.0.0.1'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL debe ser una cadena de conexión postgres:// o postgresql://',
  ),
  GOC_DATA_DIR: z.string().trim().min(1, 'GOC_DATA_DIR no puede estar vacío').default('./data'),
  GOC_ADMIN_PASSWORD: optionalText.refine(
    (v) => v === undefined || v.length >= 8,
    'GOC_ADMIN_PASSWORD debe tener al menos 8 caracteres',
  ),
  GOC_DEMO_DATA: booleanFlag('GOC_DEMO_DATA').optional(),
  GOC_JWT_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'GOC_JWT_SECRET debe tener al menos 32 caracteres',
  ),
  GOC_TRUST_PROXY: optionalText.transform((v, ctx): boolean | string => {
    if (v === undefined || ['false', '0', 'no'].includes(v.toLowerCase())) return false;
    if (['true', '1', 'yes'].includes(v.toLowerCase())) return true;
    if (/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/.test(v)) return v;
    ctx.addIssue({ code: 'custom', message: 'GOC_TRUST_PROXY debe ser true, false o una lista de IP/CIDR de los proxies separadas por comas' });
    return z.NEVER;
  }),
  GOC_REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'GOC_REQUEST_TIMEOUT_SECONDS debe ser un número' })
    .int('GOC_REQUEST_TIMEOUT_SECONDS debe ser un número entero de segundos')
    .min(10, 'GOC_REQUEST_TIMEOUT_SECONDS debe estar entre 10 y 3600')
    .max(3600, 'GOC_REQUEST_TIMEOUT_SECONDS debe estar entre 10 y 3600')
    .default(DEFAULT_HTTP_LIMITS.requestTimeoutMs / 1000),
  GOC_MAX_CONNECTIONS: z.coerce
    .number({ error: 'GOC_MAX_CONNECTIONS debe ser un número' })
    .int('GOC_MAX_CONNECTIONS debe ser un número entero')
    .min(10, 'GOC_MAX_CONNECTIONS debe estar entre 10 y 100000')
    .max(100_000, 'GOC_MAX_CONNECTIONS debe estar entre 10 y 100000')
    .default(DEFAULT_HTTP_LIMITS.maxConnections),
  GOC_FILE_READS_PER_MINUTE: z.coerce
    .number({ error: 'GOC_FILE_READS_PER_MINUTE debe ser un número' })
    .int('GOC_FILE_READS_PER_MINUTE debe ser un número entero de archivos por minuto')
    .min(1, 'GOC_FILE_READS_PER_MINUTE debe estar entre 1 y 100000 archivos por minuto')
    .max(100_000, 'GOC_FILE_READS_PER_MINUTE debe estar entre 1 y 100000 archivos por minuto')
    .default(DEFAULT_HTTP_LIMITS.fileReadsPerMinute),
  GOC_EVENT_RETENTION_DAYS: z.coerce
    .number({ error: 'GOC_EVENT_RETENTION_DAYS debe ser un número' })
    .int('GOC_EVENT_RETENTION_DAYS debe ser un número entero de días')
    .min(1, 'GOC_EVENT_RETENTION_DAYS debe ser al menos 1')
    .max(3650, 'GOC_EVENT_RETENTION_DAYS no puede pasar de 3650')
    .default(DEFAULT_EVENT_RETENTION_DAYS),
  GOC_IDLE_MINUTES: z.coerce
    .number({ error: 'GOC_IDLE_MINUTES debe ser un número de minutos' })
    .int('GOC_IDLE_MINUTES debe ser un número entero de minutos')
    .min(IDLE_MINUTES_RANGE.min, `GOC_IDLE_MINUTES debe estar entre ${IDLE_MINUTES_RANGE.min} y ${IDLE_MINUTES_RANGE.max} minutos`)
    .max(IDLE_MINUTES_RANGE.max, `GOC_IDLE_MINUTES debe estar entre ${IDLE_MINUTES_RANGE.min} y ${IDLE_MINUTES_RANGE.max} minutos`)
    .default(DEFAULT_IDLE_MINUTES),
  // Raised only where every client shares one address, as in the end-to-end suite's workers; never in production.
  GOC_LOGIN_RATE_LIMIT: z.coerce
    .number({ error: 'GOC_LOGIN_RATE_LIMIT debe ser un número' })
    .int('GOC_LOGIN_RATE_LIMIT debe ser un número entero de intentos por minuto')
    .min(1, 'GOC_LOGIN_RATE_LIMIT debe estar entre 1 y 100000 intentos por minuto')
    .max(100_000, 'GOC_LOGIN_RATE_LIMIT debe estar entre 1 y 100000 intentos por minuto')
    .default(DEFAULT_AUTH_SETTINGS.loginRateLimit.max),
  GOC_METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, 'GOC_METRICS_TOKEN debe tener al menos 16 caracteres'),
  GOC_BACKUP_DIR: optionalText,
  GOC_BACKUP_SCHEDULE: z
    .string()
    .trim()
    .default('02:00')
    .transform((v, ctx) => {
      const schedule = parseBackupSchedule(v);
      if (schedule) return schedule;
      ctx.addIssue({ code: 'custom', message: 'GOC_BACKUP_SCHEDULE debe ser una hora HH:MM (hora de la Ciudad de México) u off' });
      return z.NEVER;
    }),
  GOC_BACKUP_KEEP: z.coerce.number({ error: 'GOC_BACKUP_KEEP debe ser un número' }).int('GOC_BACKUP_KEEP debe ser un número entero').min(1, 'GOC_BACKUP_KEEP debe ser al menos 1').default(14),
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), 'REDIS_URL debe empezar con redis:// o rediss://'),
  GOC_PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), 'GOC_PUBLIC_URL debe empezar con http:// o https://'),
});

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const JWT_SECRET_FILE = 'jwt-secret';

/** Reads the signing key kept in the data folder, creating it (owner-only) on first start. */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const problemLine = (issue: z.core.$ZodIssue) => `${issue.path.join('.')}: ${issue.message}`;

/**
 * Environment → typed configuration: the process's variables, then each module's configuration
 * fragment (its manifest's `config`). Throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, modules: readonly AnyApiModule[] = APP_MODULES): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError([...parsed.error.issues.map(problemLine), ...moduleEnvProblems(modules, env)]);
  const e = parsed.data;
  const root = projectRoot();
  const dataDir = isAbsolute(e.GOC_DATA_DIR) ? e.GOC_DATA_DIR : resolve(root, e.GOC_DATA_DIR);
  const own: ProcessConfig = {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminPassword: e.GOC_ADMIN_PASSWORD,
    // Demo data by default only on the embedded database: a real PostgreSQL is usually production.
    demoData: e.GOC_DEMO_DATA ?? e.DATABASE_URL === undefined,
    jwtSecret: e.GOC_JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    redisUrl: e.REDIS_URL,
    webDistDir: resolve(root, 'apps/web/dist'),
    logLevel: 'info',
    auth: {
      ...DEFAULT_AUTH_SETTINGS,
      idleMinutes: e.GOC_IDLE_MINUTES,
      loginRateLimit: { ...DEFAULT_AUTH_SETTINGS.loginRateLimit, max: e.GOC_LOGIN_RATE_LIMIT },
    },
    trustProxy: e.GOC_TRUST_PROXY,
    http: { requestTimeoutMs: e.GOC_REQUEST_TIMEOUT_SECONDS * 1000, maxConnections: e.GOC_MAX_CONNECTIONS, fileReadsPerMinute: e.GOC_FILE_READS_PER_MINUTE },
    exports: DEFAULT_EXPORT_LIMITS,
    eventRetentionDays: e.GOC_EVENT_RETENTION_DAYS,
    metricsToken: e.GOC_METRICS_TOKEN,
    publicUrl: e.GOC_PUBLIC_URL?.replace(/\/+$/, ''),
    backups: {
      dir: e.GOC_BACKUP_DIR ? (isAbsolute(e.GOC_BACKUP_DIR) ? e.GOC_BACKUP_DIR : resolve(root, e.GOC_BACKUP_DIR)) : join(dataDir, 'backups'),
      schedule: e.GOC_BACKUP_SCHEDULE,
      keep: e.GOC_BACKUP_KEEP,
    },
  };
  const settings = moduleSettings(modules, env, own);
  if (Array.isArray(settings)) throw new ConfigError(settings);
  // Complete when the list is the app's: every ModuleSettings entry is declared beside the fragment that fills it.
  return { ...own, ...settings } as AppConfig;
}
