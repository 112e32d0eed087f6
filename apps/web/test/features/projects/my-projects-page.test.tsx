import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  committed: 950,
  available: 50,
  ...over,
});
const MINE = [project(1, 'PRY-001', 'Cimentación')];
const ALL = [...MINE, project(2, 'PRY-002', 'Fachada', { status: 'pausado', ordered: 10, progress: 5 })];

function open(permissions: PermissionEntry[], routes: Parameters<typeof mockAdapter>[0] = {}) {
  seedSession({ permissions });
  const server = mockAdapter({
    ...routes,
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

  it('opens the detail with Resumen, Miembros, for who reads orders Pedidos, and Documentos', async () => {
    open(permissionsFor(['projects', 'my_orders'], { view: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW);
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Resumen', 'Miembros', 'Pedidos', 'Documentos']);
    expect(within(dialog).getByText('Del 10/01/26 al 30/06/26')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Miembros' }));
    expect(within(dialog).getByText('Responsable')).toBeInTheDocument();
    expect(within(dialog).getByText('Beto Díaz')).toBeInTheDocument();
  });

  it('remembers the list view and shows the projects in the shared list, with Nuevo for a creator', async () => {
    open(permissionsFor(['projects']), {
      'GET /projects': { status: 200, data: { items: MINE, total: MINE.length, page: 1, pageSize: 25 } },
    });
    await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(localStorage.getItem('goc.view.projects')).toBe('list');
    const table = await screen.findByRole('table', {}, SLOW);
    expect(await within(table).findByText('Cimentación', {}, SLOW)).toBeInTheDocument();
    expect(within(table).getByText('$1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Ver detalle' }));
    expect(await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW)).toBeInTheDocument();
  });

  it('edits a project from its detail, sending what changed with the version', async () => {
    const server = open(permissionsFor(['projects']), {
      'GET /projects/1': { status: 200, data: MINE[0] },
      'PATCH /projects/1': { status: 200, data: { ...MINE[0], name: 'Cimentación profunda', version: 2 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW));
    const detail = await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW);
    fireEvent.click(within(detail).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar proyecto' }, SLOW);
    const name = within(form).getByLabelText(/^Nombre/);
    await waitFor(() => expect(name).toHaveValue('Cimentación'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Cimentación profunda');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(server.to('PATCH /projects/1')).toHaveLength(1));
    expect(server.to('PATCH /projects/1')[0]!.body).toEqual({ version: 1, name: 'Cimentación profunda' });
    expect(await screen.findByText('Proyecto actualizado')).toBeInTheDocument();
  });

  it('shows a delete refused by the API as its Spanish message and keeps the project open', async () => {
    const server = open(permissionsFor(['projects']), {
      'DELETE /projects/1': { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'El proyecto se usa en 2 pedidos' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW));
    const detail = await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW);
    fireEvent.click(within(detail).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar' });
    expect(confirm).toHaveTextContent('¿Eliminar el proyecto «PRY-001 · Cimentación»?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('El proyecto se usa en 2 pedidos')).toBeInTheDocument();
    expect(server.to('DELETE /projects/1')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'PRY-001 · Cimentación' })).toBeInTheDocument();
  });

  it('offers Nuevo proyecto by the create flag only, and no edit or delete to a viewer', async () => {
    open(permissionsFor(['projects'], { view: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW));
    const detail = await screen.findByRole('dialog', { name: 'PRY-001 · Cimentación' }, SLOW);
    expect(within(detail).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo proyecto' })).not.toBeInTheDocument();
  });

  it('opens the generated form for a new project with its declared fields', async () => {
    open(permissionsFor(['projects'], { view: true, create: true }));
    await screen.findByRole('button', { name: 'PRY-001 · Cimentación' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo proyecto' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo proyecto' }, SLOW);
    for (const label of ['Clave', 'Nombre', 'Obra', 'Responsable', 'Miembros', 'Presupuesto', 'Avance', 'Estatus']) {
      expect(within(form).getAllByText(new RegExp(`^${label}`)).length, label).toBeGreaterThan(0);
    }
  });
});
