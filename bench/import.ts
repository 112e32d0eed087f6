import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { curpCheckDigit, nssCheckDigit, type ImportReport } from '@goc/contracts';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { companies, materialCategories, units } from '../apps/api/src/db/schema';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, login } from './capture';
import { runBench, writeReadmeSection } from './harness';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';

/*
 * npm run bench:import — spreadsheet import at the sizes an office brings (issue 19): 10 000
 * materials (validate, then commit) and 2 000 employees, each an .xlsx posted to the import route in
 * process (app.inject: multipart, reading, checking, writing; no socket), on PGlite and on PostgreSQL
 * when one answers. Seconds and the process's peak RSS of each step go to bench/README.md between
 * the import markers, with the machine's load average.
 */

// The sizes; BENCH_IMPORT_MATERIALS / BENCH_IMPORT_EMPLOYEES give a shorter run.
const MATERIALS = Number(process.env.BENCH_IMPORT_MATERIALS ?? 10_000);
const EMPLOYEES = Number(process.env.BENCH_IMPORT_EMPLOYEES ?? 2_000);

const log = (message: string) => process.stdout.write(`[bench:import] ${message}\n`);

async function xlsx(headers: readonly string[], rows: readonly (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Datos');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const materialsFile = () =>
  xlsx(
    ['Clave', 'Nombre', 'Descripción', 'Categoría de materiales', 'Unidad', 'Precio de referencia', 'Activo'],
    Array.from({ length: MATERIALS }, (_, i) => [`MAT-${i}`, `Material de prueba ${i}`, `Descripción ${i}`, i % 2 ? 'Acero' : 'cobre', i % 3 ? 'pza' : 'Kilogramo', (i % 500) + 0.5, 'Sí']),
  );

/** A valid CURP per n < 26 × 12 × 28. */
function curp(n: number): string {
  const letter = String.fromCharCode(65 + (n % 26));
  const month = String((Math.floor(n / 26) % 12) + 1).padStart(2, '0');
  const day = String((Math.floor(n / 312) % 28) + 1).padStart(2, '0');
  const first17 = `PEG${letter}90${month}${day}HQTRRL0`;
  return first17 + String(curpCheckDigit(first17));
}

function nss(n: number): string {
  const first10 = `1234${String(n).padStart(6, '0')}`;
  return first10 + String(nssCheckDigit(first10));
}

const employeesFile = () =>
  xlsx(
    ['Número de empleado', 'Nombre(s)', 'Apellido paterno', 'CURP', 'NSS', 'Empresa', 'Fecha de ingreso', 'Salario diario', 'SDI'],
    Array.from({ length: EMPLOYEES }, (_, i) => [`E-${i}`, `Nombre ${i}`, `Apellido ${i}`, curp(i), nss(i), 'Constructora de prueba', '15/03/2024', 300, 315.5]),
  );

interface Figure {
  engine: string;
  step: string;
  seconds: number;
  peakRssMb: number;
  rows: number;
}

/** Runs `work` while sampling the process's RSS every 50 ms; returns its seconds and the peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, peakRssMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

function multipart(content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----gocbench';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="datos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function measureEngine(engine: string, database: Database, dataDir: string, url?: string): Promise<Figure[]> {
  await migrateDatabase(database);
  await seedDatabase(database, { adminPassword: adminPassword(), demoData: false, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
  await database.db.insert(units).values([
    { abbreviation: 'pza', name: 'Pieza' },
    { abbreviation: 'kg', name: 'Kilogramo' },
  ]);
  await database.db.insert(materialCategories).values([{ name: 'Acero' }, { name: 'Cobre' }]);
  await database.db.insert(companies).values({ name: 'Constructora de prueba', rfc: 'CPR010101AB1' } as never);
  const config = {
    ...loadConfig({ GOC_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }),
    logLevel: 'silent' as const,
  };
  const app = buildApp(config, database);
  const figures: Figure[] = [];
  try {
    await app.ready();
    const signIn = () =>
      login(async (payload) => {
        const r = await app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload });
        return { status: r.statusCode, body: r.body };
      });
    const post = async (resource: string, file: Buffer, mode: 'validate' | 'commit') => {
      // A fresh session per step: a slow step outlives an access token.
      const token = await signIn();
      const { payload, headers } = multipart(file);
      const response = await app.inject({ method: 'POST', url: `/api/v2${resource}/import?mode=${mode}`, headers: { ...headers, authorization: `Bearer ${token}` }, payload });
      const report = response.json() as ImportReport;
      if (response.statusCode !== 200 || report.errors.length > 0) throw new Error(`${resource} ${mode}: HTTP ${response.statusCode} ${response.body.slice(0, 400)}`);
      return report;
    };
    for (const [resource, label, file] of [
      ['/materials', 'materials', await materialsFile()],
      ['/employees', 'employees', await employeesFile()],
    ] as const) {
      for (const mode of ['validate', 'commit'] as const) {
        const { result, seconds, peakRssMb } = await measured(() => post(resource, file, mode));
        figures.push({ engine, step: `${result.rows.toLocaleString('en')} ${label}: ${mode}`, seconds, peakRssMb, rows: result.rows });
        log(`${engine}: ${label} ${mode}: ${seconds.toFixed(1)} s, peak RSS ${peakRssMb.toFixed(0)} MB (load ${loadavg()[0]!.toFixed(1)})`);
      }
    }
    return figures;
  } finally {
    await app.close();
  }
}

function render(figures: readonly Figure[], notes: string): string {
  const rows = figures.map((f) => `| ${f.engine} | ${f.step} | ${f.seconds.toFixed(1)} | ${Math.round(f.rows / f.seconds)} | ${f.peakRssMb.toFixed(0)} |`);
  return ['', notes, '', '| Database | Step | Seconds | Rows/s | Peak RSS MB |', '|---|---|---:|---:|---:|', ...rows, ''].join('\n');
}

let postgresName: string | null = null;

runBench({
  log,
  hardLimitMs: 60 * 60_000,
  cleanup: () => postgresName,
  main: async () => {
    const figures: Figure[] = [];
    const loadBefore = loadavg()[0]!;
    const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-import-'));
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
      postgresName = benchDatabaseName();
      await createDatabase(postgresName);
      const url = databaseUrl(postgresName);
      const postgres = await openDatabase({ databaseUrl: url, pgliteDir: null });
      try {
        figures.push(...(await measureEngine(`PostgreSQL ${version}`, postgres, tmpdir(), url)));
      } finally {
        await postgres.close();
        await dropDatabase(postgresName);
        postgresName = null;
      }
    }
    const load = `${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
    const notes = `Measured ${new Date().toISOString().slice(0, 10)} in process (app.inject, one .xlsx per step), load average (1 min) ${load}; peak RSS is the whole bench process's.`;
    writeReadmeSection('import', render(figures, notes));
    log('figures written to bench/README.md');
  },
});
