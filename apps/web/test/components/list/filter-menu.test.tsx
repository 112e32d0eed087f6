import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS, type Filters } from '@goc/contracts';
import { fromTableFilters, matchModeOptions, toTableFilters } from '../../../src/components/list/filter-model';
import { ResourceList } from '../../../src/components/list/resource-list';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, optionsOf, pagedUnits, work } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

describe('filter model ⇄ list protocol', () => {
  const works = CATALOGS.works.listFields;

  it('offers exactly the SPEC match modes of each type, in Spanish', () => {
    expect(matchModeOptions('text')).toEqual([
      { value: 'contains', label: 'Contenga' },
      { value: 'startsWith', label: 'Comience con' },
      { value: 'notContains', label: 'No contenga' },
      { value: 'endsWith', label: 'Termine con' },
      { value: 'equals', label: 'Igual a' },
      { value: 'notEquals', label: 'Diferente a' },
    ]);
    expect(matchModeOptions('date').map((o) => o.label)).toEqual(['Fecha igual a', 'Fecha diferente a', 'Fecha antes de', 'Fecha después de']);
    expect(matchModeOptions('money').map((o) => o.value)).toEqual(['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte']);
  });

  it('round-trips filters through the table model, days as calendar dates', () => {
    const filters: Filters = {
      name: { operator: 'or', constraints: [{ matchMode: 'contains', value: 'torre' }, { matchMode: 'startsWith', value: 'OB' }] },
      startDate: { operator: 'and', constraints: [{ matchMode: 'dateAfter', value: '2026-03-15' }] },
      budget: { operator: 'and', constraints: [{ matchMode: 'gte', value: 1000 }] },
      companyId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 3 }] },
    };
    const model = toTableFilters(works, filters);
    const day = (model.startDate as { constraints: { value: Date }[] }).constraints[0]!.value;
    expect([day.getFullYear(), day.getMonth() + 1, day.getDate()]).toEqual([2026, 3, 15]);
    // Unfiltered columns get an empty constraint with their default mode, ready for the menu.
    expect(model.status).toEqual({ operator: 'and', constraints: [{ matchMode: 'equals', value: null }] });
    expect(fromTableFilters(works, model)).toEqual(filters);
  });

  it('drops empty values and values that do not fit their mode', () => {
    const model = toTableFilters(works, {});
    (model.name as { constraints: unknown[] }).constraints = [{ matchMode: 'contains', value: '   ' }];
    (model.companyId as { constraints: unknown[] }).constraints = [{ matchMode: 'contains', value: 3 }];
    (model.budget as { constraints: unknown[] }).constraints = [{ matchMode: 'gt', value: 5 }, { matchMode: 'lt', value: null }];
    expect(fromTableFilters(works, model)).toEqual({ budget: { operator: 'and', constraints: [{ matchMode: 'gt', value: 5 }] } });
  });
});

describe('column filter menus write the filters JSON', () => {
  const filtersOf = (search: URLSearchParams) => JSON.parse(search.get('filters') ?? '{}') as Filters;

  it('text: two rules combined with "or" (Coincidir con cualquiera)', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'GET /units': pagedUnits(3) });
    const view = renderRoute(<ResourceList resource={CATALOGS.units} />, '/catalogos/unidades?page=2', server.adapter);
    dispose = view.dispose;
    await screen.findByText('u1-1');

    fireEvent.click(screen.getByRole('button', { name: 'Filtrar «Nombre»' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre: Valor', hidden: true }), 'kilo');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar regla', hidden: true }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Nombre: Valor', hidden: true })).toHaveLength(2));
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Nombre: Valor', hidden: true })[1]!, 'metro');
    await choose(screen.getByRole('textbox', { name: 'Operador del filtro', hidden: true }), 'Coincidir con cualquiera');
    await choose(screen.getAllByRole('textbox', { name: 'Condición del filtro', hidden: true })[1]!, 'Comience con');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar', hidden: true }));

    const expected: Filters = { name: { operator: 'or', constraints: [{ matchMode: 'contains', value: 'kilo' }, { matchMode: 'startsWith', value: 'metro' }] } };
    await waitFor(() => expect(filtersOf(view.search())).toEqual(expected));
    expect(view.search().get('page')).toBeNull();
    await waitFor(() => expect(server.calls('GET', '/units').at(-1)!.params.filters).toBe(JSON.stringify(expected)));
  });

  it('date: "Fecha antes de" with the Spanish calendar sends the day as YYYY-MM-DD', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'GET /works': listOf([work(1)]) });
    const view = renderRoute(<ResourceList resource={CATALOGS.works} />, '/catalogos/obras', server.adapter);
    dispose = view.dispose;
    await screen.findByText('OB-1');
    // Cells follow their type: money in MXN, the day as dd/mm/yy, the status as a tag, references by label.
    expect(screen.getByText('$1,500,000.50')).toBeInTheDocument();
    expect(screen.getByText('10/01/26')).toBeInTheDocument();
    expect(screen.getByText('En ejecución')).toHaveClass('p-tag-value');
    expect(screen.getByText('Constructora Norte')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Filtrar «Fecha de inicio»' }));
    await choose(await screen.findByRole('textbox', { name: 'Condición del filtro', hidden: true }), 'Fecha antes de');
    const input = screen.getByRole('combobox', { name: 'Fecha de inicio: Valor', hidden: true });
    // The whole day at once (user-event's per-key typing does not reach PrimeReact's calendar in jsdom).
    fireEvent.input(input, { target: { value: '15/03/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar', hidden: true }));

    const expected: Filters = { startDate: { operator: 'and', constraints: [{ matchMode: 'dateBefore', value: '2026-03-15' }] } };
    await waitFor(() => expect(filtersOf(view.search())).toEqual(expected));
    await waitFor(() => expect(server.calls('GET', '/works').at(-1)!.params.filters).toBe(JSON.stringify(expected)));
  });

  it('reference: "Igual a" picks a row from the catalogue options and sends its id', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({
      'GET /works': listOf([work(1)]),
      'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }, { value: 4, label: 'Edificaciones del Bajío' }]),
    });
    const view = renderRoute(<ResourceList resource={CATALOGS.works} />, '/catalogos/obras', server.adapter);
    dispose = view.dispose;
    await screen.findByText('OB-1');
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar «Empresa»' }));
    await choose(await screen.findByRole('textbox', { name: 'Empresa: Valor', hidden: true }), 'Edificaciones del Bajío');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar', hidden: true }));
    await waitFor(() => expect(filtersOf(view.search())).toEqual({ companyId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 4 }] } }));
  });

  it('boolean: Sí / No', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'GET /units': pagedUnits(3) });
    const view = renderRoute(<ResourceList resource={CATALOGS.units} />, '/catalogos/unidades', server.adapter);
    dispose = view.dispose;
    await screen.findByText('u1-1');
    fireEvent.click(screen.getByRole('button', { name: 'Filtrar «Activo»' }));
    await choose(await screen.findByRole('textbox', { name: 'Activo: Valor', hidden: true }), 'No');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar', hidden: true }));
    await waitFor(() => expect(filtersOf(view.search())).toEqual({ active: { operator: 'and', constraints: [{ matchMode: 'equals', value: false }] } }));
    // "Limpiar filtros" empties the URL's filters again.
    fireEvent.click(await screen.findByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(view.search().get('filters')).toBeNull());
  });
});
