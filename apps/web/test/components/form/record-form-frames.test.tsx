import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS, FIELD_MESSAGES } from '@goc/contracts';
import { RecordFormPage } from '../../../src/components/form/record-form-page';
import { CrudPage } from '../../../src/components/list/crud-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, optionsOf, unit, work } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const field = (inside: HTMLElement, label: string) => within(inside).getByLabelText(new RegExp(`^${label}`));

describe('record form as a page of its own', () => {
  it('validates with the contracts schema, saves and leaves', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'POST /units': (request) => ({ status: 201, data: unit(5, 'm3', 'Metro cúbico', request.body as Record<string, unknown>) }) });
    const onLeave = vi.fn();
    const view = renderRoute(<RecordFormPage resource={CATALOGS.units} record={null} onLeave={onLeave} />, '/catalogos/unidades/nueva', server.adapter);
    dispose = view.dispose;
    const page = await screen.findByRole('region', { name: 'Nueva unidad' });
    fireEvent.click(within(page).getByRole('button', { name: 'Guardar' }));
    expect(await within(page).findAllByText(FIELD_MESSAGES.required)).toHaveLength(2);
    expect(server.calls('POST', '/units')).toHaveLength(0);

    await userEvent.type(field(page, 'Abreviatura'), 'm3');
    await userEvent.type(field(page, 'Nombre'), 'Metro cúbico');
    fireEvent.click(within(page).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(server.calls('POST', '/units')[0]!.body).toMatchObject({ abbreviation: 'm3', name: 'Metro cúbico', active: true });
  });
});

describe('Duplicar', () => {
  it('opens a new record with the row’s values, except the unique ones, and references labelled by ids=', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({
      'GET /works': listOf([work(1)]),
      'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }]),
      'GET /categories/options': optionsOf([{ value: 1, label: 'Vivienda' }]),
      'GET /subcategories/options': optionsOf([]),
      'GET /employees/options': optionsOf([]),
      'POST /works': (request) => ({ status: 201, data: work(2, request.body as Record<string, unknown>) }),
    });
    const view = renderRoute(<CrudPage resource={CATALOGS.works} duplicable />, '/catalogos/obras', server.adapter);
    dispose = view.dispose;
    await screen.findByText('OB-1');
    fireEvent.click(screen.getByRole('button', { name: 'Duplicar' }));
    const form = await screen.findByRole('dialog', { name: 'Nueva obra' });
    expect(field(form, 'Clave')).toHaveValue('');
    expect(field(form, 'Nombre')).toHaveValue('Obra 1');
    await waitFor(() => expect(field(form, 'Empresa').closest('.p-dropdown')).toHaveTextContent('Constructora Norte'));

    await userEvent.type(field(form, 'Clave'), 'OB-2');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.calls('POST', '/works')).toHaveLength(1));
    expect(server.calls('POST', '/works')[0]!.body).toMatchObject({ code: 'OB-2', name: 'Obra 1', companyId: 3, categoryId: 1, city: 'Monterrey', budget: 1500000.5 });
  });

  it('is not offered without the create permission', async () => {
    seedSession({ permissions: permissionsFor(undefined, { view: true, create: false, edit: true, delete: true }) });
    const server = fakeApi({ 'GET /works': listOf([work(1)]) });
    const view = renderRoute(<CrudPage resource={CATALOGS.works} duplicable />, '/catalogos/obras', server.adapter);
    dispose = view.dispose;
    await screen.findByText('OB-1');
    expect(screen.queryByRole('button', { name: 'Duplicar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });
});
