import { afterEach, describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { api } from '../../src/lib/api/client';
import { fetchList, fetchRecord } from '../../src/lib/resources/records';
import { mockAdapter } from '../mock-adapter';

/** An entity whose schema changes what it reads (trims the name), so its output can be told from the raw body. */
const entity = z.object({ id: z.number().int(), version: z.number().int(), name: z.string().transform((name) => name.trim()) });

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function serve(routes: Parameters<typeof mockAdapter>[0]) {
  const server = mockAdapter(routes);
  api.defaults.adapter = server.adapter;
  return server;
}

describe('list and record reads (lib/resources/records)', () => {
  it('a list page comes back as the entity schema reads each row, with its total and paging', async () => {
    serve({
      'GET /materials': {
        status: 200,
        data: { items: [{ id: 1, version: 3, name: ' Codo 90° ' }, { id: 2, version: 1, name: 'Tubo' }], total: 40, page: 2, pageSize: 2 },
      },
    });
    const page = await fetchList('/materials', { page: '2', pageSize: '2' }, entity);
    expect(page).toEqual({ items: [{ id: 1, version: 3, name: 'Codo 90°' }, { id: 2, version: 1, name: 'Tubo' }], total: 40, page: 2, pageSize: 2 });
  });

  it('the same schemas serve every fetch of a resource, and each answer is read anew', async () => {
    let name = 'Primero';
    serve({ 'GET /materials': () => ({ status: 200, data: { items: [{ id: 1, version: 1, name }], total: 1, page: 1, pageSize: 25 } }) });
    expect((await fetchList('/materials', {}, entity)).items[0]?.name).toBe('Primero');
    name = 'Segundo';
    expect((await fetchList('/materials', {}, entity)).items[0]?.name).toBe('Segundo');
  });

  it('a row without its version is refused, in a list as in a record (every edit needs it)', async () => {
    const loose = z.looseObject({ id: z.number().int() });
    serve({
      'GET /materials': { status: 200, data: { items: [{ id: 1, name: 'Tubo' }], total: 1, page: 1, pageSize: 25 } },
      'GET /materials/1': { status: 200, data: { id: 1, name: 'Tubo' } },
    });
    await expect(fetchList('/materials', {}, loose)).rejects.toBeInstanceOf(ZodError);
    await expect(fetchRecord('/materials', 1, loose)).rejects.toBeInstanceOf(ZodError);
  });

  it('a record comes back as the entity schema reads it', async () => {
    serve({ 'GET /materials/7': { status: 200, data: { id: 7, version: 2, name: ' Válvula ' } } });
    expect(await fetchRecord('/materials', 7, entity)).toEqual({ id: 7, version: 2, name: 'Válvula' });
  });
});
