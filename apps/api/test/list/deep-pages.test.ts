import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortEntry } from '@goc/contracts';
import { materialCategories, materials, units } from '../../src/db/schema';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { apiFor, listUrl, type Api } from '../catalogs/support';
import { statementsOf, type SentStatement } from '../helpers/statements';

/*
 * Pages after the first read the page's ids first and only then their rows (a deferred join), or
 * seek from where the page starts when that is known (the page, or the one before it, was served
 * since the list's tables were last written). Every page of a 3 000-row filtered, sorted list must be
 * exactly what the plain query — the first page's statement with an OFFSET — gives, however it was
 * read, ties in the sort keys and empty values included.
 */

const PAGE = 50;
let t: TestApp;
let api: Api;

type QueryFn = (...args: unknown[]) => Promise<{ rows: unknown[][] }>;
const client = () => t.database.driver.client as unknown as { query: QueryFn };

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  api = apiFor(t.app, (await login(t.app)).token);
  const unitIds = (await t.db.select({ id: units.id }).from(units)).map((u) => u.id);
  const categoryIds = (await t.db.select({ id: materialCategories.id }).from(materialCategories)).map((c) => c.id);
  const rows = Array.from({ length: 3_200 }, (_, i) => ({
    code: `DP-${String(i).padStart(4, '0')}`,
    // 3 000 rows match `q=hondo`; the rest do not.
    name: i < 3_000 ? `Material hondo ${i}` : `Otro material ${i}`,
    unitId: unitIds[i % 3]!,
    materialCategoryId: categoryIds[i % 2]!,
    referencePrice: i % 5 === 0 ? null : String((i % 7) * 10),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(materials).values(rows.slice(i, i + 500));
}, 120_000);
afterAll(async () => t?.close());

/** The ids of one page as the API gives it, and the SQL of its items when it is the first page. */
async function page(sort: SortEntry[], n: number, total = 3_000): Promise<{ ids: number[]; statement?: SentStatement; walked: boolean }> {
  let res: Awaited<ReturnType<Api['get']>> | undefined;
  const seen = await statementsOf(t.database, async () => {
    res = await api.get(listUrl('/materials', { q: 'hondo', sort, page: n, pageSize: PAGE }));
  });
  if (!res) throw new Error('no answer');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { items: { id: number }[]; total: number };
  expect(body.total).toBe(total);
  return {
    ids: body.items.map((r) => r.id),
    statement: seen.find((s) => s.text.includes('from "materials"') && / limit \$\d+$/.test(s.text)),
    walked: seen.some((s) => / offset \$\d+/.test(s.text)),
  };
}

/** The plain OFFSET query: the first page's statement, skipping `offset` rows. */
async function plain(statement: { text: string; params: unknown[] }, offset: number, idColumn: number): Promise<number[]> {
  const text = `${statement.text} offset ${offset}`;
  const result =
    t.database.kind === 'postgres'
      ? await client().query({ text, values: statement.params, rowMode: 'array' })
      : await client().query(text, statement.params, { rowMode: 'array' });
  return result.rows.map((r) => Number(r[idColumn]));
}

describe('deep pages', () => {
  const sorts: [string, SortEntry[]][] = [
    ['by reference price, with ties and empty values', [{ field: 'referencePrice', order: 'asc' }]],
    ['by unit then price, descending', [{ field: 'unitId', order: 'desc' }, { field: 'referencePrice', order: 'desc' }]],
    ['by name', [{ field: 'name', order: 'asc' }]],
  ];
  it.each(sorts)('are the rows of the plain OFFSET query, page by page: %s', async (_label, sort) => {
    const first = await page(sort, 1);
    expect(first.statement, 'the first page has its own statement with a LIMIT').toBeDefined();
    const rows = await plain(first.statement!, 0, 0);
    const idColumn = rows.length === PAGE && rows.every((id, i) => id === first.ids[i]) ? 0 : -1;
    expect(idColumn, 'the id is the first column of the page statement').toBe(0);
    const seen = new Set(first.ids);
    for (let n = 2; n <= 3_000 / PAGE; n += 1) {
      const deep = await page(sort, n);
      expect(deep.ids, `page ${n}`).toEqual(await plain(first.statement!, (n - 1) * PAGE, idColumn));
      for (const id of deep.ids) seen.add(id);
    }
    expect(seen.size).toBe(3_000);
  }, 120_000);

  const seeks: [string, SortEntry[]][] = [
    ['by reference price, descending, empty values last', [{ field: 'referencePrice', order: 'desc' }]],
    // A key that cannot be empty: the seek also starts from a range on it (keysetAfter).
    ['by name, descending', [{ field: 'name', order: 'desc' }]],
  ];
  it.each(seeks)('are the same when read out of order, again, and after a write that moves every row: %s', async (_label, sort) => {
    const first = await page(sort, 1);
    const pages = [37, 12, 59, 2, 60, 13, 38, 1, 25];
    for (const n of pages) {
      const cold = await page(sort, n);
      expect(cold.ids, `page ${n}`).toEqual(await plain(first.statement!, (n - 1) * PAGE, 0));
    }
    // Each of those pages and the one after each is now a seek from where it starts: no OFFSET walked.
    for (const n of [...pages, 38, 14]) {
      const again = await page(sort, n);
      expect(again.walked, `page ${n} again`).toBe(false);
      expect(again.ids, `page ${n} again`).toEqual(await plain(first.statement!, (n - 1) * PAGE, 0));
    }
    // A new row at the head of the order, written outside the API (as another process would): every
    // page moves one row; a start remembered before the write would serve the old pages.
    const [unit] = await t.db.select({ id: units.id }).from(units).limit(1);
    const [category] = await t.db.select({ id: materialCategories.id }).from(materialCategories).limit(1);
    await t.db.insert(materials).values({ code: 'DP-HEAD', name: 'Material hondo zzz cabeza', unitId: unit!.id, materialCategoryId: category!.id, referencePrice: '999999' });
    const moved = await page(sort, 1, 3_001);
    for (const n of [37, 38, 60, 61]) {
      const after = await page(sort, n, 3_001);
      expect(after.ids, `page ${n} after the write`).toEqual(await plain(moved.statement!, (n - 1) * PAGE, 0));
    }
    await t.db.delete(materials).where(eq(materials.code, 'DP-HEAD'));
  }, 120_000);
});
