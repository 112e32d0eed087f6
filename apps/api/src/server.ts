import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { DataFolderInUseError } from './db/data-lock';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed';
import { createPasswordHasher } from './lib/passwords';
import { PRIVATE_UMASK } from './lib/private-files';

/** Shown once on the console (never logged, never stored) when the admin password was generated. */
function printAdminBanner(password: string): void {
  const lines = [
    'Usuario administrador creado',
    '',
    `  Usuario:     admin`,
    `  Contraseña:  ${password}`,
    '',
    'Guárdala ahora: no se volverá a mostrar.',
    'Para elegirla tú, define GOC_ADMIN_PASSWORD antes del primer inicio.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const border = `+${'-'.repeat(width - 2)}+`;
  process.stdout.write(`\n${border}\n${lines.map((l) => `| ${l.padEnd(width - 4)} |`).join('\n')}\n${border}\n\n`);
}

async function main(): Promise<void> {
  // The database's files, the signing key, backups and temporary files: the server's user only.
  process.umask(PRIVATE_UMASK);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dataDir });
  await migrateDatabase(database);
  const seeded = await seedDatabase(database, {
    adminPassword: config.adminPassword,
    demoData: config.demoData,
    passwords: createPasswordHasher(config.auth.argon2),
  });
  if (seeded.generatedAdminPassword) printAdminBanner(seeded.generatedAdminPassword);

  const app = buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`GOC escuchando en http://${shownHost}:${config.port} (base de datos: ${where})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderInUseError) {
    process.stderr.write(`No se pudo iniciar GOC: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`No se pudo iniciar GOC: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
