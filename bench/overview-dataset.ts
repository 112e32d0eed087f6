import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';

/* The scale of issue 10's figures, added with INSERT … SELECT over the demo catalogues. */

export const WORKS = 500;
export const ORDERS = 50_000;
export const EMPLOYEES = 5_000;
export const PROJECTS = 1_000;

/** Every table as the issue sizes it; the demo seed gives companies, business lines, users and statuses. */
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
  await db.execute(sql`
    insert into employees (employee_number, first_name, last_name, curp, company_id, work_id, status)
    select 'BE-' || g, 'Nombre' || g, 'Apellido' || g, 'BENC' || lpad(g::text, 6, '0') || 'HDFRRR0' || (g % 10),
           w.company_id, w.id, case when g % 5 = 0 then 'baja' else 'activo' end
    from generate_series(1, ${EMPLOYEES}) g
    join lateral (select id, company_id from works order by id offset g % ${WORKS} limit 1) w on true`);
  await db.execute(sql`
    insert into projects (code, name, work_id, manager_id, budget, status)
    select 'BP-' || g, 'Proyecto ' || g, (array(select id from works order by id))[1 + g % ${WORKS}], 1, 50000, 'activo'
    from generate_series(1, ${PROJECTS}) g`);
  await db.execute(sql`
    insert into orders (folio, work_id, project_id, requested_by_id, required_date, status_id, total, line_count, created_at)
    select 'BO-' || lpad(g::text, 6, '0'), w[1 + g % ${WORKS}], null, 1, date '2026-12-01',
           s[1 + g % array_length(s, 1)], (g % 997) * 13.5, 1, now() - (g % 200) * interval '1 day'
    from generate_series(1, ${ORDERS} - (select count(*) from orders)::int) g,
         (select array(select id from works order by id) as w, array(select id from order_statuses order by id) as s) a`);
  for (const table of ['works', 'employees', 'projects', 'orders', 'order_statuses']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
}

