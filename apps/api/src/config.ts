import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_ATTACHMENT_MAX_MB, DEFAULT_IDLE_MINUTES, IDLE_MINUTES_RANGE } from '@goc/contracts';
import { parseBackupSchedule, type BackupSchedule } from './lib/backup/schedule';
import { DEFAULT_EXPORT_LIMITS, type ExportLimits } from './lib/export/limiter';

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

export interface AppConfig {
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
  attachments: AttachmentSettings;
  /** Domain events (lib/events): delivered events older than this many days are purged. */
  eventRetentionDays: number;
  /** Outgoing e-mail of notifications; absent when GOC_SMTP_URL is not set. */
  mail?: MailConfig | undefined;
  /** Timings of notifications (tests shorten them); defaults in modules/notifications. */
  notifications?: Partial<NotificationSettings> | undefined;
  /** Bearer that may read /metrics from outside loopback; undefined: loopback only. */
  metricsToken?: string | undefined;
  /** Sign-in with the company's account (OpenID Connect); absent when GOC_OIDC_ISSUER is not set. */
  oidc?: OidcSettings | undefined;
  /** Passkeys: only with GOC_PUBLIC_URL, the one address a passkey is bound to (docs/security.md «Llaves de acceso»). */
  webauthn?: WebAuthnSettings | undefined;
  /** Webhook deliveries (docs/integrations.md); defaults in modules/integrations. */
  webhooks?: Partial<WebhookSettings> | undefined;
  backups: {
    /** Absolute folder of the backup files. */
    dir: string;
    /** Daily time (Mexico City) of the automatic backup, or off. */
    schedule: BackupSchedule;
    /** How many backups are kept (the oldest go). */
    keep: number;
  };
}

/** GOC_OIDC_*: the company's OpenID Provider (Microsoft Entra ID, Google Workspace; docs/security.md). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login page's button. */
  label: string;
  /** E-mail domains (lower case) whose verified address may link an account to a GOC user. */
  domains: string[];
  /** GOC_PUBLIC_URL + /api/v2/auth/oidc/callback, registered at the provider. */
  redirectUri: string;
}

/** The WebAuthn relying party, derived from GOC_PUBLIC_URL: a passkey works only on the address it was registered at. */
export interface WebAuthnSettings {
  /** The host name of GOC_PUBLIC_URL (goc.empresa.mx). */
  rpId: string;
  /** The origin of GOC_PUBLIC_URL (https://goc.empresa.mx) the browser reports in every response. */
  origin: string;
  /** The name the browser shows when it asks to create or use the passkey. */
  rpName: string;
}

/** GOC_PUBLIC_URL → the relying party; none for an IP address, which WebAuthn does not accept as an RP ID. */
export function webAuthnSettings(publicUrl: string | undefined): WebAuthnSettings | undefined {
  if (publicUrl === undefined) return undefined;
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[')) return undefined;
  return { rpId: host, origin: url.origin, rpName: 'GOC' };
}

/** Bounds of the HTTP server and of what one user holds at once (docs/security.md). */
export interface HttpLimits {
  /** The whole request, headers and body, arrives within this or it is answered 408 and closed. */
  requestTimeoutMs: number;
  /** The headers arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often the server looks for requests past those timeouts: a slow one is cut up to this late. */
  timeoutCheckMs: number;
  /** Connections open at once; beyond, a new one is closed as it arrives. */
  maxConnections: number;
  /** Live notification streams one user keeps open (per process). */
  streamsPerUser: number;
  /** Uploads (multipart requests: documents, imports, invoices) one user sends at once (per process). */
  uploadsPerUser: number;
  /** Files one user sends to be read (imports, supplier invoices) per minute (across processes with Redis). */
  fileReadsPerMinute: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  // 50 s plus a check every 5 s: a request still arriving after 55 s is cut.
  requestTimeoutMs: 50_000,
  headersTimeoutMs: 20_000,
  // Longer than the 60 s idle timeout of common load balancers, which must close first.
  keepAliveTimeoutMs: 72_000,
  timeoutCheckMs: 5_000,
  maxConnections: 1_000,
  streamsPerUser: 10,
  uploadsPerUser: 8,
  // Two a second for half a minute: more than a person importing or registering invoices sends.
  fileReadsPerMinute: 60,
};

export const httpLimits = (config: AppConfig): HttpLimits => ({ ...DEFAULT_HTTP_LIMITS, ...config.http });

export interface MailConfig {
  /** smtp:// or smtps:// with credentials, as nodemailer takes it. */
  smtpUrl: string;
  /** The From header: 'GOC <avisos@empresa.mx>'. */
  from: string;
  /** Where the SPA is reached from outside, for the links in e-mails (no trailing slash). */
  publicUrl: string;
}

/** The addresses a host name resolves to (dns.lookup with all: true). */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface WebhookSettings {
  /**
   * GOC_WEBHOOK_ALLOW_PRIVATE: plain http and loopback, private and link-local addresses allowed.
   * For tests and local receivers only — never in production (it opens the server's network to
   * whoever may create a webhook).
   */
  allowPrivate: boolean;
  /** Wait after each failed attempt, in order; one more attempt than delays, then the delivery fails. */
  retryDelaysMs: readonly number[];
  /** A receiver answers within this or the attempt fails. */
  timeoutMs: number;
  /** A webhook whose deliveries all fail for this long is deactivated and its creator told. */
  deactivateAfterMs: number;
  resolve: HostResolver;
  /** The clock of signatures and of a failing webhook's days (tests move it instead of waiting). */
  now: () => number;
}

export interface NotificationSettings {
  /** Heartbeat comment on open streams (proxies close idle connections). */
  heartbeatMs: number;
  /** How often open streams check that their sessions are still live. */
  sessionCheckMs: number;
  /** First retry of a failed e-mail; each further retry waits twice as long, up to an hour. */
  mailRetryBaseMs: number;
  /** How often the weekly-cut reminder checks whether it is due. */
  reminderCheckMs: number;
}

export const DEFAULT_EVENT_RETENTION_DAYS = 30;

/** An S3-compatible object store for attachment contents (docs/attachments.md). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface AttachmentSettings {
  /** Largest file accepted, in MB (HTTP 413 beyond). */
  maxMb: number;
  /** Where new files go: the database unless an object store is configured. */
  s3?: S3Settings | undefined;
}

export const DEFAULT_ATTACHMENT_SETTINGS: AttachmentSettings = { maxMb: DEFAULT_ATTACHMENT_MAX_MB };

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

const booleanFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), `${name} debe ser true o false`)
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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
  GOC_WEBHOOK_ALLOW_PRIVATE: booleanFlag('GOC_WEBHOOK_ALLOW_PRIVATE').optional(),
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
  GOC_ATTACHMENT_MAX_MB: z.coerce
    .number({ error: 'GOC_ATTACHMENT_MAX_MB debe ser un número' })
    .int('GOC_ATTACHMENT_MAX_MB debe ser un número entero')
    .min(1, 'GOC_ATTACHMENT_MAX_MB debe estar entre 1 y 1024')
    .max(1024, 'GOC_ATTACHMENT_MAX_MB debe estar entre 1 y 1024')
    .default(DEFAULT_ATTACHMENT_MAX_MB),
  GOC_S3_ENDPOINT: optionalText.refine((v) => v === undefined || /^https?:\/\/\S+$/.test(v), 'GOC_S3_ENDPOINT debe ser una URL http:// o https://'),
  GOC_S3_BUCKET: optionalText,
  GOC_S3_REGION: optionalText,
  GOC_S3_ACCESS_KEY_ID: optionalText,
  GOC_S3_SECRET_ACCESS_KEY: optionalText,
  GOC_SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/.test(v), 'GOC_SMTP_URL debe ser una dirección smtp:// o smtps:// (smtp://usuario:clave@servidor:587)'),
  GOC_MAIL_FROM: optionalText.refine(
    (v) => v === undefined || /^([^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(v),
    'GOC_MAIL_FROM debe ser un correo electrónico (avisos@empresa.mx o «GOC <avisos@empresa.mx>»)',
  ),
  GOC_PUBLIC_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), 'GOC_PUBLIC_URL debe empezar con http:// o https://'),
  GOC_OIDC_ISSUER: optionalText.refine(
    // Plain http only to this machine (a provider run for development): tokens never cross a network in the clear.
    (v) => v === undefined || /^https:\/\/[^/\s]+/.test(v) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(v),
    'GOC_OIDC_ISSUER debe ser la dirección https:// del proveedor (https://login.microsoftonline.com/<inquilino>/v2.0 o https://accounts.google.com)',
  ),
  GOC_OIDC_CLIENT_ID: optionalText.refine((v) => v === undefined || v.length <= 200, 'GOC_OIDC_CLIENT_ID admite hasta 200 caracteres'),
  GOC_OIDC_CLIENT_SECRET: optionalText.refine((v) => v === undefined || v.length <= 500, 'GOC_OIDC_CLIENT_SECRET admite hasta 500 caracteres'),
  GOC_OIDC_LABEL: optionalText.refine((v) => v === undefined || v.length <= 60, 'GOC_OIDC_LABEL admite hasta 60 caracteres'),
  GOC_OIDC_DOMAINS: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const domains = v.split(',').map((d) => d.trim().toLowerCase()).filter((d) => d !== '');
    if (domains.length === 0 || domains.length > 50 || !domains.every((d) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))) {
      ctx.addIssue({ code: 'custom', message: 'GOC_OIDC_DOMAINS debe ser una lista de dominios de correo separados por comas (empresa.mx,filial.com.mx), hasta 50' });
      return z.NEVER;
    }
    return domains;
  }),
}).superRefine((e, ctx) => {
  const oidc = { GOC_OIDC_ISSUER: e.GOC_OIDC_ISSUER, GOC_OIDC_CLIENT_ID: e.GOC_OIDC_CLIENT_ID, GOC_OIDC_CLIENT_SECRET: e.GOC_OIDC_CLIENT_SECRET, GOC_OIDC_DOMAINS: e.GOC_OIDC_DOMAINS };
  const missing = Object.entries(oidc).filter(([, value]) => value === undefined).map(([name]) => name);
  if (missing.length > 0 && missing.length < 4) {
    for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: `${name} es obligatoria para entrar con la cuenta de la empresa (GOC_OIDC_ISSUER, GOC_OIDC_CLIENT_ID, GOC_OIDC_CLIENT_SECRET y GOC_OIDC_DOMAINS van juntas)` });
  }
  if (missing.length === 0 && e.GOC_PUBLIC_URL === undefined) {
    ctx.addIssue({ code: 'custom', path: ['GOC_PUBLIC_URL'], message: 'GOC_PUBLIC_URL es obligatoria cuando se define GOC_OIDC_ISSUER (el proveedor regresa a esa dirección)' });
  }
  if (e.GOC_SMTP_URL === undefined) return;
  if (e.GOC_MAIL_FROM === undefined) ctx.addIssue({ code: 'custom', path: ['GOC_MAIL_FROM'], message: 'GOC_MAIL_FROM es obligatoria cuando se define GOC_SMTP_URL' });
  if (e.GOC_PUBLIC_URL === undefined) ctx.addIssue({ code: 'custom', path: ['GOC_PUBLIC_URL'], message: 'GOC_PUBLIC_URL es obligatoria cuando se define GOC_SMTP_URL (los correos llevan el enlace)' });
});

const S3_VARIABLES = ['GOC_S3_ENDPOINT', 'GOC_S3_BUCKET', 'GOC_S3_ACCESS_KEY_ID', 'GOC_S3_SECRET_ACCESS_KEY'] as const;

/** The object store when its variables are set: all of them, or none (a half-configured store is an error, not the database). */
function s3Settings(e: z.output<typeof envSchema>): S3Settings | undefined | string[] {
  const missing = S3_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length === S3_VARIABLES.length) return undefined;
  if (missing.length > 0) return missing.map((name) => `${name}: falta; el almacenamiento S3 necesita ${S3_VARIABLES.join(', ')}`);
  return {
    endpoint: e.GOC_S3_ENDPOINT as string,
    bucket: e.GOC_S3_BUCKET as string,
    region: e.GOC_S3_REGION ?? 'us-east-1',
    accessKeyId: e.GOC_S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.GOC_S3_SECRET_ACCESS_KEY as string,
  };
}

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

/** Environment → typed configuration. Throws ConfigError listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const s3 = s3Settings(e);
  if (Array.isArray(s3)) throw new ConfigError(s3);
  const root = projectRoot();
  const dataDir = isAbsolute(e.GOC_DATA_DIR) ? e.GOC_DATA_DIR : resolve(root, e.GOC_DATA_DIR);
  return {
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
    mail:
      e.GOC_SMTP_URL && e.GOC_MAIL_FROM && e.GOC_PUBLIC_URL
        ? { smtpUrl: e.GOC_SMTP_URL, from: e.GOC_MAIL_FROM, publicUrl: e.GOC_PUBLIC_URL.replace(/\/+$/, '') }
        : undefined,
    eventRetentionDays: e.GOC_EVENT_RETENTION_DAYS,
    attachments: { maxMb: e.GOC_ATTACHMENT_MAX_MB, s3 },
    metricsToken: e.GOC_METRICS_TOKEN,
    oidc:
      e.GOC_OIDC_ISSUER && e.GOC_OIDC_CLIENT_ID && e.GOC_OIDC_CLIENT_SECRET && e.GOC_OIDC_DOMAINS && e.GOC_PUBLIC_URL
        ? {
            issuer: e.GOC_OIDC_ISSUER,
            clientId: e.GOC_OIDC_CLIENT_ID,
            clientSecret: e.GOC_OIDC_CLIENT_SECRET,
            label: e.GOC_OIDC_LABEL ?? 'Entrar con la cuenta de la empresa',
            domains: e.GOC_OIDC_DOMAINS,
            redirectUri: `${e.GOC_PUBLIC_URL.replace(/\/+$/, '')}/api/v2/auth/oidc/callback`,
          }
        : undefined,
    webauthn: webAuthnSettings(e.GOC_PUBLIC_URL),
    webhooks: { allowPrivate: e.GOC_WEBHOOK_ALLOW_PRIVATE ?? false },
    backups: {
      dir: e.GOC_BACKUP_DIR ? (isAbsolute(e.GOC_BACKUP_DIR) ? e.GOC_BACKUP_DIR : resolve(root, e.GOC_BACKUP_DIR)) : join(dataDir, 'backups'),
      schedule: e.GOC_BACKUP_SCHEDULE,
      keep: e.GOC_BACKUP_KEEP,
    },
  };
}
