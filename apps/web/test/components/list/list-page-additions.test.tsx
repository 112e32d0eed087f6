import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGS, type Filters } from '@goc/contracts';
import { CrudPage } from '../../../src/components/list/crud-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, unit } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const WEEK: Filters = { createdAt: { operator: 'and', constraints: [{ matchMode: 'dateAfter', value: '2026-11-22' }] } };
const USERS: Filters = { name: { operator: 'and', constraints: [{ matchMode: 'contains', value: 'kilo' }] } };

describe('what a page adds to the list', () => {
  it('base filters travel with the user’s (list and export), stay out of the URL; own cells, full-page "Nuevo" with its label, no "Eliminar" when not deletable', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'GET /units': listOf([unit(1, 'kg', 'Kilogramo')]), 'GET /units/export': { status: 200, data: 'x' } });
    const onCreate = vi.fn();
    const view = renderRoute(
      <CrudPage
        resource={CATALOGS.units}
        baseFilters={WEEK}
        cells={{ name: (row) => <strong>{`★ ${String(row.name)}`}</strong> }}
        onCreate={onCreate}
        createLabel="Nueva unidad de medida"
        deletable={false}
      />,
      `/u?filters=${encodeURIComponent(JSON.stringify(USERS))}`,
      server.adapter,
    );
    dispose = view.dispose;
    const row = (await screen.findByText('★ Kilogramo')).closest('tr')!;
    expect(JSON.parse(server.calls('GET', '/units').at(-1)!.params.filters!)).toEqual({ ...USERS, ...WEEK });
    expect(JSON.parse(view.search().get('filters')!)).toEqual(USERS);
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel lo filtrado' }));
    await waitFor(() => expect(server.calls('GET', '/units/export')).toHaveLength(1));
    expect(JSON.parse(server.calls('GET', '/units/export')[0]!.params.filters!)).toEqual({ ...USERS, ...WEEK });

    fireEvent.click(screen.getByRole('button', { name: 'Nueva unidad de medida' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a link with «?nuevo» opens the new-record form once and leaves the address; without the create permission only the list', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'GET /units': listOf([unit(1, 'kg', 'Kilogramo')]) });
    const view = renderRoute(<CrudPage resource={CATALOGS.units} />, '/u?nuevo&q=kilo', server.adapter);
    dispose = view.dispose;
    expect(await screen.findByRole('dialog', { name: 'Nueva unidad' })).toBeTruthy();
    await waitFor(() => expect(view.search().has('nuevo')).toBe(false));
    expect(view.search().get('q')).toBe('kilo');
    dispose();

    seedSession({ permissions: permissionsFor(undefined, { view: true }) });
    const readOnly = renderRoute(<CrudPage resource={CATALOGS.units} />, '/u?nuevo', server.adapter);
    dispose = readOnly.dispose;
    await screen.findByText('Kilogramo');
    await waitFor(() => expect(readOnly.search().has('nuevo')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
