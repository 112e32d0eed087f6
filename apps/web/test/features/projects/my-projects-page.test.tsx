import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PermissionEntry } from '@goc/contracts';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';
import { renderApp } from '../../render-app';

vi.setConfig({ testTimeout: 60_000 });
/** The first render loads the lazy page: slow on a busy machine. */
const SLOW = { timeout: 15_000 };

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
  localStorage.clear();
});

const stamp = { createdAt: '2026-11-01T12:00:00.000Z', updatedAt: '2026-11-01T12:00:00.000Z', version: 1 };
const project = (id: number, code: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  ...stamp,
  code,
  name,
  description: null,
  workId: 1,
  work: { id: 1, label: 'OB-1 · Torre Norte' },
  managerId: 2,
  manager: { id: 2, label: 'Ana Ruiz' },
  memberIds: [3],
  members: [{ id: 3, label: 'Beto Díaz' }],
  startDate: '2026-01-10',
  endDate: '2026-06-30',
  budget: 1000,
  progress: 40,
  status: 'activo',
  ordered: 950,
  ...over,
});
const MINE = [project(1, 'PRY-001', 'Cimentación')];
const ALL = [...MINE, project(2, 'PRY-002', 'Fachada', { status: 'pausado', ordered: 10, progress: 5 })];

function open(permissions: PermissionEntry[]) {
  seedSession({ permissions });
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
    'GET /projects?scope=mine&pageSize=100': { status: 200, data: { items: MINE, total: MINE.length, page: 1, pageSize: 100 } },
    'GET /projects?scope=all&pageSize=100': { status: 200, data: { items: ALL, total: ALL.length, page: 1, pageSize: 100 } },
    'GET /orders': { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } },
  });
  const app = renderApp('/mis-proyectos', server.adapter);
  teardown = app.cleanup;
  return server;
}

describe('Mis Proyectos', () => {
  it('shows my projects as cards with status, work, progress, budget against ordered and people', async () => {
    open(permissionsFor(['projects'], { view: true }));
    const card = await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW);
    expect(within(card).getByText('Activo')).toBeInTheDocument();
    expect(within(card).getByText('OB-1 · Torre Norte')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Avance' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).getByRole('progressbar', { name: 'Presupuesto comprado' })).toHaveAttribute('data-level', 'warning');
    expect(within(card).getByLabelText('Responsable y miembros: Ana Ruiz, Beto Díaz')).toBeInTheDocument();
    expect(within(card).getByText('Término 30/06/26')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Todos' })).not.toBeInTheDocument();
  });

  it('lets a projects editor switch to every project', async () => {
    open(permissionsFor(['projects']));
    await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW);
    expect(screen.queryByRole('button', { name: 'PRY-002 · Fachada' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(await screen.findByRole('button', { name: 'PRY-002 · Fachada' }, SLOW)).toBeInTheDocument();
  });

  it('opens the detail with Resumen, Miembros and, for who reads orders, Pedidos', async () => {
    open(permissionsFor(['projects', 'my_orders'], { view: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW);
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Resumen', 'Miembros', 'Pedidos']);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Miembros' }));
    expect(within(dialog).getByText('Responsable')).toBeInTheDocument();
    expect(within(dialog).getByText('Beto Díaz')).toBeInTheDocument();
  });

  it('remembers the list view and shows the same projects as rows', async () => {
    open(permissionsFor(['projects'], { view: true }));
    await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(localStorage.getItem('goc.view.projects')).toBe('list');
    expect(within(screen.getByRole('button', { name: 'PRY-001 · Cimentación' })).getByText('Avance 40 % · $1,000.00')).toBeInTheDocument();
  });
});
