import { afterEach, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OrdersPage } from '../../../src/features/orders/orders-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

it('exports the filtered orders with one row per line: Excel with lines=1 and the view’s scope', async () => {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['history'], { view: true }) });
  URL.createObjectURL = () => 'blob:pedidos';
  URL.revokeObjectURL = () => undefined;
  const server = fakeApi({ 'GET /orders': listOf([]), 'GET /orders/export': { status: 200, data: 'x' } });
  dispose = renderRoute(<OrdersPage view="all" />, '/pedidos/historico?q=cemento', server.adapter).dispose;

  fireEvent.click(await screen.findByRole('button', { name: 'Exportar lo filtrado a Excel con partidas, una fila por partida' }));
  await waitFor(() => expect(server.calls('GET', '/orders/export')).toHaveLength(1));
  expect(server.calls('GET', '/orders/export')[0]!.params).toMatchObject({ scope: 'all', format: 'xlsx', lines: '1', q: 'cemento' });

  fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel lo filtrado' }));
  await waitFor(() => expect(server.calls('GET', '/orders/export')).toHaveLength(2));
  expect(server.calls('GET', '/orders/export')[1]!.params).not.toHaveProperty('lines');
});
