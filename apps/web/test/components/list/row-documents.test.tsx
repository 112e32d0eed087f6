import { afterEach, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { CATALOGS } from '@goc/contracts';
import { ResourceList } from '../../../src/components/list/resource-list';
import type { ResourceRow } from '../../../src/components/list/resource-types';
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

it('the documents counts, arriving after the rows, draw the paperclips and leave the rows as drawn', async () => {
  seedSession({ permissions: permissionsFor() });
  const server = fakeApi({ 'GET /units': pagedUnits(3), 'GET /attachments/counts': { status: 200, data: { counts: { 2: 3 } } } });
  let answerCounts!: () => void;
  const countsHeld = new Promise<void>((resolve) => (answerCounts = resolve));
  const adapter: AxiosAdapter = async (config) => {
    if (config.url === '/attachments/counts') await countsHeld;
    return server.adapter(config);
  };
  // How often each row's name cell is drawn: a table draws a row's cells again whenever the row object changes.
  const drawn = new Map<number, number>();
  const cells = {
    name: (row: ResourceRow) => {
      drawn.set(row.id, (drawn.get(row.id) ?? 0) + 1);
      return <span>{String(row.name)}</span>;
    },
  };
  dispose = renderRoute(<ResourceList resource={CATALOGS.units} attachments="units" cells={cells} />, '/catalogos/unidades', adapter).dispose;

  await screen.findByText('Unidad p1-2');
  expect(screen.queryByText('3 documentos')).toBeNull();
  const beforeCounts = new Map(drawn);

  await act(async () => answerCounts());
  expect(await screen.findByText('3 documentos')).toBeInTheDocument();
  expect(drawn).toEqual(beforeCounts);
  expect(server.calls('GET', '/attachments/counts')[0]?.params).toMatchObject({ resource: 'units', ids: '1,2,3' });
});
