import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS } from '@goc/contracts';
import { RecordFormDialog } from '../../../src/components/form/record-form-dialog';
import { RecordFormPage } from '../../../src/components/form/record-form-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { unit } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const field = (inside: HTMLElement, label: string) => within(inside).getByLabelText(new RegExp(`^${label}`));
const discardDialog = () => screen.findByRole('dialog', { name: '¿Descartar los cambios?' });

function openDialog() {
  seedSession({ permissions: permissionsFor() });
  const onHide = vi.fn();
  const server = fakeApi({ 'POST /units': (request) => ({ status: 201, data: unit(5, 'm3', 'Metro cúbico', request.body as Record<string, unknown>) }) });
  const view = renderRoute(<RecordFormDialog resource={CATALOGS.units} record={null} onHide={onHide} />, '/catalogos/unidades', server.adapter);
  dispose = view.dispose;
  return { onHide, server };
}

describe('unsaved changes', () => {
  it('an untouched form closes at once', async () => {
    const { onHide } = openDialog();
    const form = await screen.findByRole('dialog', { name: 'Nueva unidad' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument();
  });

  it('«Cancelar», × and Escape ask before discarding what was typed; «Seguir editando» keeps it', async () => {
    const { onHide } = openDialog();
    const form = await screen.findByRole('dialog', { name: 'Nueva unidad' });
    await userEvent.type(field(form, 'Nombre'), 'Metro cúbico');

    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    const ask = await discardDialog();
    expect(ask).toHaveTextContent('Hay cambios sin guardar. Si sales ahora, se perderán.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument());
    expect(onHide).not.toHaveBeenCalled();
    expect(field(form, 'Nombre')).toHaveValue('Metro cúbico');

    fireEvent.keyDown(field(form, 'Nombre'), { key: 'Escape', code: 'Escape' });
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument());
    expect(onHide).not.toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
  });

  it('a saved form closes without asking', async () => {
    const { onHide, server } = openDialog();
    const form = await screen.findByRole('dialog', { name: 'Nueva unidad' });
    await userEvent.type(field(form, 'Abreviatura'), 'm3');
    await userEvent.type(field(form, 'Nombre'), 'Metro cúbico');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
    expect(server.calls('POST', '/units')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: '¿Descartar los cambios?' })).not.toBeInTheDocument();
  });

  it('leaving a page form with changes through the router asks first, and goes only when discarded', async () => {
    seedSession({ permissions: permissionsFor() });
    const view = renderRoute(<RecordFormPage resource={CATALOGS.units} record={null} onLeave={() => undefined} />, '/catalogos/unidades/nueva', fakeApi({}).adapter);
    dispose = view.dispose;
    const page = await screen.findByRole('region', { name: 'Nueva unidad' });
    await userEvent.type(field(page, 'Nombre'), 'Metro cúbico');

    await act(() => view.router.navigate('/catalogos/materiales'));
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/catalogos/unidades/nueva'));
    expect(field(page, 'Nombre')).toHaveValue('Metro cúbico');

    await act(() => view.router.navigate('/catalogos/materiales'));
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/catalogos/materiales'));
  });
});
