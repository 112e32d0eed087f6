import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Option, ReferenceDisplay } from '@goc/contracts';
import { ReferencePicker } from '../../../src/components/form/inputs/reference-picker';
import { api } from '../../../src/lib/api/client';
import { renderWithProviders } from '../../render-providers';
import { fakeApi } from '../../crud/fake-api';
import { optionsOf } from '../../crud/fixtures';
import { openPicker } from '../../crud/prime';

/** 250 materials, more than the API's largest page (200). */
const MATERIALS: Option[] = [
  ...Array.from({ length: 248 }, (_, i) => ({ value: i + 1, label: `Material ${String(i + 1).padStart(3, '0')}` })),
  { value: 249, label: 'Cemento gris' },
  { value: 250, label: 'Varilla corrugada' },
];

function Picker({ initial = null, current = null }: { initial?: number | null; current?: ReferenceDisplay | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="material">Material</label>
      <ReferencePicker id="material" target="materials" value={value} onChange={setValue} current={current} required />
      <output aria-label="Elegido">{value ?? 'ninguno'}</output>
    </>
  );
}

function start(ui = <Picker />) {
  const server = fakeApi({ 'GET /materials/options': optionsOf(MATERIALS) });
  api.defaults.adapter = server.adapter;
  renderWithProviders(ui);
  return server;
}

const offered = () => [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((o) => o.textContent?.trim());
const searches = (server: ReturnType<typeof start>) => server.calls('GET', '/materials/options').map((r) => r.params);

describe('reference picker: searched on the server, one bounded page at a time', () => {
  it('asks for the first 50 rows, then sends the typed words as q and shows what the server found', async () => {
    const server = start();
    await waitFor(() => expect(searches(server)).toEqual([{ limit: '50' }]));
    openPicker(screen.getByLabelText('Material'));
    await waitFor(() => expect(offered()).toHaveLength(50));
    expect(offered()[0]).toBe('Material 001');

    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar opciones', hidden: true }), 'cemento');
    await waitFor(() => expect(offered()).toEqual(['Cemento gris']));
    // Debounced: one request for the whole word, not one per keystroke.
    expect(searches(server)).toEqual([{ limit: '50' }, { limit: '50', q: 'cemento' }]);

    fireEvent.click(screen.getByRole('option', { name: 'Cemento gris', hidden: true }));
    expect(screen.getByLabelText('Elegido')).toHaveTextContent('249');
  });

  it('"Mostrar más" widens the page up to 200 rows, then asks to narrow the search', async () => {
    const server = start();
    openPicker(screen.getByLabelText('Material'));
    await waitFor(() => expect(offered()).toHaveLength(50));
    for (const size of [100, 150, 200]) {
      fireEvent.click(screen.getByRole('button', { name: 'Mostrar más', hidden: true }));
      await waitFor(() => expect(offered()).toHaveLength(size));
    }
    expect(searches(server).map((p) => p.limit)).toEqual(['50', '100', '150', '200']);
    expect(screen.queryByRole('button', { name: 'Mostrar más', hidden: true })).toBeNull();
    expect(screen.getByText('Hay más resultados: escribe para acotar la búsqueda')).toBeInTheDocument();
  });

  it('shows the label of a held value outside the page, fetched with ids=', async () => {
    const server = start(<Picker initial={250} />);
    await waitFor(() => expect(screen.getByLabelText('Material').closest('.p-dropdown')).toHaveTextContent('Varilla corrugada'));
    expect(searches(server)).toContainEqual({ ids: '250', limit: '1' });
  });

  it('uses the record’s joined label when it has one, without asking for it', async () => {
    const server = start(<Picker initial={250} current={{ id: 250, label: 'Varilla corrugada (inactiva)' }} />);
    await waitFor(() => expect(screen.getByLabelText('Material').closest('.p-dropdown')).toHaveTextContent('Varilla corrugada (inactiva)'));
    expect(searches(server).some((p) => p.ids !== undefined)).toBe(false);
  });
});
