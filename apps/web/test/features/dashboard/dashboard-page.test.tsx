import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Dashboard } from '@goc/contracts';
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
});

const FULL: Dashboard = {
  myOrders: {
    open: 3,
    byStatus: [],
    recent: [{ id: 7, folio: 'PED-000007', work: 'OB-1 · Torre', requiredDate: '2026-12-05', total: 1234.5, status: { code: 'enviado', name: 'Enviado', color: 'info' } }],
  },
  history: {
    byStatus: [
      { id: 1, code: 'borrador', name: 'Borrador', color: 'secondary', count: 4 },
      { id: 2, code: 'enviado', name: 'Enviado', color: 'info', count: 2 },
    ],
    byMonth: [
      { month: '2026-10', count: 1, total: 100 },
      { month: '2026-11', count: 5, total: 900.5 },
    ],
  },
  registry: {
    weeks: [
      { key: '2026-W47', start: '2026-11-16', end: '2026-11-22', cutId: 5, alta: 2, baja: 0, modificacion_salario: 1 },
      { key: '2026-W48', start: '2026-11-23', end: '2026-11-29', cutId: 6, alta: 3, baja: 1, modificacion_salario: 0 },
    ],
  },
  works: { active: 4, budget: 1000, ordered: 950, warning: 1, over: 1 },
  projects: { total: 2, byStatus: [], items: [{ id: 3, code: 'PRY-1', name: 'Losas', status: 'activo', progress: 40, budget: 100, ordered: 120 }] },
  stock: {
    value: 2550,
    works: [
      { workId: 1, code: 'OB-1', name: 'Torre', value: 2400 },
      { workId: 2, code: 'OB-2', name: 'Nave', value: 150 },
    ],
    idle: { count: 1, items: [{ workId: 1, work: 'OB-1 · Torre', materialId: 10, material: 'CEM-1 · Cemento gris', quantity: 10, unit: 'saco', value: 2000, since: '2026-10-19' }] },
  },
};

function open(permissions: ReturnType<typeof permissionsFor>, dashboard: Dashboard | Promise<Dashboard>) {
  seedSession({ permissions });
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
    'GET /dashboard': async () => ({ status: 200, data: await dashboard }),
  });
  const app = renderApp('/', server.adapter);
  teardown = app.cleanup;
  return server;
}

describe('dashboard', () => {
  it('shows the KPI cards, charts and lists of every widget, in Spanish with MXN and dd/mm/yy', async () => {
    open(permissionsFor(), FULL);
    const kpi = await screen.findByRole('link', { name: /Mis pedidos abiertos\s*3/ }, SLOW);
    expect(kpi).toHaveAttribute('href', '/pedidos/mis-pedidos');
    expect(screen.getByRole('link', { name: /Obras en ejecución\s*4\s*1 sobre presupuesto · 1 arriba del 90\u00a0%/ })).toHaveAttribute('href', '/negocios');
    expect(screen.getByRole('link', { name: /Presupuesto comprado\s*95\u00a0%/ })).toBeInTheDocument();
    // The column charts: named by their summary, the numbers as a table for screen readers.
    const months = screen.getByRole('figure', { name: 'Pedidos creados por mes, los últimos 2 meses' });
    expect(within(months).getByRole('row', { name: 'nov 26 5' })).toBeInTheDocument();
    const weeks = screen.getByRole('figure', { name: 'Altas, bajas y modificaciones por semana, las últimas 2 semanas' });
    expect(within(weeks).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Semana', 'Altas', 'Bajas', 'Modificaciones']);
    expect(within(weeks).getByRole('row', { name: 'S48 3 1 0' })).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Mis pedidos abiertos' });
    expect(within(orders).getByText('PED-000007')).toBeInTheDocument();
    expect(within(orders).getByText('OB-1 · Torre · para el 05/12/26')).toBeInTheDocument();
    expect(within(orders).getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Últimos 2 meses: 6 pedidos por $1,000.50')).toBeInTheDocument();
    const projects = screen.getByRole('region', { name: 'Mis proyectos' });
    expect(within(projects).getByRole('progressbar', { name: 'Presupuesto comprado' })).toHaveAttribute('data-level', 'danger');
     expect(screen.getByRole('link', { name: /Material en obras\s*\$2,550.00\s*1 sin uso en 30 días o más/ })).toHaveAttribute('href', '/almacen');
    const stock = screen.getByRole('region', { name: 'Almacén de obra' });
    expect(within(within(stock).getByRole('list', { name: 'Material por obra' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['OB-1 · Torre$2,400.00', 'OB-2 · Nave$150.00']);
    expect(within(stock).getByText('Sin uso en 30 días o más: 1')).toBeInTheDocument();
    expect(within(stock).getByText('10 saco · $2,000.00 · OB-1 · Torre · desde el 19/10/26')).toBeInTheDocument();
  });

  it('keeps every module’s KPI cards and panels in their declared order', async () => {
    const approvals: Dashboard['approvals'] = { pending: 1, total: 500, items: [] };
    open(permissionsFor(), { ...FULL, approvals });
    const first = await screen.findByRole('link', { name: /^Pedidos por aprobar/ }, SLOW);
    const label = (card: Element) => card.querySelector('span:last-child > span')?.textContent;
    expect(Array.from(first.parentElement!.children, label)).toEqual(['Pedidos por aprobar', 'Mis pedidos abiertos', 'Obras en ejecución', 'Presupuesto comprado', 'Mis proyectos', 'Material en obras']);
    const panels = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label')).filter((name) => name !== null);
    expect(panels).toEqual(['Pedidos por aprobar', 'Pedidos por estatus', 'Pedidos por mes', 'Altas y bajas', 'Mis pedidos abiertos', 'Mis proyectos', 'Almacén de obra']);
  });

  it('links each order status to Histórico de Pedidos filtered by it', async () => {
    open(permissionsFor(), FULL);
    // Read "Enviado · 2" (the separator is for screen readers; jsdom's name computation drops its spaces).
    const link = await screen.findByRole('link', { name: /^Enviado\s*·\s*2$/ }, SLOW);
    expect(within(screen.getByRole('list', { name: 'Pedidos por estatus' })).getAllByRole('link').map((l) => l.textContent)).toEqual(['Borrador · 4', 'Enviado · 2']);
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/pedidos/historico');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual({ statusId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 2 }] } });
  });

  it('shows the altas y bajas of this week and the weeks before, linking to Histórico de Registro', async () => {
    open(permissionsFor(), FULL);
    const panel = await screen.findByRole('region', { name: 'Altas y bajas' }, SLOW);
    expect(within(panel).getByText(/^Esta semana/).closest('p')).toHaveTextContent('Esta semana (23/11/26 – 29/11/26): 3 altas · 1 baja · 0 modificaciones');
    expect(within(panel).getByText('Últimas 2 semanas: 5 altas · 1 baja · 1 modificación')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Ver histórico de registro' })).toHaveAttribute('href', '/registro/historico');
    // From the history a week's column opens its cut (a pointer shortcut: out of the tab order, the drawing hidden from screen readers).
    const week = panel.querySelector('a[href="/registro/historico/6"]');
    expect(week).toHaveAttribute('tabindex', '-1');
    expect(week?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('links an office registry user to their own movements, not to the history they may not open', async () => {
    const { registry } = FULL;
    open(permissionsFor(['registry_office'], { view: true }), { registry });
    const panel = await screen.findByRole('region', { name: 'Altas y bajas' }, SLOW);
    expect(within(panel).getByRole('link', { name: 'Ver movimientos de oficina' })).toHaveAttribute('href', '/registro/oficina');
    expect(within(panel).queryByRole('link', { name: 'Ver histórico de registro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pedidos por estatus' })).not.toBeInTheDocument();
  });

  it('shows the shortcuts once the indicators are in, below them: drawn before, they would jump down the page', async () => {
    let answer: (dashboard: Dashboard) => void = () => undefined;
    open(permissionsFor(), new Promise<Dashboard>((resolve) => (answer = resolve)));
    expect(await screen.findByLabelText('Cargando indicadores', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Accesos directos')).not.toBeInTheDocument();
    answer(FULL);
    const shortcuts = await screen.findByRole('region', { name: 'Accesos directos' });
    const orders = screen.getByRole('region', { name: 'Mis pedidos abiertos' });
    expect(orders.compareDocumentPosition(shortcuts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a user with no module the greeting only, with no indicator', async () => {
    open(permissionsFor([], {}), {});
    expect(await screen.findByRole('heading', { name: /^Hola/ }, SLOW)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByLabelText('Cargando indicadores')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Pedidos por estatus' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mis pedidos abiertos/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Accesos directos')).not.toBeInTheDocument();
  });
});
