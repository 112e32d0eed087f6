import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDERABLE_PROJECT_STATUSES } from '@goc/contracts';
import { api } from '../../../src/lib/api/client';
import { wipeOfflineData } from '../../../src/lib/offline/offline-db';
import { keptOptionPage, rememberOptions, siteDataSyncedAt, syncOrderPickers } from '../../../src/lib/offline/site-data';
import { mockAdapter } from '../../mock-adapter';

const USER = 3;
const originalAdapter = api.defaults.adapter;
afterEach(async () => {
  api.defaults.adapter = originalAdapter;
  await wipeOfflineData();
});

const page = (items: unknown[]) => ({ status: 200, data: { items, hasMore: false } });

describe('the site data of the order form (lib/offline/site-data)', () => {
  it('keeps each picker with the filter it sends, and searches it offline by code and words, accents and case ignored', async () => {
    const server = mockAdapter({
      'GET /works/options': page([{ value: 2, label: 'OB-2 Torre Norte' }]),
      'GET /projects/options': page([
        { value: 7, label: 'Cimentación', parentId: 2 },
        { value: 8, label: 'Acabados', parentId: 5 },
      ]),
      'GET /materials/options': page([
        { value: 10, label: 'MAT-010 Tubería PVC 2"', detail: 'tramo' },
        { value: 11, label: 'MAT-011 Cemento gris', detail: 'bulto' },
      ]),
      'GET /suppliers/options': { status: 403, data: { statusCode: 403, error: 'Forbidden', message: 'No tienes permiso' } },
      'GET /units/options': page([{ value: 1, label: 'bulto' }]),
    });
    api.defaults.adapter = server.adapter;
    const before = Date.now();
    await syncOrderPickers(USER);

    expect(server.to('GET /works/options')[0]?.params).toEqual({ limit: '200', filter: 'planeacion,en_ejecucion' });
    expect((await keptOptionPage(USER, '/materials', { q: 'tuberia pvc', limit: 50 }))?.items.map((o) => o.value)).toEqual([10]);
    expect((await keptOptionPage(USER, '/materials', { q: 'MAT-011', limit: 50 }))?.items.map((o) => o.value)).toEqual([11]);
    expect(await keptOptionPage(USER, '/materials', { q: '', limit: 1 })).toEqual({ items: [expect.objectContaining({ value: 10 })], hasMore: true });
    // A dependent picker: only the work's projects.
    const projects = await keptOptionPage(USER, '/projects', { limit: 50, parentId: 2, filter: ORDERABLE_PROJECT_STATUSES });
    expect(projects?.items.map((o) => o.value)).toEqual([7]);
    // Works kept under their filter are not offered to a picker that asks without it.
    expect(await keptOptionPage(USER, '/works', { limit: 50 })).toBeNull();
    expect(await keptOptionPage(USER, '/suppliers', { limit: 50 })).toBeNull();
    expect(await siteDataSyncedAt(USER)).toBeGreaterThanOrEqual(before);
  });

  it('grows with what the pickers get online; other resources are not kept', async () => {
    await rememberOptions(USER, '/materials', { q: 'codo', limit: 50 }, [{ value: 20, label: 'Codo 90°' }]);
    await rememberOptions(USER, '/materials', { q: 'codo', limit: 50 }, [{ value: 20, label: 'Codo 90° cobre' }]);
    await rememberOptions(USER, '/employees', { limit: 50 }, [{ value: 1, label: 'Ana Ruiz' }]);
    expect((await keptOptionPage(USER, '/materials', { q: 'cobre', limit: 50 }))?.items).toEqual([{ value: 20, label: 'Codo 90° cobre' }]);
    expect(await keptOptionPage(USER, '/employees', { limit: 50 })).toBeNull();
  });
});
