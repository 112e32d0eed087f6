import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/db/seed';
import { createPasswordHasher } from '../apps/api/src/lib/passwords';
import { adminPassword, loginInProcess } from './capture';

/*
 * `npm run bench:registry`: the movements list of one weekly cut holding 20 000 movements, served
 * in-process (app.inject: no HTTP socket, so the figures are the API and its database only), on
 * PGlite or, with DATABASE_URL, on PostgreSQL. After one warm-up each request is made 5 times as is
 * (the list's total cached) and 5 times right after a write (the total counted again); both medians
 * are reported.
 */

const MOVEMENTS = 20_000;
const RUNS = 5;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goc-bench-registry-'));
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : join(dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { adminPassword: adminPassword(), demoData: true, passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }) });
    const db = database.db;
    await db.execute(sql`insert into registry_cuts (week_key, label, start_date, end_date) values ('2026-W40', '2026-S40', '2026-09-28', '2026-10-04')`);
    const started = performance.now();
    // One cut's worth of movements over the demo employees, companies and works, spread over the week.
    await db.execute(sql`
      insert into registry_movements (type, scope, employee_id, company_id, work_id, effective_date, late, worker_type, daily_salary, sdi,
        baja_reason, registration_status_id, stamp_status_id, error_status_id, cut_id, created_at, updated_at)
      select (array['alta', 'baja', 'modificacion_salario'])[1 + g % 3],
             case when e.work_id is null then 'oficina' else 'obra' end,
             e.id, e.company_id, e.work_id, date '2026-09-28' - (g % 9), g % 9 > 6, 'permanente',
             case when g % 3 = 1 then null else e.daily_salary end, case when g % 3 = 1 then null else e.sdi end,
             case when g % 3 = 1 then '2' else null end,
             (select id from registration_statuses order by sort_order offset g % 5 limit 1),
             (select id from stamp_statuses where is_default), (select id from error_statuses where is_default),
             (select id from registry_cuts where week_key = '2026-W40'),
             timestamptz '2026-09-28 06:00:00+00' + (g * interval '30 seconds'), now()
      from generate_series(1, ${MOVEMENTS}) g
      join lateral (select * from employees order by id offset g % (select count(*) from employees) limit 1) e on true`);
    await db.execute(sql`analyze registry_movements`);
    console.log(`seeded ${MOVEMENTS} movements in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`);

    const config = { ...loadConfig({ GOC_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), GOC_DEMO_DATA: 'false' }), logLevel: 'silent' as const };
    const app = buildApp(config, database);
    await app.ready();
    const token = await loginInProcess(app);
    const [cut] = (await db.execute(sql`select id from registry_cuts where week_key = '2026-W40'`)).rows as { id: number }[];
    const base = `/api/v2/registry/cuts/${cut!.id}`;
    const filter = (field: string, matchMode: string, value: unknown) => `filters=${encodeURIComponent(JSON.stringify({ [field]: { operator: 'and', constraints: [{ matchMode, value }] } }))}`;
    const requests: [string, string][] = [
      ['first page (25, newest first)', `${base}/movements?page=1&pageSize=25`],
      ['page 400 of 25', `${base}/movements?page=400&pageSize=25`],
      ['bajas, by employee name', `${base}/movements?${filter('type', 'equals', 'baja')}&sort=employeeId&pageSize=25`],
      ['search "garcia"', `${base}/movements?q=garcia&pageSize=25`],
      ['cut detail (totals, per work)', base],
    ];
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!.toFixed(0);
    for (const [label, url] of requests) {
      const warm: number[] = [];
      const afterWrite: number[] = [];
      let total: unknown;
      for (let i = 0; i <= 2 * RUNS; i++) {
        // Odd runs follow a write (a raised table_versions counter): the list's cached total is counted again,
        // as on the first page read after someone captures a movement.
        const cold = i % 2 === 1;
        if (cold) await db.execute(sql`update table_versions set version = version + 1 where table_name = 'registry_movements'`);
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i > 0) (cold ? afterWrite : warm).push(performance.now() - t0);
        total = (res.json() as { total?: unknown }).total;
      }
      console.log(`${label}: median ${median(warm)} ms, after a write ${median(afterWrite)} ms${total === undefined ? '' : ` (total ${String(total)})`}`);
    }
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
