import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS, curpCheckDigit, nssCheckDigit, NSS_CHECK_DIGIT_WARNING } from '@goc/contracts';
import { CrudPage } from '../../../src/components/list/crud-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf, optionsOf, unit } from '../../crud/fixtures';
import { choose, openPicker } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const KG = unit(1, 'kg', 'Kilogramo', { version: 3 });

function start(server: FakeApi, resource: Parameters<typeof CrudPage>[0]['resource'] = CATALOGS.units, path = '/catalogos/unidades') {
  seedSession({ permissions: permissionsFor() });
  const view = renderRoute(<CrudPage resource={resource} />, path, server.adapter);
  dispose = view.dispose;
  return view;
}

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
const field = (within_: HTMLElement, label: string) => within(within_).getByLabelText(new RegExp(`^${label}`));
const save = (d: HTMLElement) => fireEvent.click(within(d).getByRole('button', { name: 'Guardar' }));

describe('record form: client validation with the contracts schema', () => {
  it('shows the zod messages next to the fields and sends nothing until they are fixed', async () => {
    const server = fakeApi({ 'GET /units': listOf([KG]), 'POST /units': { status: 201, data: unit(2, 'm3', 'Metro cúbico') } });
    start(server);
    await screen.findByText('Kilogramo');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await dialog('Nueva unidad');

    save(form);
    await waitFor(() => expect(field(form, 'Abreviatura')).toHaveAccessibleDescription('Este campo es obligatorio'));
    expect(field(form, 'Nombre')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(field(form, 'Abreviatura')).toHaveAttribute('aria-invalid', 'true');

    // Messages follow the typing once the form was submitted.
    await userEvent.type(field(form, 'Abreviatura'), 'm3');
    await waitFor(() => expect(field(form, 'Abreviatura')).not.toHaveAccessibleDescription('Este campo es obligatorio'));
    expect(field(form, 'Nombre')).toHaveAccessibleDescription('Este campo es obligatorio');
    expect(server.calls('POST', '/units')).toHaveLength(0);

    await userEvent.type(field(form, 'Nombre'), 'Metro cúbico');
    save(form);
    expect(await screen.findByText('Unidad creada')).toBeInTheDocument();
    expect(server.calls('POST', '/units')[0]!.body).toEqual({ abbreviation: 'm3', name: 'Metro cúbico', active: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva unidad' })).not.toBeInTheDocument());
    // The list asks again after the write.
    await waitFor(() => expect(server.calls('GET', '/units').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server field errors next to their fields (409 unique) and clears one when it is edited', async () => {
    const message = 'Ya existe una unidad con abreviatura «kg»';
    const server = fakeApi({ 'GET /units': listOf([KG]), 'POST /units': apiError(409, message, { abbreviation: message }) });
    start(server);
    await screen.findByText('Kilogramo');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await dialog('Nueva unidad');
    await userEvent.type(field(form, 'Abreviatura'), 'KG');
    await userEvent.type(field(form, 'Nombre'), 'Kilo');
    save(form);
    await waitFor(() => expect(field(form, 'Abreviatura')).toHaveAccessibleDescription(message));
    expect(field(form, 'Nombre')).not.toHaveAccessibleDescription(message);
    // The toast says it too.
    expect(screen.getByText('No se pudo guardar')).toBeInTheDocument();
    await userEvent.type(field(form, 'Abreviatura'), 's');
    await waitFor(() => expect(field(form, 'Abreviatura')).not.toHaveAccessibleDescription(message));
  });

  it('keeps the NSS check digit as a warning: shown, yet the employee is saved', async () => {
    const first10 = '1234567890';
    const wrong = `${first10}${(nssCheckDigit(first10) + 1) % 10}`;
    const server = fakeApi({
      'GET /employees': listOf([]),
      'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }]),
      'GET /works/options': optionsOf([]),
      'POST /employees': (request) => ({ status: 201, data: { id: 9, version: 1, ...(request.body as object) } }),
    });
    start(server, CATALOGS.employees, '/catalogos/empleados');
    await screen.findByText('No se han encontrado resultados');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = await dialog('Nuevo empleado');
    await userEvent.type(field(form, 'NSS'), wrong);
    expect(await within(form).findByText(NSS_CHECK_DIGIT_WARNING)).toBeInTheDocument();
    await userEvent.type(field(form, 'Número de empleado'), 'E-100');
    await userEvent.type(field(form, 'Nombre\\(s\\)'), 'Ana');
    await userEvent.type(field(form, 'Apellido paterno'), 'López');
    await userEvent.type(field(form, 'CURP'), `LOOA800101MDFPRN0${curpCheckDigit('LOOA800101MDFPRN0')}`);
    await choose(field(form, 'Empresa'), 'Constructora Norte');
    // The work picker has nothing to offer: the SPEC's empty-picker text.
    await waitFor(() => expect(server.calls('GET', '/works/options')).toHaveLength(1));
    openPicker(field(form, 'Obra'));
    expect(await screen.findByText('Sin opciones disponibles')).toBeInTheDocument();
    openPicker(field(form, 'Obra'));
    save(form);
    await waitFor(() => expect(server.calls('POST', '/employees')).toHaveLength(1));
    expect(server.calls('POST', '/employees')[0]!.body).toMatchObject({ nss: wrong, companyId: 3, firstName: 'Ana' });
  });
});

describe('record form: editing with the version read', () => {
  it('sends only what changed plus the version; a stale version shows the exact message and offers to reload', async () => {
    let patches = 0;
    const server = fakeApi({
      'GET /units': listOf([KG]),
      'GET /units/1': { status: 200, data: unit(1, 'kg', 'Kilogramo fresco', { version: 4 }) },
      'PATCH /units/1': () => {
        patches += 1;
        return patches === 1 ? apiError(409, 'El registro fue modificado por otro usuario') : { status: 200, data: unit(1, 'kg', 'Kilo', { version: 5 }) };
      },
    });
    start(server);
    await screen.findByText('Kilogramo');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const form = await dialog('Editar unidad');
    expect(field(form, 'Nombre')).toHaveValue('Kilogramo');
    await userEvent.clear(field(form, 'Nombre'));
    await userEvent.type(field(form, 'Nombre'), 'Kilo');
    save(form);

    await waitFor(() => expect(server.calls('PATCH', '/units/1')).toHaveLength(1));
    expect(server.calls('PATCH', '/units/1')[0]!.body).toEqual({ version: 3, name: 'Kilo' });
    // Toast and banner, word for word.
    await waitFor(() => expect(screen.getAllByText('El registro fue modificado por otro usuario')).toHaveLength(2));
    expect(within(form).getByRole('button', { name: 'Guardar' })).toBeDisabled();

    fireEvent.click(within(form).getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(field(form, 'Nombre')).toHaveValue('Kilogramo fresco'));
    await userEvent.clear(field(form, 'Nombre'));
    await userEvent.type(field(form, 'Nombre'), 'Kilo');
    save(form);
    await waitFor(() => expect(server.calls('PATCH', '/units/1')).toHaveLength(2));
    expect(server.calls('PATCH', '/units/1')[1]!.body).toEqual({ version: 4, name: 'Kilo' });
    expect(await screen.findByText('Unidad actualizada')).toBeInTheDocument();
  });
});

describe('delete through the confirmation dialog', () => {
  it('asks first; cancelling sends nothing; accepting deletes; a referenced row is refused with the server message', async () => {
    let deletes = 0;
    const server = fakeApi({
      'GET /units': listOf([KG]),
      'DELETE /units/1': () => {
        deletes += 1;
        return deletes === 1 ? apiError(409, 'La unidad se usa en 12 materiales') : { status: 204 };
      },
    });
    start(server);
    await screen.findByText('Kilogramo');

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Eliminar' });
    expect(confirm).toHaveTextContent('¿Eliminar la unidad «kg»?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Eliminar' })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/units/1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    confirm = await screen.findByRole('dialog', { name: 'Eliminar' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('La unidad se usa en 12 materiales')).toBeInTheDocument();
    expect(server.calls('DELETE', '/units/1')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    confirm = await screen.findByRole('dialog', { name: 'Eliminar' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Unidad eliminada')).toBeInTheDocument();
  });
});

describe('record history', () => {
  it('lists who changed what and when, old → new, in words', async () => {
    const server = fakeApi({
      'GET /units': listOf([KG]),
      'GET /units/1/history': {
        status: 200,
        data: [
          { id: 2, at: '2026-03-02T16:30:00.000Z', action: 'update', user: { id: 1, username: 'admin', name: 'María González' }, changes: { name: { old: 'Kilo', new: 'Kilogramo' }, active: { old: false, new: true } } },
          { id: 1, at: '2026-03-01T10:00:00.000Z', action: 'create', user: null, changes: { abbreviation: { old: null, new: 'kg' } } },
        ],
      },
    });
    start(server);
    await screen.findByText('Kilogramo');
    fireEvent.click(screen.getByRole('button', { name: 'Historial' }));
    const history = await dialog('Historial: kg');
    await within(history).findByText('Edición');
    expect(history).toHaveTextContent('por María González');
    expect(history).toHaveTextContent('Creado');
    expect(history).toHaveTextContent('por Sistema');
    expect(within(history).getByText('Nombre: Kilo → Kilogramo')).toBeInTheDocument();
    expect(within(history).getByText('Activo: No → Sí')).toBeInTheDocument();
    expect(within(history).getByText('Abreviatura: kg')).toBeInTheDocument();
  });
});
