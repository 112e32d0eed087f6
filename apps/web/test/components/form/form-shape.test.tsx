import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGS } from '@goc/contracts';
import { RecordFormPage } from '../../../src/components/form/record-form-page';
import type { FormShape } from '../../../src/components/form/use-record-form';
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

/** A unit whose name is asked only once an abbreviation is typed, with a note reading both, and "active" set by the page. */
const SHAPE: FormShape = {
  fixed: { active: false },
  applies: (name, values) => name !== 'name' || values.abbreviation !== '',
  required: (name) => name === 'abbreviation',
  note: (name, values) => (name === 'name' && values.abbreviation === 'kg' ? { warning: 'Ya existe «kg»', hint: 'Nombre en singular' } : null),
};

describe('form shape: what a page bends in the generated form', () => {
  it('fixed values have no input and are sent; a field that does not apply is neither shown nor sent; notes and required marks follow the values', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({ 'POST /units': (request) => ({ status: 201, data: unit(5, 'kg', 'Kilo', request.body as Record<string, unknown>) }) });
    dispose = renderRoute(<RecordFormPage resource={CATALOGS.units} record={null} shape={SHAPE} onLeave={() => undefined} />, '/u', server.adapter).dispose;
    const page = await screen.findByRole('region', { name: 'Nueva unidad' });
    expect(within(page).queryByLabelText(/^Activo/)).toBeNull();
    expect(within(page).queryByLabelText(/^Nombre/)).toBeNull();
    expect(within(page).getByText('Abreviatura').closest('label')).toHaveTextContent(/^Abreviatura\*$/);

    await userEvent.type(within(page).getByLabelText(/^Abreviatura/), 'kg');
    const name = await within(page).findByLabelText(/^Nombre/);
    expect(within(page).getByText('Ya existe «kg»')).toBeInTheDocument();
    expect(within(page).getByText('Nombre en singular')).toBeInTheDocument();
    await userEvent.type(name, 'Kilogramo');
    fireEvent.click(within(page).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.calls('POST', '/units')).toHaveLength(1));
    expect(server.calls('POST', '/units')[0]!.body).toEqual({ abbreviation: 'kg', name: 'Kilogramo', active: false });
  });
});
