import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, loginInProcess } from './capture';
import { ANALYZE_STATEMENTS, MAX_ROWS, seedStatements } from './dataset';
import { writeReadmeSection } from './harness';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';

/*
 * npm run bench:options — the material picker at scale. On 100 000 materials (PGlite, and PostgreSQL
 * when one answers), each picker request is made 60 times in process (app.inject: routing, auth,
 * validation, SQL, serialisation; no socket) after 10 discarded runs, and its median and p95 time and
 * its body size are written to bench/README.md between the options markers.
 */

const RUNS = 60;
const WARMUP = 10;

interface Case {
  label: string;
  path: (ids: readonly number[]) => string;
}

const CASES: Case[] = [
  { label: 'first page, no text (`limit=50`)', path: () => '/api/v2/materials/options' },
  { label: 'search `q=cobre` (14.5 % of rows match)', path: () => '/api/v2/materials/options?q=cobre' },
  { label: 'search `q=codo cobre 1/2` (three words)', path: () => `/api/v2/materials/options?q=${encodeURIComponent('codo cobre 1/2')}` },
  { label: 'search with no match `q=zzzz`', path: () => '/api/v2/materials/options?q=zzzz' },
  { label: 'labels of a form’s 20 lines (`ids=…`)', path: (ids) => `/api/v2/materials/options?ids=${ids.join(',')}` },
  // The phone's refresh (docs/offline.md): its first read, page 1 of 50; a day of changes (the seed spreads updated_at over 30 days); nothing changed.
  { label: 'phone refresh, whole catalogue, first page (`updatedSince=1970-…&limit=2000`)', path: () => `/api/v2/materials/options?limit=2000&updatedSince=${new Date(0).toISOString()}` },
  { label: 'phone refresh, a day of changes (`updatedSince=` yesterday, `limit=2000`)', path: () => `/api/v2/materials/options?limit=2000&updatedSince=${new Date(Date.now() - 86_400_000).toISOString()}` },
  { label: 'phone refresh, nothing changed (`updatedSince=` now)', path: () => `/api/v2/materials/options?limit=2000&updatedSince=${new Date().toISOString()}` },
];

interface Figure {
  engine: string;
  label: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  items: number;
}

const log = (message: string) => process.stdout.write(`[bench:options] ${message}\n`);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function measureEngine(engine: string, database: Database, dataDir: string, url?: string): Promise<Figure[]> {
  await migrateDatabase(database);
  await seedDatabase(database, { adminPassword: adminPassword(), demoData: false, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
  log(`${engine}: seeding ${MAX_ROWS} materials`);
  for (const statement of seedStatements(MAX_ROWS)) await database.db.execute(statement);
  for (const statement of ANALYZE_STATEMENTS) await database.db.execute(statement);
  const config = {
    ...loadConfig({ GOC_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }),
    logLevel: 'silent' as const,
  };
  const app = buildApp(config, database);
  try {
    await app.ready();
    const token = await loginInProcess(app);
    const headers = { authorization: `Bearer ${token}` };
    const ids = Array.from({ length: 20 }, (_, i) => 1 + i * 4_999);
    const figures: Figure[] = [];
    for (const c of CASES) {
      const times: number[] = [];
      let bytes = 0;
      let items = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: c.path(ids), headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${c.label}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (i >= WARMUP) times.push(elapsed);
        bytes = response.rawPayload.length;
        items = (response.json() as { items: unknown[] }).items.length;
      }
      times.sort((a, b) => a - b);
      figures.push({ engine, label: c.label, medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95), bytes, items });
      log(`${engine}: ${c.label}: median ${percentile(times, 0.5).toFixed(1)} ms, ${bytes} B`);
    }
    return figures;
  } finally {
    await app.close();
  }
}

function render(figures: readonly Figure[], notes: string): string {
  const rows = figures.map(
    (f) => `| ${f.engine} | ${f.label} | ${f.items} | ${f.medianMs.toFixed(1)} | ${f.p95Ms.toFixed(1)} | ${(f.bytes / 1024).toFixed(1)} |`,
  );
  return ['', notes, '', '| Database | Request | Items | Median ms | p95 ms | Body kB |', '|---|---|---:|---:|---:|---:|', ...rows, ''].join('\n');
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-options-'));
  try {
    const pglite = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      figures.push(...(await measureEngine('PGlite', pglite, dataDir)));
    } finally {
      await pglite.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const version = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await postgresVersion();
  if (version) {
    const name = benchDatabaseName();
    await createDatabase(name);
    const url = databaseUrl(name);
    const postgres = await openDatabase({ databaseUrl: url, pgliteDir: null });
    try {
      figures.push(...(await measureEngine(`PostgreSQL ${version}`, postgres, tmpdir(), url)));
    } finally {
      await postgres.close();
      await dropDatabase(name);
    }
  }
  const notes = `Measured ${new Date().toISOString().slice(0, 10)} on ${MAX_ROWS} materials, ${RUNS} runs per request after ${WARMUP} discarded, in process (no socket).`;
  writeReadmeSection('options', render(figures, notes));
  log('figures written to bench/README.md');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
