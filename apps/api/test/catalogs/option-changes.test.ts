import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONS_UPDATED_SINCE_MESSAGE, type OptionPage } from '@goc/contracts';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, firstId, type Api, type Row } from './support';

/*
 * The incremental refresh of GET /<resource>/options (updatedSince, docs/offline.md): the rows
 * changed since an instant, in change order and keyset pages; deactivated, filtered-out and deleted
 * rows as `removed`; a cursor a margin before the server's clock.
 */

let t: TestApp;
let admin: Api;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
});
afterAll(async () => t?.close());

async function created(url: string, body: Row): Promise<Row> {
  const res = await admin.post(`${API}${url}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

async function changesPage(url: string): Promise<OptionPage & { changes: NonNullable<OptionPage['changes']> }> {
  const res = await admin.get(`${API}${url}`);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as OptionPage;
  if (!page.changes) throw new Error(`no changes in ${url}`);
  return page as never;
}

/** Every page of a refresh from `since`, following `next`; each page's offered values and removed ids. */
async function refresh(resource: string, since: string, limit: number, extra = '') {
  const pages: { values: unknown[]; removed: number[] }[] = [];
  let query = `updatedSince=${encodeURIComponent(since)}`;
  for (;;) {
    const page = await changesPage(`${resource}/options?${query}&limit=${limit}${extra}`);
    pages.push({ values: page.items.map((o) => o.value), removed: page.changes.removed });
    expect(page.hasMore).toBe(page.changes.next !== null);
    if (!page.changes.next) return { pages, cursor: page.changes.cursor, items: page.items };
    query = `updatedSince=${encodeURIComponent(page.changes.next.updatedSince)}&afterId=${page.changes.next.afterId}`;
  }
}

describe('GET /<resource>/options?updatedSince', () => {
  it('answers the rows changed since, in change order and keyset pages: new ones as options, deactivated and deleted ones as removed', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    const kept = await created('/units', { abbreviation: 'ch1', name: 'Cambio uno' });
    const deactivated = await created('/units', { abbreviation: 'ch2', name: 'Cambio dos' });
    const deleted = await created('/units', { abbreviation: 'ch3', name: 'Cambio tres' });
    expect((await admin.patch(`${API}/units/${deactivated.id}`, { active: false, version: deactivated.version })).statusCode).toBe(200);
    expect((await admin.del(`${API}/units/${deleted.id}`)).statusCode).toBe(204);

    const { pages } = await refresh('/units', since, 2);
    expect(pages).toEqual([
      { values: [kept.id], removed: [deactivated.id] },
      { values: [], removed: [deleted.id] },
    ]);
  });

  it('gives a cursor a margin before the server clock, from which a later change is read with its new label', async () => {
    const unit = await created('/units', { abbreviation: 'ch4', name: 'Cambio cuatro' });
    const before = Date.now();
    const { cursor } = await refresh('/units', new Date(before - 1).toISOString(), 100);
    expect(Date.parse(cursor)).toBeLessThanOrEqual(before - 119_000);
    expect(Date.parse(cursor)).toBeGreaterThan(before - 130_000);

    const mark = new Date(Date.now() - 1).toISOString();
    expect((await refresh('/units', mark, 100)).pages).toEqual([{ values: [], removed: [] }]);
    expect((await admin.patch(`${API}/units/${unit.id}`, { abbreviation: 'ch4b', version: unit.version })).statusCode).toBe(200);
    const after = await refresh('/units', mark, 100);
    expect(after.pages).toEqual([{ values: [unit.id], removed: [] }]);
    expect(after.items[0]?.label).toBe('ch4b');
  });

  it('counts a row leaving the filter as removed (a work that no longer takes orders)', async () => {
    const category = await created('/categories', { name: 'Línea de cambios' });
    const sub = await created('/subcategories', { name: 'Sub de cambios', categoryId: category.id });
    const since = new Date(Date.now() - 1).toISOString();
    const work = await created('/works', {
      code: 'OB-CH-1',
      name: 'Obra de cambios',
      companyId: await firstId(admin, '/companies'),
      categoryId: category.id,
      subcategoryId: sub.id,
    });
    const filter = '&filter=planeacion,en_ejecucion';
    expect((await refresh('/works', since, 100, filter)).pages).toEqual([{ values: [work.id], removed: [] }]);
    expect((await admin.patch(`${API}/works/${work.id}`, { status: 'terminada', version: work.version })).statusCode).toBe(200);
    expect((await refresh('/works', since, 100, filter)).pages).toEqual([{ values: [], removed: [work.id] }]);
  });

  it('refuses a malformed instant, a search or ids with it, afterId alone and a large page without it, in Spanish', async () => {
    const fields = async (query: string) => (await admin.get(`${API}/units/options?${query}`)).json().fields;
    expect(await fields('updatedSince=ayer')).toEqual({ updatedSince: OPTIONS_UPDATED_SINCE_MESSAGE });
    expect(await fields('updatedSince=2026-05-01T12:00:00Z&q=metro')).toEqual({ q: 'updatedSince no se combina con una búsqueda ni con identificadores' });
    expect(await fields('updatedSince=2026-05-01T12:00:00Z&ids=1')).toEqual({ ids: 'updatedSince no se combina con una búsqueda ni con identificadores' });
    expect(await fields('afterId=3')).toEqual({ afterId: 'afterId solo se usa junto con updatedSince' });
    expect(await fields('limit=2000')).toEqual({ limit: 'El límite debe ser un número entre 1 y 200' });
    expect(await fields('updatedSince=2026-05-01T12:00:00Z&limit=2001')).toEqual({ limit: 'Con updatedSince el límite debe ser un número entre 1 y 2000' });
  });
});
