import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, loginInProcess } from './capture';
import { runBench, writeReadmeSection } from './harness';
import { benchDatabaseName, createDatabase, databaseUrl, dropDatabase, postgresVersion } from './postgres';

/*
 * npm run bench:stock — Almacén de obra at scale: one work with 2 000 materials and 200 000
 * movements (100 per material, with the balance after each as the API writes it), on PGlite and on
 * PostgreSQL when one answers. Each request is made in process (app.inject: routing, auth, the
 * access check, validation, SQL and serialisation, no socket) 10 times to warm up, then 60 times
 * one after another; the p50 is the figure the issue's ≤ 50 ms is about. Figures go to
 * bench/README.md between the stock markers.
 */

const MATERIALS = 2_000;
const PER_MATERIAL = 100;
const WARMUP = 10;
const RUNS = 60;

const log = (message: string) => process.stdout.write(`[bench:stock] ${message}\n`);

/** The work, its materials, their balances and the ledger, by statements the planner runs in bulk. */
async function seedStock(database: Database): Promise<{ workId: number; materialId: number }> {
  const { db } = database;
  const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await db.execute<T>(query)).rows[0]!;
  const company = await one<{ id: number }>(sql`insert into companies (name, rfc) values ('Constructora Banco de Pruebas, S.A. de C.V.', 'CBP200101AB1') returning id`);
  const category = await one<{ id: number }>(sql`insert into categories (name) values ('Edificación (bench)') returning id`);
  const unit = await one<{ id: number }>(sql`insert into units (abbreviation, name) values ('pzab', 'Pieza (bench)') returning id`);
  const materialCategory = await one<{ id: number }>(sql`insert into material_categories (name) values ('Materiales (bench)') returning id`);
  const work = await one<{ id: number }>(
    sql`insert into works (code, name, company_id, category_id, status) values ('ALM-BENCH', 'Torre Almacén', ${company.id}, ${category.id}, 'en_ejecucion') returning id`,
  );
  await db.execute(sql`
    insert into materials (code, name, material_category_id, unit_id)
    select 'BM-' || lpad(g::text, 5, '0'), 'Material de almacén ' || g, ${materialCategory.id}, ${unit.id} from generate_series(1, ${MATERIALS}) g`);
  // Each material: 100 entries of (k mod 7) + 1 units at $10.00 + k cents; the balance after each is the running sum.
  await db.execute(sql`
    insert into stock_movements (work_id, material_id, kind, date, quantity, amount, balance, balance_value, concept)
    select ${work.id}, m.id, 'entrada', date '2026-01-01' + (k % 300), (k % 7) + 1, ((k % 7) + 1) * (10 + k / 100.0),
           sum((k % 7) + 1) over w, sum(((k % 7) + 1) * (10 + k / 100.0)) over w, 'Entrega del pedido (bench)'
    from materials m cross join generate_series(1, ${PER_MATERIAL}) k
    where m.code like 'BM-%'
    window w as (partition by m.id order by k)`);
  await db.execute(sql`
    insert into stock_balances (work_id, material_id, unit_id, quantity, value, last_movement_on)
    select s.work_id, s.material_id, ${unit.id}, s.balance, s.balance_value, s.date
    from stock_movements s
    where s.id in (select max(id) from stock_movements where work_id = ${work.id} group by material_id)`);
  for (const table of ['materials', 'stock_movements', 'stock_balances']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const material = await one<{ id: number }>(sql`select id from materials where code = ${`BM-${String(MATERIALS / 2).padStart(5, '0')}`}`);
  return { workId: work.id, materialId: material.id };
}

interface Figure {
  engine: string;
  label: string;
  p50: number;
  p90: number;
}

const filter = (workId: number) => encodeURIComponent(JSON.stringify({ workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: workId }] } }));

async function runEngine(engine: string, dataDir: string, url?: string): Promise<Figure[]> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: url ? null : dataDir });
  const config = { ...loadConfig({ GOC_DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}), GOC_ADMIN_PASSWORD: adminPassword(), GOC_DEMO_DATA: 'false' }), logLevel: 'silent' as const };
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { adminPassword: adminPassword(), demoData: false, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
    log(`${engine}: seeding ${MATERIALS} materials and ${MATERIALS * PER_MATERIAL} movements`);
    const { workId, materialId } = await seedStock(database);
    const app = buildApp(config, database, { events: { dispatch: false } });
    try {
      await app.ready();
      const headers = { authorization: `Bearer ${await loginInProcess(app)}` };
      const requests = [
        { label: '`GET /stock?filters={workId}` (existencias of the work, page 1, by value)', path: `/api/v2/stock?filters=${filter(workId)}&page=1&pageSize=25` },
        { label: '`GET /stock?filters={workId}&page=40`', path: `/api/v2/stock?filters=${filter(workId)}&page=40&pageSize=25` },
        { label: '`GET /stock?q=almacen 1999` (search)', path: `/api/v2/stock?q=${encodeURIComponent('almacen 1999')}&page=1&pageSize=25` },
        { label: '`GET /stock/kardex` (one material, 100 movements, page 1)', path: `/api/v2/stock/kardex?workId=${workId}&materialId=${materialId}&pageSize=100` },
      ];
      const figures: Figure[] = [];
      for (const r of requests) {
        const times: number[] = [];
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const started = performance.now();
          const response = await app.inject({ method: 'GET', url: r.path, headers });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${r.path}: HTTP ${response.statusCode} ${response.body}`);
          if (i >= WARMUP) times.push(elapsed);
        }
        times.sort((a, b) => a - b);
        const figure = { engine, label: r.label, p50: times[Math.floor(RUNS / 2)]!, p90: times[Math.floor(RUNS * 0.9)]! };
        log(`${engine}: ${r.label}: p50 ${figure.p50.toFixed(1)} ms, p90 ${figure.p90.toFixed(1)} ms`);
        figures.push(figure);
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const figures: Figure[] = [];
  const workDir = mkdtempSync(join(tmpdir(), 'goc-bench-stock-'));
  try {
    figures.push(...(await runEngine('PGlite', join(workDir, 'pglite'))));
    const version = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await postgresVersion();
    if (version) {
      const name = benchDatabaseName();
      await createDatabase(name);
      try {
        figures.push(...(await runEngine(`PostgreSQL ${version.split(' ')[0]}`, join(workDir, 'postgres'), databaseUrl(name))));
      } finally {
        await dropDatabase(name);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const notes = `Measured ${new Date().toISOString().slice(0, 10)} (load average ${loadavg()[0]!.toFixed(1)} at the end): one work, ${MATERIALS} materials, ${MATERIALS * PER_MATERIAL} movements; in process (app.inject), ${WARMUP} warm-up then ${RUNS} requests one after another.`;
  const rows = figures.map((f) => `| ${f.engine} | ${f.label} | ${f.p50.toFixed(1)} | ${f.p90.toFixed(1)} |`);
  writeReadmeSection('stock', ['', notes, '', '| Database | Request | p50 ms | p90 ms |', '|---|---|---:|---:|', ...rows, ''].join('\n'));
  log('figures written to bench/README.md');
}

runBench({ log, hardLimitMs: 20 * 60_000, main });
