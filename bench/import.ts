import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { curpCheckDigit, nssCheckDigit, type ImportReport } from '@goc/contracts';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { companies, materialCategories, units } from '../apps/api/src/db/schema';
import { adminPassword, loginOverHttp } from './capture';
import { childEnv, ensureBuiltApi, runBench, SERVER_JS, writeReadmeSection } from './harness';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';
import { cpuSeconds, freePort, peakRssMiB, resetPeakRss, startServer, stopServer } from './processes';

/*
 * npm run bench:import — spreadsheet import at the sizes an office brings (issue 19): 10 000
 * materials (validate, then commit) and 2 000 employees, each an .xlsx posted to the import route of
 * the built API running as a child process, on PGlite and on PostgreSQL when one answers. Seconds,
 * the API's CPU seconds and its peak RSS of each step go to bench/README.md between the import
 * markers, with the machine's load average.
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
  /** CPU seconds the API process spent on the step (user + system, all threads). */
  cpuSeconds: number;
  /** The API's RSS before the step, and its peak during it. */
  rssBeforeMb: number;
  peakRssMb: number;
  rows: number;
}

function rssMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
}

const api = (dataDir: string, port: number, logFile: string, url?: string) =>
  startServer({
    name: 'api',
    args: [SERVER_JS],
    env: childEnv({ GOC_DATA_DIR: dataDir, GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false', ...(url ? { DATABASE_URL: url } : {}) }),
    port,
    readyPath: '/api/v2/health',
    logFile,
  });

/** The references the files name: units, material categories, a company. */
async function seedReferences(database: Database): Promise<void> {
  await database.db.insert(units).values([
    { abbreviation: 'pza', name: 'Pieza' },
    { abbreviation: 'kg', name: 'Kilogramo' },
  ]);
  await database.db.insert(materialCategories).values([{ name: 'Acero' }, { name: 'Cobre' }]);
  await database.db.insert(companies).values({ name: 'Constructora de prueba', rfc: 'CPR010101AB1' } as never);
}

/**
 * The built API as a child process (as it ships), the files posted over HTTP: seconds on the
 * client's clock, the API's CPU seconds and its peak RSS (VmHWM, reset before each step) — the
 * API's own memory with its embedded PGlite, not this process's workbooks.
 */
async function measureEngine(engine: string, dataDir: string, files: readonly (readonly [string, string, Buffer])[], url?: string): Promise<Figure[]> {
  const logFile = join(dataDir, 'api.log');
  const port = await freePort();
  log(`${engine}: first start of the API (migrations, admin)…`);
  await stopServer(await api(dataDir, port, logFile, url));
  // PGlite is single-process: the folder is released before the API opens it again.
  const database = await openDatabase(url ? { databaseUrl: url, pgliteDir: null } : { pgliteDir: dataDir });
  try {
    await seedReferences(database);
  } finally {
    await database.close();
  }
  const server = await api(dataDir, port, logFile, url);
  const figures: Figure[] = [];
  try {
    const pid = server.child.pid;
    const signIn = () => loginOverHttp(server.baseUrl);
    for (const [resource, label, file] of files) {
      for (const mode of ['validate', 'commit'] as const) {
        // A fresh session per step: a slow step outlives an access token.
        const token = await signIn();
        const form = new FormData();
        form.append('file', new Blob([file]), 'datos.xlsx');
        const rssBeforeMb = rssMiB(pid);
        resetPeakRss(pid);
        const cpuBefore = cpuSeconds(pid) ?? 0;
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}/api/v2${resource}/import?mode=${mode}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = await response.text();
        const seconds = (performance.now() - started) / 1000;
        const used = (cpuSeconds(pid) ?? 0) - cpuBefore;
        const peakRssMb = peakRssMiB(pid) ?? 0;
        const report = JSON.parse(body) as ImportReport;
        if (response.status !== 200 || report.errors.length > 0) throw new Error(`${resource} ${mode}: HTTP ${response.status} ${body.slice(0, 400)}`);
        figures.push({ engine, step: `${report.rows.toLocaleString('en')} ${label}: ${mode}`, seconds, cpuSeconds: used, rssBeforeMb, peakRssMb, rows: report.rows });
        log(`${engine}: ${label} ${mode}: ${seconds.toFixed(1)} s (API CPU ${used.toFixed(1)} s), API RSS ${rssBeforeMb.toFixed(0)} → peak ${peakRssMb.toFixed(0)} MiB (load ${loadavg()[0]!.toFixed(1)})`);
      }
    }
    return figures;
  } finally {
    await stopServer(server);
  }
}

function render(figures: readonly Figure[], notes: string): string {
  const rows = figures.map(
    (f) =>
      `| ${f.engine} | ${f.step} | ${f.seconds.toFixed(1)} | ${Math.round(f.rows / f.seconds)} | ${f.cpuSeconds.toFixed(1)} | ${f.rssBeforeMb.toFixed(0)} | ${f.peakRssMb.toFixed(0)} |`,
  );
  return [
    '',
    notes,
    '',
    '| Database | Step | Seconds | Rows/s | API CPU s | API RSS before MiB | API peak RSS MiB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}

let postgresName: string | null = null;

runBench({
  log,
  hardLimitMs: 60 * 60_000,
  cleanup: () => postgresName,
  main: async () => {
    const figures: Figure[] = [];
    const loads = (values: number[]) => values.map((l) => l.toFixed(2)).join(', ');
    const loadBefore = loadavg();
    ensureBuiltApi(log);
    const files = [
      ['/materials', 'materials', await materialsFile()],
      ['/employees', 'employees', await employeesFile()],
    ] as const;
    const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-import-'));
    try {
      figures.push(...(await measureEngine('PGlite', dataDir, files)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const version = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await postgresVersion();
    if (version) {
      postgresName = benchDatabaseName();
      await createDatabase(postgresName);
      const pgDir = mkdtempSync(join(tmpdir(), 'goc-bench-import-pg-'));
      try {
        figures.push(...(await measureEngine(`PostgreSQL ${version}`, pgDir, files, databaseUrl(postgresName))));
      } finally {
        rmSync(pgDir, { recursive: true, force: true });
        await dropDatabase(postgresName);
        postgresName = null;
      }
    }
    const notes = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with the built API as a child process (HTTP multipart, one .xlsx per step); load average (1, 5, 15 min) ${loads(loadBefore)} at the start, ${loads(loadavg())} at the end. Peak RSS is the API process's (with its embedded PGlite on PGlite), reset before each step.`;
    writeReadmeSection('import', render(figures, notes));
    log('figures written to bench/README.md');
  },
});
