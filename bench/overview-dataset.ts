import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';

/* The scale of issue 10's figures, added with INSERT … SELECT over the demo catalogues. */

export const WORKS = 500;
export const ORDERS = 50_000;
export const EMPLOYEES = 5_000;
export const PROJECTS = 1_000;

/*
 * Rows go in by statements of CHUNK: the kept totals' triggers update a few counter rows once per
 * inserted row, and inside one statement every such update lengthens the same row's version chain,
 * which each next update walks — one 50 000-row statement had not finished after 12 minutes on PGlite.
 */
const CHUNK = 1_000;

function chunks(count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 1; from <= count; from += CHUNK) out.push([from, Math.min(from + CHUNK - 1, count)]);
  return out;
}

/**
 * Every table as the issue sizes it; the demo seed gives companies, business lines, users and statuses.
 * The orders are spread over the demo's users, as requesters are: the admin the bench signs in as asks
 * for its share of them, not for all 50 000 (their "Mis pedidos" widget counts their own).
 */
export async function seedScale(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into works (code, name, company_id, category_id, budget, status)
    select 'BW-' || lpad(g::text, 4, '0'), 'Obra ' || g,
           (array(select id from companies order by id))[1 + g % (select count(*) from companies)::int],
           (array(select id from categories order by id))[1 + g % (select count(*) from categories)::int],
           1000000 + (g * 7919) % 9000000,
           (array['planeacion', 'en_ejecucion', 'en_ejecucion', 'suspendida', 'terminada'])[1 + g % 5]
    from generate_series(1, ${WORKS} - (select count(*) from works)::int) g`);
  for (const [from, to] of chunks(EMPLOYEES)) {
    await db.execute(sql`
      insert into employees (employee_number, first_name, last_name, curp, company_id, work_id, status)
      select 'BE-' || g, 'Nombre' || g, 'Apellido' || g, 'BENC' || lpad(g::text, 6, '0') || 'HDFRRR0' || (g % 10),
             w.company_id, w.id, case when g % 5 = 0 then 'baja' else 'activo' end
      from generate_series(${from}::int, ${to}::int) g
      join lateral (select id, company_id from works order by id offset g % ${WORKS} limit 1) w on true`);
  }
  await db.execute(sql`
    insert into projects (code, name, work_id, manager_id, budget, status)
    select 'BP-' || g, 'Proyecto ' || g, (array(select id from works order by id))[1 + g % ${WORKS}], 1, 50000, 'activo'
    from generate_series(1, ${PROJECTS}) g`);
  const existing = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]?.n ?? 0);
  for (const [from, to] of chunks(ORDERS - existing)) {
    await db.execute(sql`
      insert into orders (folio, work_id, project_id, requested_by_id, required_date, status_id, total, line_count, created_at)
      select 'BO-' || lpad(g::text, 6, '0'), w[1 + g % ${WORKS}], null, u[1 + g % array_length(u, 1)], date '2026-12-01',
             s[1 + g % array_length(s, 1)], (g % 997) * 13.5, 1, now() - (g % 200) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) g,
           (select array(select id from works order by id) as w, array(select id from order_statuses order by id) as s,
                   array(select id from users order by id) as u) a`);
  }
  for (const table of ['works', 'employees', 'projects', 'orders', 'order_statuses']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
}

