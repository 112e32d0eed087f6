import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { openPglite } from './db/client';
import { migrateDatabase } from './db/migrate';

/*
 * node --import tsx apps/api/src/openapi-document.ts <file> (npm run lint:openapi, packages/client)
 * Writes the OpenAPI document the API serves at /api/docs/json to <file>, from an app built on a
 * throwaway in-memory database: no server, no data folder, no configuration needed.
 */

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('Uso: openapi-document <archivo.json>\n');
    process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-openapi-'));
  const config: AppConfig = {
    ...loadConfig({ GOC_DATA_DIR: dataDir, GOC_JWT_SECRET: randomBytes(32).toString('hex'), GOC_BACKUP_SCHEDULE: 'off' }),
    logLevel: 'silent',
  };
  const database = await openPglite({});
  try {
    await migrateDatabase(database);
    const app = buildApp(config, database);
    await app.ready();
    mkdirSync(dirname(resolve(target)), { recursive: true });
    writeFileSync(resolve(target), `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
