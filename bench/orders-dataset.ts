/*
 * The orders benchmark's data, on top of the demo data (works, users, suppliers, the 40 demo
 * materials, the order statuses): `orders` orders of 5 lines each, inserted with INSERT … SELECT
 * generate_series so PGlite and PostgreSQL load them the same way in seconds.
 *
 * Order k gets work, requester and supplier by k modulo their counts, a status spread over the 8
 * statuses, and lines p = 0…4 of material (k + 8p) mod 40: five distinct materials per order, each
 * material in 1 order of 8. The filter "status comprado + one material" then selects ≈ 1/64 of the
 * orders (780 of 50 000), enough for page 20 of 25.
 */

export const ORDERS = 50_000;
export const LINES_PER_ORDER = 5;
/** The filtered status and the position (by id) of the filtered material among the materials. */
export const FILTER_STATUS = 'comprado';
export const FILTER_MATERIAL_INDEX = 1;

/** Statements that load the orders into a migrated database seeded with the demo data. */
export function orderSeedStatements(orders: number): string[] {
  return [
    `WITH w AS (SELECT array_agg(id ORDER BY id) AS a FROM works),
          u AS (SELECT array_agg(id ORDER BY id) AS a FROM users),
          s AS (SELECT array_agg(id ORDER BY id) AS a FROM order_statuses),
          sup AS (SELECT array_agg(id ORDER BY id) AS a FROM suppliers)
     INSERT INTO orders (folio, work_id, requested_by_id, required_date, supplier_id, status_id, line_count, created_at, updated_at)
     SELECT 'PED-' || lpad((100000 + k)::text, 6, '0'),
            w.a[1 + k % cardinality(w.a)],
            u.a[1 + (k / 7) % cardinality(u.a)],
            date '2026-01-01' + (k % 300),
            CASE WHEN k % 3 = 0 THEN NULL ELSE sup.a[1 + k % cardinality(sup.a)] END,
            s.a[1 + ((k * 7919) % 10007) % cardinality(s.a)],
            ${LINES_PER_ORDER},
            timestamptz '2026-01-01 12:00:00+00' + k * interval '5 minutes',
            timestamptz '2026-01-01 12:00:00+00' + k * interval '5 minutes'
       FROM generate_series(1, ${orders}) AS k, w, u, s, sup`,
    `WITH m AS (SELECT array_agg(id ORDER BY id) AS a FROM materials)
     INSERT INTO order_lines (order_id, position, material_id, quantity, unit_id, unit_price)
     SELECT o.id, p, mat.id, 1 + (o.id * 7 + p * 3) % 40 + 0.5, mat.unit_id, round(10 + ((o.id * 13 + p * 17) % 5000) / 4.0, 2)
       FROM orders o
       CROSS JOIN generate_series(0, ${LINES_PER_ORDER - 1}) AS p
       CROSS JOIN m
       JOIN materials mat ON mat.id = m.a[1 + (o.id + p * 8) % cardinality(m.a)]
      WHERE o.folio >= 'PED-100001'`,
    // The stored total is the sum of the lines' amounts, as the API keeps it.
    `UPDATE orders o SET total = l.total
       FROM (SELECT order_id, sum(amount) AS total FROM order_lines GROUP BY order_id) l
      WHERE l.order_id = o.id AND o.folio >= 'PED-100001'`,
  ];
}

export const ORDER_ANALYZE_STATEMENTS = ['VACUUM ANALYZE orders', 'VACUUM ANALYZE order_lines'];

/** The ids the measured filter uses, read from the seeded database. */
export const FILTER_IDS_SQL = `SELECT (SELECT id FROM order_statuses WHERE code = '${FILTER_STATUS}') AS status_id,
  (SELECT id FROM materials ORDER BY id OFFSET ${FILTER_MATERIAL_INDEX} LIMIT 1) AS material_id`;

export const PAGE = 20;
export const PAGE_SIZE = 25;

const equals = (value: number) => ({ operator: 'and', constraints: [{ matchMode: 'equals', value }] });

/** The measured request: every order (`scope=all`) with the status and the material, by total descending, page 20 of 25. */
export function ordersListPath(ids: { statusId: number; materialId: number }): string {
  const filters = { statusId: equals(ids.statusId), materialId: equals(ids.materialId) };
  return `/api/v2/orders?scope=all&filters=${encodeURIComponent(JSON.stringify(filters))}&sort=-total&page=${PAGE}&pageSize=${PAGE_SIZE}`;
}

/** Unfiltered first pages, explained too: each sort alone must be served by an index. */
export const UNFILTERED_PATHS: readonly { label: string; path: string }[] = [
  { label: 'unfiltered, by total descending', path: `/api/v2/orders?scope=all&sort=-total&page=1&pageSize=${PAGE_SIZE}` },
  { label: 'unfiltered, default order (newest first)', path: `/api/v2/orders?scope=all&page=1&pageSize=${PAGE_SIZE}` },
];

export const ORDERS_REQUEST_TEXT = `GET /api/v2/orders?scope=all&filters={"statusId":{…equals comprado},"materialId":{…equals <material>}}&sort=-total&page=${PAGE}&pageSize=${PAGE_SIZE}`;
