import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { CATALOGS } from '@goc/contracts';
import { UpdateNotice } from '../../../src/app/pwa/update-notice';
import { RecordFormDialog } from '../../../src/components/form/record-form-dialog';
import { registerOpenForm, takeDraft } from '../../../src/lib/session/draft-keeper';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { unit } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

/** The registration vite-plugin-pwa would make: what it was given, and a way to say a new version is waiting. */
const sw = vi.hoisted(() => ({
  options: undefined as RegisterSWOptions | undefined,
  announce: () => undefined as void,
  updateServiceWorker: (() => Promise.resolve()) as (reload?: boolean) => Promise<void>,
}));
vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: (options: RegisterSWOptions) => {
      // Like the real hook, the registration keeps the callbacks of the first render.
      useState(() => (sw.options = options));
      const [needRefresh, setNeedRefresh] = useState(false);
      sw.announce = () => setNeedRefresh(true);
      return { needRefresh: [needRefresh, setNeedRefresh], offlineReady: [false, () => undefined], updateServiceWorker: sw.updateServiceWorker };
    },
  };
});

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function renderNotice() {
  const updateServiceWorker = vi.fn(() => Promise.resolve());
  const reload = vi.fn();
  sw.updateServiceWorker = updateServiceWorker;
  render(<UpdateNotice reload={reload} />);
  return { updateServiceWorker, reload };
}

/** A catalogue's «Nueva unidad» form, open in a dialog as on its page, which closes it once saved or discarded. */
function UnitDialog() {
  const [open, setOpen] = useState(true);
  return open ? <RecordFormDialog resource={CATALOGS.units} record={null} onHide={() => setOpen(false)} /> : null;
}

async function openForm() {
  seedSession({ permissions: permissionsFor() });
  const server = fakeApi({ 'POST /units': (request) => ({ status: 201, data: unit(5, 'm3', 'Metro cúbico', request.body as Record<string, unknown>) }) });
  const view = renderRoute(<UnitDialog />, '/catalogos/unidades', server.adapter);
  dispose = view.dispose;
  return { form: await screen.findByRole('dialog', { name: 'Nueva unidad' }), server };
}

const formClosed = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva unidad' })).not.toBeInTheDocument());

const notice = () => screen.findByRole('status');
const updateButton = () => screen.getByRole('button', { name: 'Actualizar' });

describe('update notice (docs/offline.md "Instalación y actualizaciones")', () => {
  it('registers the service worker after the page has loaded, and says nothing until a new version waits', async () => {
    renderNotice();
    expect(sw.options?.immediate).toBe(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => sw.announce());
    expect(await notice()).toHaveTextContent('Hay una versión nueva de GOC');
    expect(updateButton()).toBeInTheDocument();
  });

  it('«Actualizar» with nothing typed activates the new version (which reloads the page)', async () => {
    const { updateServiceWorker, reload } = renderNotice();
    act(() => sw.announce());
    await userEvent.click(within(await notice()).getByRole('button', { name: 'Actualizar' }));
    expect(updateServiceWorker).toHaveBeenCalledTimes(1);
    expect(updateServiceWorker).toHaveBeenCalledWith(true);

    // The new version took control of the page: with nothing typed it reloads.
    act(() => sw.options?.onNeedReload?.());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never applies an update over a dirty form: it asks to save first and waits for another click', async () => {
    const { form, server } = await openForm();
    const { updateServiceWorker, reload } = renderNotice();
    act(() => sw.announce());
    await userEvent.type(within(form).getByLabelText(/^Abreviatura/), 'm3');
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Metro cúbico');

    await userEvent.click(updateButton());
    expect(await notice()).toHaveTextContent('Guarda tus cambios antes de actualizar');
    expect(updateServiceWorker).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Metro cúbico');

    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await formClosed();
    expect(server.calls('POST', '/units')).toHaveLength(1);
    // Saved: the request to save first is gone, and the next click applies the update.
    await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('Guarda tus cambios'));
    await userEvent.click(updateButton());
    expect(updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('a version another tab applied does not reload a page with a dirty form; «Actualizar» reloads once it is saved', async () => {
    const { form } = await openForm();
    const { updateServiceWorker, reload } = renderNotice();
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Metro cúbico');

    act(() => sw.options?.onNeedReload?.());
    expect(reload).not.toHaveBeenCalled();
    expect(await notice()).toHaveTextContent('Hay una versión nueva de GOC');
    await userEvent.click(updateButton());
    expect(await notice()).toHaveTextContent('Guarda tus cambios antes de actualizar');
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' })).getByRole('button', { name: 'Descartar cambios' }));
    await formClosed();
    await userEvent.click(updateButton());
    expect(reload).toHaveBeenCalledTimes(1);
    // Already active: nothing waits to be activated.
    expect(updateServiceWorker).not.toHaveBeenCalled();
  });

  it('a form kept for the next sign-in (the session ended) holds the update back too', async () => {
    const { updateServiceWorker } = renderNotice();
    act(() => sw.announce());
    // Signed out, a dirty form closing leaves its values in the draft keeper (memory only: a reload loses them).
    registerOpenForm({ owner: 'units', id: 'new', path: '/catalogos/unidades', context: null, unsaved: () => ({ name: 'Metro cúbico' }) })();
    await userEvent.click(updateButton());
    expect(await notice()).toHaveTextContent('Guarda tus cambios antes de actualizar');
    expect(updateServiceWorker).not.toHaveBeenCalled();

    expect(takeDraft('units', 'new', '/catalogos/unidades')).toBeDefined();
    await userEvent.click(updateButton());
    expect(updateServiceWorker).toHaveBeenCalledTimes(1);
  });

  it('«Más tarde» hides the notice for this visit', async () => {
    const { updateServiceWorker } = renderNotice();
    act(() => sw.announce());
    await userEvent.click(within(await notice()).getByRole('button', { name: 'Más tarde' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(updateServiceWorker).not.toHaveBeenCalled();
  });
});
