import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { CATALOGS } from '@goc/contracts';
import { ResourceList } from '../../../src/components/list/resource-list';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { pagedUnits } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

/** The list's paginator: its page report and page links. */
const paginator = () => document.querySelector('.p-paginator');

function start(adapter: AxiosAdapter) {
  seedSession({ permissions: permissionsFor() });
  dispose = renderRoute(<ResourceList resource={CATALOGS.units} onEdit={() => undefined} />, '/catalogos/unidades', adapter).dispose;
}

describe('ResourceList: loading and empty states', () => {
  it('shows skeleton rows and no page count («0–0 de 0») until the first answer arrives', async () => {
    const server = fakeApi({ 'GET /units': pagedUnits(3) });
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    start(async (config) => {
      await held;
      return server.adapter(config);
    });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(table.querySelectorAll('.p-skeleton').length).toBeGreaterThan(0));
    expect(paginator()).toBeNull();
    expect(document.body).not.toHaveTextContent('0–0 de 0');
    expect(document.body).not.toHaveTextContent('0 resultados');

    answer();
    expect(await screen.findByText('Unidad p1-1')).toBeInTheDocument();
    expect(table.querySelectorAll('.p-skeleton')).toHaveLength(0);
    expect(paginator()).toHaveTextContent('1–3 de 3');
  });

  it('says the list is empty, «0 resultados», without a page count («1 / 0», «0–0 de 0»)', async () => {
    start(fakeApi({ 'GET /units': pagedUnits(0) }).adapter);
    expect(await screen.findByText('No se han encontrado resultados')).toBeInTheDocument();
    expect(screen.getByText('0 resultados')).toHaveAttribute('role', 'status');
    expect(paginator()).toBeNull();
    expect(document.body).not.toHaveTextContent(/0–0 de 0|1 \/ 0/);
  });
});
