import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS, type SortEntry } from '@goc/contracts';
import { catalogResourceBinding } from '../../src/lib/crud/routes';
import { resourceSource } from '../../src/lib/crud/source';
import { runList, streamList } from '../../src/lib/list/query';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { apiFor, created, firstId, optionsOf } from '../catalogs/support';

/*
 * Exports read the list in keyset batches. Whatever the order — ties, empty values, descending keys,
 * related names — the batches joined must be exactly the list's order, without repeats or gaps.
 */

let t: TestApp;
// Built once the app has registered its modules' tables.
let source: ReturnType<typeof resourceSource>;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  source = resourceSource(t.app.resourceTables, catalogResourceBinding(t.app.resourceTables, { declaration: CATALOGS.materials }));
  const api = apiFor(t.app, (await login(t.app)).token);
  const units = await optionsOf(api, '/units');
  for (let i = 0; i < 15; i++) {
    await created(api, '/materials', {
      code: `K-${i}`,
      name: `Material repetido ${i % 3 === 0 ? 'Ñ' : 'N'}${i}`,
      referencePrice: i % 3 ? 99.9 : null,
      unitId: units[i % 2]!.value,
      materialCategoryId: await firstId(api, '/material-categories'),
      active: i % 4 !== 0,
    });
  }
});
afterAll(async () => t?.close());

const SORTS: SortEntry[][] = [
  [],
  [{ field: 'name', order: 'desc' }],
  [{ field: 'referencePrice', order: 'asc' }, { field: 'code', order: 'desc' }],
  [{ field: 'referencePrice', order: 'desc' }],
  [{ field: 'unitId', order: 'asc' }, { field: 'referencePrice', order: 'asc' }],
  [{ field: 'active', order: 'desc' }, { field: 'createdAt', order: 'desc' }, { field: 'materialCategoryId', order: 'desc' }],
];

describe('keyset batches', () => {
  it.each(SORTS.map((s) => [JSON.stringify(s), s] as const))('join into exactly the list order: %s', async (_label, sort) => {
    const query = { page: 1, pageSize: 100, sort, filters: {}, q: undefined };
    const { rows, total } = await runList(t.db, source.list, query, source.selection);
    expect(total).toBe(rows.length);
    for (const batchSize of [1, 4, 7]) {
      const streamed: number[] = [];
      let batches = 0;
      for await (const batch of streamList(t.db, source.list, query, source.selection, batchSize)) {
        expect(batch.length).toBeLessThanOrEqual(batchSize);
        streamed.push(...batch.map((r) => Number(r.id)));
        batches++;
      }
      expect(streamed).toEqual(rows.map((r) => Number(r.id)));
      expect(batches).toBe(Math.ceil(rows.length / batchSize));
    }
  });

  it('stream only what the filters select', async () => {
    const query = {
      sort: [{ field: 'name', order: 'asc' as const }],
      filters: { name: { operator: 'and' as const, constraints: [{ matchMode: 'startsWith' as const, value: 'material repetido n' }] } },
      q: undefined,
    };
    const streamed: string[] = [];
    for await (const batch of streamList(t.db, source.list, query, source.selection, 4)) streamed.push(...batch.map((r) => String(r.name)));
    expect(streamed).toHaveLength(15);
    expect(streamed).toEqual([...streamed].sort((a, b) => (a.replace('Ñ', 'N').toLowerCase() < b.replace('Ñ', 'N').toLowerCase() ? -1 : 1)));
  });
});
