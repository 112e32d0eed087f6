import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOGS } from '@goc/contracts';
import { CrudPage } from '../../../src/components/list/crud-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf, optionsOf, work } from '../../crud/fixtures';
import { choose, openPicker } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function startWorks() {
  seedSession({ permissions: permissionsFor() });
  const server = fakeApi({
    'GET /works': listOf([work(1, { subcategoryId: 11, subcategory: { id: 11, label: 'Residencial' } })]),
    'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }, { value: 4, label: 'Edificaciones del Bajío' }]),
    'GET /categories/options': optionsOf([{ value: 1, label: 'Vivienda', color: '#1e88e5' }, { value: 2, label: 'Infraestructura', color: '#43a047' }]),
    'GET /subcategories/options': optionsOf([
      { value: 11, label: 'Residencial', parentId: 1 },
      { value: 12, label: 'Interés social', parentId: 1 },
      { value: 21, label: 'Carreteras', parentId: 2 },
    ]),
    'GET /employees/options': optionsOf([]),
    'GET /works/1/history': {
      status: 200,
      data: [{ id: 5, at: '2026-03-02T16:30:00.000Z', action: 'update', user: { id: 1, username: 'admin', name: null }, changes: { companyId: { old: 3, new: 4 } }, labels: { companies: { 3: 'Constructora Norte', 4: 'Edificaciones del Bajío' } } }],
    },
  });
  const view = renderRoute(<CrudPage resource={CATALOGS.works} />, '/catalogos/obras', server.adapter);
  dispose = view.dispose;
  return server;
}

const labelled = (container: HTMLElement, label: string) => within(container).getByLabelText(new RegExp(`^${label}`));
/** Labels offered by the open dropdown panel. */
const optionNames = () => [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].map((o) => o.textContent?.trim());

/** Opens the picker (again, while it is still loading its options) until it offers exactly `expected`; then closes it. */
async function expectOffered(input: HTMLElement, expected: string[]) {
  await waitFor(() => {
    if (!document.querySelector('.p-dropdown-panel')) openPicker(input);
    expect(optionNames()).toEqual(expected);
  });
  openPicker(input);
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

describe("a work's subcategory is limited to the chosen category", () => {
  it('offers only the category’s subcategories and clears the choice when the category changes', async () => {
    startWorks();
    await screen.findByText('OB-1');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar obra' });

    const subcategory = () => labelled(form, 'Subcategoría');
    expect(subcategory().closest('.p-dropdown')).toHaveTextContent('Residencial');
    await expectOffered(subcategory(), ['Residencial', 'Interés social']);

    await choose(labelled(form, 'Categoría'), 'Infraestructura');
    await waitFor(() => expect(subcategory().closest('.p-dropdown')).toHaveTextContent('Selecciona una opción'));
    await expectOffered(subcategory(), ['Carreteras']);
  });

  it('history shows references by the labels the API sends with the entry', async () => {
    startWorks();
    await screen.findByText('OB-1');
    fireEvent.click(screen.getByRole('button', { name: 'Historial' }));
    const history = await screen.findByRole('dialog', { name: 'Historial: OB-1 · Obra 1' });
    expect(await within(history).findByText('Empresa: Constructora Norte → Edificaciones del Bajío')).toBeInTheDocument();
    expect(history).toHaveTextContent('por admin');
  });
});
