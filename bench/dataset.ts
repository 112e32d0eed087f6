/*
 * The benchmark's data: hardware-store materials as a Mexican construction company buys them
 * ("Codo 90° de cobre 1/2" Nacobre"), with their units and material categories.
 *
 * A name is product × material × size × brand (20 × 10 × 25 × 20 = 100 000 distinct names, so the
 * case-insensitive unique index on materials.name holds). The filter word "cobre" matches the
 * material "de cobre" (1 in 10) and the brand "Nacobre" (1 in 20): 14.5 % of the rows, a realistic
 * share for a column filter. Rows are inserted in an order unrelated to their names, so ids do not
 * follow the sort order.
 */

/** The largest dataset the name scheme can make unique. */
export const MAX_ROWS = 100_000;

/** [product, material category, unit] — the product decides what the material is sold by. */
const PRODUCTS: readonly (readonly [string, string, string])[] = [
  ['Tubo', 'Tubería y conexiones', 'Tramo'],
  ['Codo 90°', 'Tubería y conexiones', 'Pieza'],
  ['Codo 45°', 'Tubería y conexiones', 'Pieza'],
  ['Tee', 'Tubería y conexiones', 'Pieza'],
  ['Cople', 'Tubería y conexiones', 'Pieza'],
  ['Reducción bushing', 'Tubería y conexiones', 'Pieza'],
  ['Niple', 'Tubería y conexiones', 'Pieza'],
  ['Tapón capa', 'Tubería y conexiones', 'Pieza'],
  ['Válvula de esfera', 'Válvulas', 'Pieza'],
  ['Válvula check', 'Válvulas', 'Pieza'],
  ['Abrazadera', 'Ferretería', 'Pieza'],
  ['Tornillo hexagonal', 'Tornillería', 'Caja'],
  ['Tuerca', 'Tornillería', 'Caja'],
  ['Varilla roscada', 'Acero', 'Tramo'],
  ['Lámina', 'Acero', 'Pieza'],
  ['Ángulo', 'Acero', 'Tramo'],
  ['Solera', 'Acero', 'Tramo'],
  ['Cable', 'Material eléctrico', 'Rollo'],
  ['Alambre', 'Material eléctrico', 'Kilogramo'],
  ['Canaleta', 'Material eléctrico', 'Tramo'],
];

const MATERIALS = [
  'de cobre',
  'de acero galvanizado',
  'de PVC',
  'de acero inoxidable',
  'de aluminio',
  'de latón',
  'de fierro negro',
  'de polietileno',
  'de CPVC',
  'de bronce',
];

const SIZES = [
  '1/4"',
  '3/8"',
  '1/2"',
  '3/4"',
  '1"',
  '1 1/4"',
  '1 1/2"',
  '2"',
  '2 1/2"',
  '3"',
  '4"',
  '6"',
  '8 mm',
  '10 mm',
  '13 mm',
  '19 mm',
  '25 mm',
  '32 mm',
  '38 mm',
  '50 mm',
  '63 mm',
  '75 mm',
  '100 mm',
  'cédula 40',
  'cédula 80',
];

const BRANDS = [
  'Nacobre',
  'Tuboplus',
  'Rotoplas',
  'Urrea',
  'Truper',
  'Pretul',
  'Condumex',
  'Viakon',
  'Helvex',
  'Coflex',
  'Dica',
  'Foset',
  'Amanco',
  'Mexichem',
  'Fiero',
  'Surtek',
  'Hermex',
  'Volteck',
  'Argos',
  'IUSA',
];

/** [abbreviation, name]; some are not used by any product, as in a real catalogue. */
const UNITS: readonly (readonly [string, string])[] = [
  ['pza', 'Pieza'],
  ['m', 'Metro'],
  ['kg', 'Kilogramo'],
  ['tramo', 'Tramo'],
  ['caja', 'Caja'],
  ['rollo', 'Rollo'],
  ['l', 'Litro'],
  ['m²', 'Metro cuadrado'],
  ['m³', 'Metro cúbico'],
  ['bulto', 'Bulto'],
  ['jgo', 'Juego'],
  ['par', 'Par'],
];

/** [name, description] */
const CATEGORIES: readonly (readonly [string, string])[] = [
  ['Tubería y conexiones', 'Tubos, codos, tees y demás conexiones hidráulicas'],
  ['Válvulas', 'Válvulas de paso y de retención'],
  ['Ferretería', 'Abrazaderas, herrajes y accesorios'],
  ['Tornillería', 'Tornillos, tuercas y rondanas'],
  ['Acero', 'Perfiles, láminas y varillas'],
  ['Material eléctrico', 'Cable, alambre y canalización'],
  ['Cementos y agregados', 'Cemento, cal, arena y grava'],
  ['Pinturas', 'Pinturas, selladores y solventes'],
  ['Impermeabilizantes', 'Impermeabilizantes y membranas'],
  ['Herramienta', 'Herramienta manual y eléctrica'],
];

/**
 * Row k gets combination (k × SPREAD) mod MAX_ROWS: a bijection (SPREAD is prime and does not divide
 * MAX_ROWS), so every dataset size draws distinct names spread over all products, materials and brands
 * and a smaller BENCH_ROWS keeps roughly the same filter share.
 */
const SPREAD = 7919;

/**
 * Row k as the seed writes it (the same combination as the SQL below, in TypeScript): its code,
 * name and unit, for what measures the catalogue outside the database (the phone's copy, bench/offline-search.ts).
 */
export function materialRow(k: number): { code: string; name: string; unit: string } {
  const c = (k * SPREAD) % MAX_ROWS;
  const p = PRODUCTS.length;
  const m = MATERIALS.length;
  const s = SIZES.length;
  const [product, , unitName] = PRODUCTS[c % p] as readonly [string, string, string];
  const name = `${product} ${MATERIALS[Math.floor(c / p) % m]} ${SIZES[Math.floor(c / (p * m)) % s]} ${BRANDS[Math.floor(c / (p * m * s)) % BRANDS.length]}`;
  const unit = UNITS.find(([, n]) => n === unitName)?.[0] ?? unitName;
  return { code: `MAT-${String(k + 1).padStart(6, '0')}`, name, unit };
}

/** The word of the benchmark's `contains` filter, and the share of rows it selects. */
export const FILTER_WORD = 'cobre';
export const FILTER_SHARE = 0.145;

/** A SQL string literal (the values above are constants, quoted here rather than sent as parameters). */
const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]): string => `(ARRAY[${values.map(literal).join(', ')}]::text[])`;

/**
 * The statements that load `rows` materials (≤ MAX_ROWS) into a freshly migrated database. Plain SQL,
 * run the same way on PGlite and PostgreSQL.
 */
export function seedStatements(rows: number): string[] {
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) throw new Error(`rows must be 1…${MAX_ROWS}, got ${rows}`);
  const productValues = PRODUCTS.map(([product, category, unit], i) => `(${i}, ${literal(product)}, ${literal(category)}, ${literal(unit)})`).join(',\n    ');
  const p = PRODUCTS.length;
  const m = MATERIALS.length;
  const s = SIZES.length;
  return [
    `INSERT INTO units (abbreviation, name) VALUES ${UNITS.map(([abbr, name]) => `(${literal(abbr)}, ${literal(name)})`).join(', ')}
  ON CONFLICT DO NOTHING`,
    `INSERT INTO material_categories (name, description) VALUES ${CATEGORIES.map(([name, d]) => `(${literal(name)}, ${literal(d)})`).join(', ')}
  ON CONFLICT DO NOTHING`,
    `WITH products (idx, product, category, unit) AS (VALUES
    ${productValues}
  ),
  spread AS (
    SELECT k, (k * ${SPREAD}) % ${MAX_ROWS} AS c FROM generate_series(0, ${rows - 1}) AS k
  ),
  parts AS (
    SELECT k, c,
      ${textArray(MATERIALS)}[1 + (c / ${p}) % ${m}] AS material,
      ${textArray(SIZES)}[1 + (c / ${p * m}) % ${s}] AS size,
      ${textArray(BRANDS)}[1 + (c / ${p * m * s}) % ${BRANDS.length}] AS brand
    FROM spread
  )
INSERT INTO materials (code, name, description, material_category_id, unit_id, reference_price, active, created_at, updated_at)
SELECT
  'MAT-' || lpad((parts.k + 1)::text, 6, '0'),
  products.product || ' ' || parts.material || ' ' || parts.size || ' ' || parts.brand,
  CASE WHEN parts.k % 3 = 0 THEN NULL ELSE products.product || ' ' || parts.material || ', marca ' || parts.brand END,
  c.id,
  u.id,
  round(12.5 + ((parts.k * 7919) % 250000) / 100.0, 2),
  parts.k % 50 <> 0,
  now() - ((parts.k * 37) % 730) * interval '1 day',
  now() - ((parts.k * 11) % 30) * interval '1 day'
FROM parts
JOIN products ON products.idx = parts.c % ${p}
JOIN material_categories c ON c.name = products.category
JOIN units u ON u.name = products.unit
ORDER BY md5(parts.k::text)`,
  ];
}

/** Run after the load and after the indexes exist (ANALYZE gathers expression indexes' statistics too). */
export const ANALYZE_STATEMENTS = ['VACUUM ANALYZE units', 'VACUUM ANALYZE material_categories', 'VACUUM ANALYZE materials'];

/** The measured request: contains filter on the name, sorted by name, page 50 of 25. */
export function listPath(): string {
  const filters = { name: { operator: 'and', constraints: [{ matchMode: 'contains', value: FILTER_WORD }] } };
  return `/api/v2/materials?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=name&page=50&pageSize=25`;
}

/** The same request as written in the README (unencoded, readable). */
export const LIST_REQUEST_TEXT =
  'GET /api/v2/materials?filters={"name":{"operator":"and","constraints":[{"matchMode":"contains","value":"cobre"}]}}&sort=name&page=50&pageSize=25';
