import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import WeeklyCutsPage from '../../../src/features/registry/weekly-cuts-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

const STAMP = '2026-11-23T16:00:00.000Z';

const cut = (id: number, label: string, startDate: string, endDate: string, status: string, totals: Record<string, number>) => ({
  id,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 1,
  label,
  startDate,
  endDate,
  status,
  closedAt: status === 'cerrado' ? STAMP : null,
  closedById: status === 'cerrado' ? 1 : null,
  closedBy: status === 'cerrado' ? { id: 1, label: 'admin' } : null,
  totals: { movements: 0, altas: 0, bajas: 0, modificaciones: 0, oficina: 0, obra: 0, late: 0, byRegistrationStatus: [], ...totals },
  works: [],
});

function CutStub() {
  return <p>Detalle del corte {useParams().cutId}</p>;
}

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(): { server: FakeApi; location: () => string } {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['registry_history'], { view: true, create: false, edit: false, delete: false }) });
  const server = fakeApi({
    'GET /registry/cuts': listOf([
      cut(8, '2026-S48', '2026-11-23', '2026-11-29', 'abierto', { movements: 9, altas: 4, bajas: 2, modificaciones: 3, oficina: 5, obra: 4, late: 1 }),
      cut(7, '2026-S47', '2026-11-16', '2026-11-22', 'cerrado', { movements: 2, altas: 1, bajas: 1, oficina: 0, obra: 2 }),
    ]),
  });
  const view = renderRoute(
    <Routes>
      <Route path="/registro/historico" element={<WeeklyCutsPage />} />
      <Route path="/registro/historico/:cutId" element={<CutStub />} />
    </Routes>,
    '/registro/historico',
    server.adapter,
  );
  dispose = view.dispose;
  return { server, location: () => view.router.state.location.pathname };
}

describe('Histórico de Registro', () => {
  it('lists the cuts newest first with their week, dates, status and totals', async () => {
    const { server } = start();
    const row = (await screen.findByText('2026-S48')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    const at = (header: string) => cells[headers.indexOf(header)];
    expect(at('Desde')).toBe('23/11/26');
    expect(at('Hasta')).toBe('29/11/26');
    expect(at('Estatus')).toBe('Abierto');
    expect([at('Altas'), at('Bajas'), at('Modificaciones'), at('Oficina / obra'), at('Fuera de plazo')]).toEqual(['4', '2', '3', '5 / 4', '1']);
    expect(within(screen.getByText('2026-S47').closest('tr')!).getByText('Cerrado')).toBeInTheDocument();
    // Newest first is the declared default: the request carries no sort of its own.
    expect(server.calls('GET', '/registry/cuts')[0]?.params.sort).toBeUndefined();
  });

  it('is read-only: no Nuevo, edit or delete', async () => {
    start();
    const row = (await screen.findByText('2026-S48')).closest('tr')!;
    expect(screen.queryByRole('button', { name: 'Nuevo' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('opens a cut’s detail from its row', async () => {
    const { location } = start();
    const row = (await screen.findByText('2026-S47')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Ver detalle del corte' }));
    await waitFor(() => expect(location()).toBe('/registro/historico/7'));
    expect(screen.getByText('Detalle del corte 7')).toBeInTheDocument();
  });
});
