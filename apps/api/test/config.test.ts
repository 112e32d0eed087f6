import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_AUTH_SETTINGS, loadConfig, projectRoot } from '../src/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'goc-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('applies the defaults of docs/architecture.md', () => {
    const config = loadConfig({ GOC_JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminPassword: undefined,
      demoData: true,
      jwtSecret: SECRET,
      redisUrl: undefined,
      auth: DEFAULT_AUTH_SETTINGS,
    });
  });

  it('resolves a relative GOC_DATA_DIR against the repository root, whatever the cwd', () => {
    const root = projectRoot();
    expect(existsSync(join(root, 'apps', 'api', 'package.json'))).toBe(true);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).dataDir).toBe(resolve(root, 'data'));
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_DATA_DIR: './otra' }).dataDir).toBe(resolve(root, 'otra'));
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_DATA_DIR: '/var/lib/goc' }).dataDir).toBe('/var/lib/goc');
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).webDistDir).toBe(resolve(root, 'apps/web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://goc@db:5432/goc',
      GOC_DATA_DIR: '/srv/goc',
      GOC_ADMIN_PASSWORD: 'Una-Clave-Larga',
      GOC_JWT_SECRET: SECRET,
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://goc@db:5432/goc',
      dataDir: '/srv/goc',
      adminPassword: 'Una-Clave-Larga',
      jwtSecret: SECRET,
      redisUrl: 'redis://cache:6379',
    });
  });

  it('loads demo data by default only on the embedded database, and GOC_DEMO_DATA overrides', () => {
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, DATABASE_URL: 'postgresql://x/y' }).demoData).toBe(false);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, DATABASE_URL: 'postgresql://x/y', GOC_DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ GOC_JWT_SECRET: SECRET, DATABASE_URL: '', REDIS_URL: ' ', GOC_ADMIN_PASSWORD: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
  });

  it('generates the JWT secret into GOC_DATA_DIR once (owner-only) and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ GOC_DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ GOC_DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('lists every invalid variable with a clear Spanish message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'ochenta',
        DATABASE_URL: 'mysql://x',
        GOC_ADMIN_PASSWORD: 'corta',
        GOC_DEMO_DATA: 'quizá',
        GOC_JWT_SECRET: 'corto',
        REDIS_URL: 'http://cache',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT: PORT debe ser un número',
      'DATABASE_URL: DATABASE_URL debe ser una cadena de conexión postgres:// o postgresql://',
      'GOC_ADMIN_PASSWORD: GOC_ADMIN_PASSWORD debe tener al menos 8 caracteres',
      'GOC_DEMO_DATA: GOC_DEMO_DATA debe ser true o false',
      'GOC_JWT_SECRET: GOC_JWT_SECRET debe tener al menos 32 caracteres',
      'REDIS_URL: REDIS_URL debe empezar con redis:// o rediss://',
    ]);
    expect((error as Error).message).toContain('Configuración inválida');
  });

  it('sends e-mail only with GOC_MAIL_FROM and GOC_PUBLIC_URL beside GOC_SMTP_URL, naming both when missing', () => {
    const smtp = { GOC_SMTP_URL: 'smtp://avisos:clave@correo.empresa.mx:587', GOC_MAIL_FROM: 'GOC <avisos@empresa.mx>', GOC_PUBLIC_URL: 'https://goc.empresa.mx/' };
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).mail).toBeUndefined();
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...smtp }).mail).toEqual({ smtpUrl: smtp.GOC_SMTP_URL, from: 'GOC <avisos@empresa.mx>', publicUrl: 'https://goc.empresa.mx' });
    let error: unknown;
    try {
      loadConfig({ GOC_JWT_SECRET: SECRET, GOC_SMTP_URL: smtp.GOC_SMTP_URL });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'GOC_MAIL_FROM: GOC_MAIL_FROM es obligatoria cuando se define GOC_SMTP_URL',
      'GOC_PUBLIC_URL: GOC_PUBLIC_URL es obligatoria cuando se define GOC_SMTP_URL (los correos llevan el enlace)',
    ]);
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...smtp, GOC_MAIL_FROM: 'avisos' })).toThrow('GOC_MAIL_FROM debe ser un correo electrónico');
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, PORT: '70000' })).toThrow('PORT debe estar entre 1 y 65535');
  });

  it('reads 60 files a minute per user unless GOC_FILE_READS_PER_MINUTE says otherwise', () => {
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).http?.fileReadsPerMinute).toBe(60);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_FILE_READS_PER_MINUTE: '300' }).http?.fileReadsPerMinute).toBe(300);
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_FILE_READS_PER_MINUTE: '0' })).toThrow('GOC_FILE_READS_PER_MINUTE debe estar entre 1 y 100000 archivos por minuto');
  });

  it('keeps documents in the database, 25 MB each, unless told otherwise', () => {
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).attachments).toEqual({ maxMb: 25, s3: undefined });
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_ATTACHMENT_MAX_MB: '100' }).attachments.maxMb).toBe(100);
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_ATTACHMENT_MAX_MB: '0' })).toThrow('GOC_ATTACHMENT_MAX_MB debe estar entre 1 y 1024');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_ATTACHMENT_MAX_MB: 'mucho' })).toThrow('GOC_ATTACHMENT_MAX_MB debe ser un número');
  });

  it('ends an idle session after 60 minutes unless GOC_IDLE_MINUTES says otherwise, within 5–1440', () => {
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).auth.idleMinutes).toBe(60);
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_IDLE_MINUTES: '480' }).auth).toEqual({ ...DEFAULT_AUTH_SETTINGS, idleMinutes: 480 });
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_IDLE_MINUTES: '2' })).toThrow('GOC_IDLE_MINUTES: GOC_IDLE_MINUTES debe estar entre 5 y 1440 minutos');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_IDLE_MINUTES: '1441' })).toThrow('GOC_IDLE_MINUTES debe estar entre 5 y 1440 minutos');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_IDLE_MINUTES: '30.5' })).toThrow('GOC_IDLE_MINUTES debe ser un número entero de minutos');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_IDLE_MINUTES: 'una hora' })).toThrow('GOC_IDLE_MINUTES debe ser un número de minutos');
  });

  it('allows 20 login attempts per IP per minute unless GOC_LOGIN_RATE_LIMIT says otherwise, within 1–100000', () => {
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).auth.loginRateLimit).toEqual({ max: 20, windowMs: 60_000 });
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, GOC_LOGIN_RATE_LIMIT: '1000' }).auth).toEqual({ ...DEFAULT_AUTH_SETTINGS, loginRateLimit: { max: 1000, windowMs: 60_000 } });
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_LOGIN_RATE_LIMIT: '0' })).toThrow('GOC_LOGIN_RATE_LIMIT: GOC_LOGIN_RATE_LIMIT debe estar entre 1 y 100000 intentos por minuto');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_LOGIN_RATE_LIMIT: '100001' })).toThrow('GOC_LOGIN_RATE_LIMIT debe estar entre 1 y 100000 intentos por minuto');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_LOGIN_RATE_LIMIT: '2.5' })).toThrow('GOC_LOGIN_RATE_LIMIT debe ser un número entero de intentos por minuto');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, GOC_LOGIN_RATE_LIMIT: 'muchos' })).toThrow('GOC_LOGIN_RATE_LIMIT debe ser un número');
  });

  it("signs in with the company's account only with all of its variables, https and GOC_PUBLIC_URL", () => {
    const oidc = {
      GOC_OIDC_ISSUER: 'https://login.microsoftonline.com/inquilino/v2.0',
      GOC_OIDC_CLIENT_ID: 'cliente',
      GOC_OIDC_CLIENT_SECRET: 'secreto',
      GOC_OIDC_DOMAINS: 'Empresa.mx, filial.com.mx',
      GOC_PUBLIC_URL: 'https://goc.empresa.mx/',
    };
    expect(loadConfig({ GOC_JWT_SECRET: SECRET }).oidc).toBeUndefined();
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_OIDC_LABEL: 'Entrar con Microsoft' }).oidc).toEqual({
      issuer: 'https://login.microsoftonline.com/inquilino/v2.0',
      clientId: 'cliente',
      clientSecret: 'secreto',
      label: 'Entrar con Microsoft',
      domains: ['empresa.mx', 'filial.com.mx'],
      redirectUri: 'https://goc.empresa.mx/api/v2/auth/oidc/callback',
    });
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc }).oidc?.label).toBe('Entrar con la cuenta de la empresa');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_OIDC_CLIENT_SECRET: '' })).toThrow('GOC_OIDC_CLIENT_SECRET: GOC_OIDC_CLIENT_SECRET es obligatoria');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_PUBLIC_URL: '' })).toThrow('GOC_PUBLIC_URL es obligatoria cuando se define GOC_OIDC_ISSUER');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_OIDC_ISSUER: 'http://idp.empresa.mx' })).toThrow('GOC_OIDC_ISSUER debe ser la dirección https://');
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_OIDC_ISSUER: 'http://127.0.0.1:8080/realms/goc' }).oidc?.issuer).toBe('http://127.0.0.1:8080/realms/goc');
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...oidc, GOC_OIDC_DOMAINS: 'empresa.mx, @gmail' })).toThrow('GOC_OIDC_DOMAINS debe ser una lista de dominios');
  });

  it('uses an S3-compatible store only with all of its variables, naming the missing ones', () => {
    const s3 = { GOC_S3_ENDPOINT: 'https://minio.local:9000', GOC_S3_BUCKET: 'goc', GOC_S3_ACCESS_KEY_ID: 'clave', GOC_S3_SECRET_ACCESS_KEY: 'secreto' };
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...s3 }).attachments.s3).toEqual({
      endpoint: 'https://minio.local:9000',
      bucket: 'goc',
      region: 'us-east-1',
      accessKeyId: 'clave',
      secretAccessKey: 'secreto',
    });
    expect(loadConfig({ GOC_JWT_SECRET: SECRET, ...s3, GOC_S3_REGION: 'mx-central-1' }).attachments.s3?.region).toBe('mx-central-1');
    let error: unknown;
    try {
      loadConfig({ GOC_JWT_SECRET: SECRET, GOC_S3_ENDPOINT: 'https://minio.local:9000', GOC_S3_BUCKET: 'goc' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'GOC_S3_ACCESS_KEY_ID: falta; el almacenamiento S3 necesita GOC_S3_ENDPOINT, GOC_S3_BUCKET, GOC_S3_ACCESS_KEY_ID, GOC_S3_SECRET_ACCESS_KEY',
      'GOC_S3_SECRET_ACCESS_KEY: falta; el almacenamiento S3 necesita GOC_S3_ENDPOINT, GOC_S3_BUCKET, GOC_S3_ACCESS_KEY_ID, GOC_S3_SECRET_ACCESS_KEY',
    ]);
    expect(() => loadConfig({ GOC_JWT_SECRET: SECRET, ...s3, GOC_S3_ENDPOINT: 'minio:9000' })).toThrow('GOC_S3_ENDPOINT debe ser una URL http:// o https://');
  });
});
