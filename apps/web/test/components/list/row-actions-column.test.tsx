import { afterEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CATALOGS } from '@goc/contracts';
import { ResourceList } from '../../../src/components/list/resource-list';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { pagedUnits } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';
import { setViewportWidth } from '../../setup';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function drawUnits() {
  seedSession({ permissions: permissionsFor() });
  const server = fakeApi({ 'GET /units': pagedUnits(3) });
  dispose = renderRoute(<ResourceList resource={CATALOGS.units} onEdit={() => undefined} onDelete={() => undefined} />, '/catalogos/unidades', server.adapter).dispose;
}

/** The cells holding the rows' actions: the ones their buttons sit in. */
const actionCells = (label: string) => screen.getAllByRole('button', { name: label }).map((button) => button.closest('td'));

it('on a desktop the actions stay in view while a wide table scrolls sideways', async () => {
  drawUnits();
  await screen.findByText('Unidad p1-3');
  const cells = actionCells('Editar');
  expect(cells).toHaveLength(3);
  for (const cell of cells) expect(cell).toHaveClass('p-frozen-column');
});

it('on a phone the actions are part of the card: no cell measures its neighbour and draws itself again', async () => {
  setViewportWidth(390);
  drawUnits();
  await screen.findByText('Unidad p1-3');
  const cells = actionCells('Acciones del registro');
  expect(cells).toHaveLength(3);
  for (const cell of cells) {
    expect(cell).not.toHaveClass('p-frozen-column');
    expect(cell?.style.right).toBe('');
  }
});
