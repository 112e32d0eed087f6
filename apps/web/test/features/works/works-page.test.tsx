import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PermissionEntry, WorksOverview } from '@goc/contracts';
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

const figures = { openOrders: 2, activeWorkers: 5, projects: 1 };
const OVERVIEW: WorksOverview = {
  lines: [
    {
      category: { id: 1, name: 'Vivienda', icon: 'pi pi-home', color: '#16a34a' },
      totals: { works: 2, budget: 2000, ordered: 1950, openOrders: 4, activeWorkers: 10, projects: 2 },
      works: [
        { id: 10, code: 'OB-1', name: 'Torre Norte', company: { id: 1, name: 'Constructora GOC' }, status: 'en_ejecucion', resident: { id: 3, name: 'Ana Ruiz' }, budget: 1000, ordered: 950, ...figures },
        { id: 11, code: 'OB-2', name: 'Casas Sur', company: { id: 1, name: 'Constructora GOC' }, status: 'planeacion', resident: null, budget: 1000, ordered: 1000.01, ...figures },
      ],
    },
    {
      category: { id: 2, name: 'Infraestructura', icon: 'pi pi-car', color: '#2563eb' },
      totals: { works: 1, budget: 500, ordered: 100, openOrders: 2, activeWorkers: 5, projects: 1 },
      works: [{ id: 12, code: 'OB-3', name: 'Puente', company: { id: 2, name: 'GOC Norte' }, status: 'suspendida', resident: null, budget: 500, ordered: 100, ...figures }],
    },
  ],
  totals: { works: 3, budget: 2500, ordered: 2050, openOrders: 6, activeWorkers: 15, projects: 3 },
};

function open(permissions: PermissionEntry[]) {
  seedSession({ permissions });
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
    'GET /works/overview': { status: 200, data: OVERVIEW },
    'GET /projects': { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } },
  });
  const app = renderApp('/negocios', server.adapter);
  teardown = app.cleanup;
  return server;
}

describe('Obras por línea de negocio', () => {
  it('shows a section per business line with its totals and a card per work with its budget bar', async () => {
    open(permissionsFor());
    const vivienda = await screen.findByRole('region', { name: 'Vivienda' }, SLOW);
    expect(within(vivienda).getByText(/2 obras · Presupuesto \$2,000\.00 · Comprado \$1,950\.00 · 4 pedidos abiertos · 10 personal activo/)).toBeInTheDocument();
    const torre = within(vivienda).getByRole('button', { name: 'OB-1 · Torre Norte' });
    expect(within(torre).getByText('En ejecución')).toBeInTheDocument();
    expect(within(torre).getByText('Constructora GOC · Residente: Ana Ruiz')).toBeInTheDocument();
    expect(within(torre).getByRole('progressbar')).toHaveAttribute('data-level', 'warning');
    expect(within(within(vivienda).getByRole('button', { name: 'OB-2 · Casas Sur' })).getByRole('progressbar')).toHaveAttribute('data-level', 'danger');
    const puente = within(screen.getByRole('region', { name: 'Infraestructura' })).getByRole('button', { name: 'OB-3 · Puente' });
    expect(within(puente).getByRole('progressbar')).toHaveAttribute('data-level', 'ok');
  });

  it('opens a work’s detail with only the tabs the user may read', async () => {
    open([...permissionsFor(['works', 'projects'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    const tabs = within(dialog).getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Resumen', 'Proyectos']);
    expect(within(dialog).getByText('Ana Ruiz')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Proyectos' }));
    expect(await within(dialog).findByText('No se han encontrado resultados')).toBeInTheDocument();
  });

  it('remembers the list view', async () => {
    open(permissionsFor());
    await screen.findByRole('region', { name: 'Vivienda' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(localStorage.getItem('goc.view.works')).toBe('list');
  });
});
