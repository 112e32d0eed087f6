import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS } from '@goc/contracts';
import { ResourceList } from '../../../src/components/list/resource-list';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { pagedUnits } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

// DataTable renders are slow in jsdom on a shared 2-core machine; these are not speed tests.
vi.setConfig({ testTimeout: 60_000 });

const units = CATALOGS.units;
let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(path: string, server: FakeApi = fakeApi({ 'GET /units': pagedUnits(120) }), handlers: Partial<Parameters<typeof ResourceList>[0]> = {}) {
  const view = renderRoute(<ResourceList resource={units} onCreate={() => undefined} onEdit={() => undefined} onHistory={() => undefined} onDelete={() => undefined} {...handlers} />, path, server.adapter);
  dispose = view.dispose;
  return { ...view, server };
}

const listCalls = (server: FakeApi) => server.calls('GET', '/units');
const lastList = (server: FakeApi) => listCalls(server).at(-1)!.params;

describe('ResourceList: the list state lives in the URL', () => {
  it('asks the API for exactly what the URL says (page, size, multi-sort, q, filters)', async () => {
    seedSession({ permissions: permissionsFor() });
    const filters = JSON.stringify({ name: { operator: 'or', constraints: [{ matchMode: 'contains', value: 'kilo' }, { matchMode: 'startsWith', value: 'met' }] } });
    const { server } = start(`/catalogos/unidades?page=2&pageSize=10&sort=name,-abbreviation&q=kg&filters=${encodeURIComponent(filters)}`);
    expect(await screen.findByText('Unidad p2-1')).toBeInTheDocument();
    expect(lastList(server)).toEqual({ page: '2', pageSize: '10', sort: 'name,-abbreviation', q: 'kg', filters });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('kg');
  });

  it('drops from a hand-edited URL what the list does not allow, instead of failing', async () => {
    seedSession({ permissions: permissionsFor() });
    const filters = JSON.stringify({ secret: { operator: 'and', constraints: [{ matchMode: 'contains', value: 'x' }] }, name: { operator: 'and', constraints: [{ matchMode: 'lt', value: 3 }] } });
    const { server } = start(`/catalogos/unidades?page=abc&sort=nope,name&filters=${encodeURIComponent(filters)}`);
    await screen.findByText('Unidad p1-1');
    expect(lastList(server)).toEqual({ page: '1', pageSize: '25', sort: 'name' });
  });

  it('paging and multi-column sorting write the URL, back on page 1 after a sort', async () => {
    seedSession({ permissions: permissionsFor() });
    const { server, search } = start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente Página' }));
    await screen.findByText('Unidad p2-1');
    expect(search().get('page')).toBe('2');
    expect(lastList(server)).toMatchObject({ page: '2', pageSize: '25' });

    // Sort by Nombre, then Ctrl+click Abreviatura twice (descending): several columns.
    fireEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));
    await waitFor(() => expect(search().get('sort')).toBe('name'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Abreviatura/ }), { ctrlKey: true });
    await waitFor(() => expect(search().get('sort')).toBe('name,abbreviation'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Abreviatura/ }), { ctrlKey: true });
    await waitFor(() => expect(search().get('sort')).toBe('name,-abbreviation'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastList(server)).toEqual({ page: '1', pageSize: '25', sort: 'name,-abbreviation' }));
  });

  it('back and forward restore earlier list states; a reload of the URL shows the same view', async () => {
    seedSession({ permissions: permissionsFor() });
    const { router, search } = start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await screen.findByText('Unidad p3-1');
    fireEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));
    await waitFor(() => expect(search().get('sort')).toBe('name'));

    await act(() => router.navigate(-1));
    expect(search().toString()).toBe('page=3');
    expect(await screen.findByText('Unidad p3-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'true');
    await act(() => router.navigate(1));
    expect(search().get('sort')).toBe('name');

    // Reload: a fresh app on the same URL asks the same thing.
    const url = router.state.location.pathname + router.state.location.search;
    dispose?.();
    const again = start(url);
    await screen.findByText('Unidad p1-1');
    expect(lastList(again.server)).toEqual({ page: '1', pageSize: '25', sort: 'name' });
  });

  it('a page past the end shows the last page, replacing the history entry', async () => {
    seedSession({ permissions: permissionsFor() });
    const { router, search } = start('/catalogos/unidades?page=9', fakeApi({ 'GET /units': pagedUnits(30) }));
    expect(await screen.findByText('Unidad p2-1')).toBeInTheDocument();
    expect(search().get('page')).toBe('2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('changing rows per page goes back to page 1 and keeps the new size in the URL', async () => {
    seedSession({ permissions: permissionsFor() });
    const { server, search } = start('/catalogos/unidades?page=3');
    await screen.findByText('Unidad p3-1');
    await choose(screen.getByRole('textbox', { name: 'Filas por página' }), '50');
    await waitFor(() => expect(search().get('pageSize')).toBe('50'));
    await waitFor(() => expect(lastList(server)).toMatchObject({ pageSize: '50' }));
  });
});

describe('ResourceList: global search', () => {
  it('waits for a pause in typing (debounce) and sends one request with the whole text', async () => {
    seedSession({ permissions: permissionsFor() });
    const { server, search } = start('/catalogos/unidades?page=4');
    await screen.findByText('Unidad p4-1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'cem');
    // Typing is over; nothing has been searched yet.
    expect(listCalls(server).some((r) => r.params.q !== undefined)).toBe(false);
    await waitFor(() => expect(search().get('q')).toBe('cem'));
    await waitFor(() => expect(lastList(server)).toMatchObject({ q: 'cem', page: '1' }));
    expect(listCalls(server).filter((r) => r.params.q !== undefined).map((r) => r.params.q)).toEqual(['cem']);
  });
});

describe('ResourceList: columns', () => {
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter((t) => t && t !== 'Acciones');

  it('remembers hidden columns per user in localStorage', async () => {
    seedSession({ permissions: permissionsFor() });
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    expect(headers()).toEqual(['Abreviatura', 'Nombre', 'Activo']);

    await choose(screen.getByRole('combobox', { name: 'Columnas' }), 'Nombre');
    await waitFor(() => expect(headers()).toEqual(['Abreviatura', 'Activo']));
    expect(JSON.parse(localStorage.getItem('goc.columns.1.units')!)).toEqual({ shown: [], hidden: ['name'] });

    // The same user later: still hidden (the abbreviation tells the rows have arrived).
    dispose?.();
    start('/catalogos/unidades');
    await screen.findByText('u1-1');
    expect(headers()).toEqual(['Abreviatura', 'Activo']);

    // Another user on this browser: their own (default) choice.
    dispose?.();
    localStorage.setItem('user', JSON.stringify({ ...ADMIN_USER, id: 7 }));
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    expect(headers()).toEqual(['Abreviatura', 'Nombre', 'Activo']);
  });

  it('renders cells per field type: booleans as tags', async () => {
    seedSession({ permissions: permissionsFor() });
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    const row = screen.getByText('Unidad p1-1').closest('tr')!;
    expect(within(row).getByText('Sí')).toHaveClass('p-tag-value');
  });

  it("says 'No se han encontrado resultados' when nothing matches", async () => {
    seedSession({ permissions: permissionsFor() });
    start('/catalogos/unidades?q=zzz', fakeApi({ 'GET /units': pagedUnits(0) }));
    expect(await screen.findByText('No se han encontrado resultados')).toBeInTheDocument();
  });
});

describe('ResourceList: actions follow the permissions', () => {
  it('system rows of a status catalogue (with a code) offer no delete', async () => {
    seedSession({ permissions: permissionsFor() });
    const status = (id: number, name: string, code: string | null) => ({
      id, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', version: 1,
      name, description: null, color: 'info', sortOrder: id * 10, isDefault: id === 1, code, active: true,
    });
    const server = fakeApi({ 'GET /order-statuses': { status: 200, data: { items: [status(1, 'Borrador', 'borrador'), status(9, 'En revisión', null)], total: 2, page: 1, pageSize: 25 } } });
    const view = renderRoute(<ResourceList resource={CATALOGS.orderStatuses} onEdit={() => undefined} onDelete={() => undefined} />, '/catalogos/estatus-orden', server.adapter);
    dispose = view.dispose;
    const system = (await screen.findByText('Borrador')).closest('tr')!;
    const added = screen.getByText('En revisión').closest('tr')!;
    expect(within(system).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(system).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(added).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    // The status colour is a PrimeReact Tag.
    expect(within(system).getByText('Azul (información)')).toHaveClass('p-tag-value');
  });

  it('view only: no Nuevo, no edit, no delete; history stays', async () => {
    seedSession({ permissions: permissionsFor(['config_units'], { view: true }) });
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    expect(screen.queryByRole('button', { name: 'Nuevo' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: 'Editar' })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: 'Eliminar' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Historial' }).length).toBeGreaterThan(0);
  });

  it('each flag shows its own button', async () => {
    seedSession({ permissions: permissionsFor(['config_units'], { view: true, create: false, edit: true, delete: false }) });
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    expect(screen.queryByRole('button', { name: 'Nuevo' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Editar' }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: 'Eliminar' })).toHaveLength(0);
  });

  it('create and delete flags show Nuevo and Eliminar; another module grants nothing here', async () => {
    seedSession({ permissions: [...permissionsFor(['config_units'], { view: false, create: true, edit: false, delete: true }), ...permissionsFor(['config_materials'])] });
    start('/catalogos/unidades');
    await screen.findByText('Unidad p1-1');
    expect(screen.getByRole('button', { name: 'Nuevo' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Eliminar' }).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('button', { name: 'Editar' })).toHaveLength(0);
  });
});
