import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ORDERABLE_PROJECT_STATUSES, ORDERABLE_WORK_STATUSES } from '@goc/contracts';
import { api } from '../../../src/lib/api/client';
import { keptOptionPage, rememberOptions, siteDataSyncedAt, syncOrderPickers } from '../../../src/lib/offline/site-data';
import { mockAdapter, type RecordedRequest } from '../../mock-adapter';
import { cleanUpOfflineTests } from '../../offline-cleanup';

const USER = 3;
cleanUpOfflineTests();

const CURSOR = '2026-05-01T10:00:00.000Z';
const page = (items: unknown[], removed: number[] = [], next: { updatedSince: string; afterId: number } | null = null, cursor = CURSOR) => ({
  status: 200,
  data: { items, hasMore: next !== null, changes: { removed, next, cursor } },
});
const params = (r: RecordedRequest | undefined) => r?.params as Record<string, string>;
const values = (p: { items: { value: unknown }[] } | null) => p?.items.map((o) => o.value);

describe('the site data of the order form (lib/offline/site-data)', () => {
  it('reads every row of each picker the first time, page after page, and searches it offline by code and words, accents and case ignored', async () => {
    const server = mockAdapter({
      'GET /works/options': page([{ value: 2, label: 'OB-2 Torre Norte' }]),
      'GET /projects/options': page([
        { value: 7, label: 'Cimentación', parentId: 2 },
        { value: 8, label: 'Acabados', parentId: 5 },
      ]),
      'GET /materials/options': (request) =>
        params(request).afterId === undefined
          ? page([{ value: 10, label: 'MAT-010 Tubería PVC 2"', detail: 'tramo' }], [4], { updatedSince: '2026-04-01T00:00:00.000Z', afterId: 10 })
          : page([{ value: 11, label: 'MAT-011 Cemento gris', detail: 'bulto', amount: 250.5 }], [], null, '2026-05-01T10:00:05.000Z'),
      'GET /suppliers/options': { status: 403, data: { statusCode: 403, error: 'Forbidden', message: 'No tienes permiso' } },
      'GET /units/options': page([{ value: 1, label: 'bulto' }]),
      'GET /order-statuses/options': page([{ value: 1, label: 'Borrador', code: 'borrador', color: 'secondary' }]),
    });
    api.defaults.adapter = server.adapter;
    const before = Date.now();
    await syncOrderPickers(USER);

    expect(params(server.to('GET /works/options')[0])).toEqual({ updatedSince: '1970-01-01T00:00:00.000Z', limit: '2000', filter: 'planeacion,en_ejecucion' });
    expect(params(server.to('GET /materials/options')[1])).toEqual({ updatedSince: '2026-04-01T00:00:00.000Z', afterId: '10', limit: '2000' });
    expect(values(await keptOptionPage(USER, '/materials', { q: 'tuberia pvc', limit: 50 }))).toEqual([10]);
    expect(values(await keptOptionPage(USER, '/materials', { q: 'mat-011', limit: 50 }))).toEqual([11]);
    expect(await keptOptionPage(USER, '/materials', { q: '', limit: 1 })).toEqual({ items: [{ value: 10, label: 'MAT-010 Tubería PVC 2"', detail: 'tramo' }], hasMore: true });
    expect((await keptOptionPage(USER, '/materials', { q: 'cemento', limit: 5 }))?.items).toEqual([{ value: 11, label: 'MAT-011 Cemento gris', detail: 'bulto', amount: 250.5 }]);
    expect((await keptOptionPage(USER, '/order-statuses', { limit: 5 }))?.items).toEqual([{ value: 1, label: 'Borrador', code: 'borrador', color: 'secondary' }]);
    // A dependent picker: only the work's projects.
    expect(values(await keptOptionPage(USER, '/projects', { limit: 50, parentId: 2, filter: ORDERABLE_PROJECT_STATUSES }))).toEqual([7]);
    // A picker asking for every work (a list's «Obra» filter) gets the works kept for the order form: what the phone has.
    expect(values(await keptOptionPage(USER, '/works', { limit: 50, filter: ORDERABLE_WORK_STATUSES }))).toEqual([2]);
    expect(values(await keptOptionPage(USER, '/works', { q: 'torre', limit: 50 }))).toEqual([2]);
    expect(await keptOptionPage(USER, '/suppliers', { limit: 50 })).toBeNull();
    expect(await siteDataSyncedAt(USER)).toBeGreaterThanOrEqual(before);
  });

  it('asks next time only for what changed since the first page of the last refresh, and applies it', async () => {
    let refresh = 0;
    const server = mockAdapter({
      'GET /materials/options': () =>
        ++refresh === 1
          ? page([
              { value: 10, label: 'MAT-010 Tubería PVC' },
              { value: 11, label: 'MAT-011 Cemento gris' },
              { value: 12, label: 'MAT-012 Arena' },
            ])
          : page([{ value: 11, label: 'MAT-011 Cemento blanco' }, { value: 13, label: 'MAT-013 Grava' }], [12], null, '2026-05-02T10:00:00.000Z'),
    });
    api.defaults.adapter = server.adapter;
    await syncOrderPickers(USER);
    await syncOrderPickers(USER);

    expect(params(server.to('GET /materials/options')[1])).toEqual({ updatedSince: CURSOR, limit: '2000' });
    const all = await keptOptionPage(USER, '/materials', { limit: 50 });
    expect(all?.items.map((o) => o.label)).toEqual(['MAT-010 Tubería PVC', 'MAT-011 Cemento blanco', 'MAT-013 Grava']);
    expect(values(await keptOptionPage(USER, '/materials', { q: 'gris', limit: 50 }))).toEqual([]);
    await syncOrderPickers(USER);
    expect(params(server.to('GET /materials/options')[2])).toEqual({ updatedSince: '2026-05-02T10:00:00.000Z', limit: '2000' });
  });

  it('grows with what the pickers get online until it is read whole; other resources are not kept', async () => {
    await rememberOptions(USER, '/materials', { q: 'codo', limit: 50 }, [{ value: 20, label: 'Codo 90°' }]);
    await rememberOptions(USER, '/materials', { q: 'codo', limit: 50 }, [{ value: 20, label: 'Codo 90° cobre' }]);
    await rememberOptions(USER, '/employees', { limit: 50 }, [{ value: 1, label: 'Ana Ruiz' }]);
    expect((await keptOptionPage(USER, '/materials', { q: 'cobre', limit: 50 }))?.items).toEqual([{ value: 20, label: 'Codo 90° cobre' }]);
    expect(await keptOptionPage(USER, '/employees', { limit: 50 })).toBeNull();

    api.defaults.adapter = mockAdapter({ 'GET /materials/options': page([{ value: 21, label: 'Codo 45°' }]) }).adapter;
    await syncOrderPickers(USER);
    // Read whole: the refresh's rows replace what pickers gathered, and a picker's answer adds nothing.
    await rememberOptions(USER, '/materials', { q: 'tee', limit: 50 }, [{ value: 30, label: 'Tee 2"' }]);
    expect(values(await keptOptionPage(USER, '/materials', { limit: 50 }))).toEqual([21]);
  });
});
