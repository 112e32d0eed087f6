import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PermissionEntry, WorksOverview } from '@goc/contracts';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { orderRecord } from '../../crud/fixtures';
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

const figures = { openOrders: 2, activeWorkers: 5, projects: 1, stockValue: 0 };
const OVERVIEW: WorksOverview = {
  lines: [
    {
      category: { id: 1, name: 'Vivienda', icon: 'pi pi-home', color: '#16a34a' },
      totals: { works: 2, budget: 2000, ordered: 1950, committed: 1950.01, available: 49.99, openOrders: 4, activeWorkers: 10, projects: 2, stockValue: 0 },
      works: [
        { id: 10, code: 'OB-1', name: 'Torre Norte', company: { id: 1, name: 'Constructora GOC' }, status: 'en_ejecucion', resident: { id: 3, name: 'Ana Ruiz' }, budget: 1000, ordered: 950, committed: 950, available: 50, ...figures, stockValue: 1437.5 },
        { id: 11, code: 'OB-2', name: 'Casas Sur', company: { id: 1, name: 'Constructora GOC' }, status: 'planeacion', resident: null, budget: 1000, ordered: 1000.01, committed: 1000.01, available: -0.01, ...figures },
      ],
    },
    {
      category: { id: 2, name: 'Infraestructura', icon: 'pi pi-car', color: '#2563eb' },
      totals: { works: 1, budget: 500, ordered: 100, committed: 100, available: 400, openOrders: 2, activeWorkers: 5, projects: 1, stockValue: 0 },
      works: [{ id: 12, code: 'OB-3', name: 'Puente', company: { id: 2, name: 'GOC Norte' }, status: 'suspendida', resident: null, budget: 500, ordered: 100, committed: 100, available: 400, ...figures }],
    },
  ],
  totals: { works: 3, budget: 2500, ordered: 2050, committed: 2050.01, available: 449.99, openOrders: 6, activeWorkers: 15, projects: 3, stockValue: 0 },
};

const stamp = { createdAt: '2026-11-20T12:00:00.000Z', updatedAt: '2026-11-20T12:00:00.000Z', version: 1 };
const EMPLOYEE = {
  id: 30,
  ...stamp,
  employeeNumber: 'E-030',
  firstName: 'Luis',
  lastName: 'Mora',
  secondLastName: null,
  curp: 'MOLL800101HDFRSS09',
  rfc: null,
  nss: null,
  position: 'Albañil',
  email: null,
  phone: null,
  companyId: 1,
  company: { id: 1, label: 'Constructora GOC' },
  workId: 10,
  work: { id: 10, label: 'OB-1 · Torre Norte' },
  hireDate: '2026-01-05',
  dailySalary: 400,
  sdi: 420,
  photoUrl: null,
  status: 'activo',
  active: true,
};
const MOVEMENT = {
  id: 40,
  ...stamp,
  type: 'baja',
  scope: 'obra',
  employeeId: 31,
  employee: { id: 31, label: 'E-031 · Pedro Sánchez' },
  employeeNumber: 'E-031',
  employeeNss: null,
  employeeCurp: null,
  companyId: 1,
  company: { id: 1, label: 'Constructora GOC' },
  workId: 10,
  work: { id: 10, label: 'OB-1 · Torre Norte' },
  effectiveDate: '2026-11-18',
  late: false,
  workerType: 'eventual_construccion',
  dailySalary: null,
  sdi: null,
  bajaReason: '1',
  registrationStatusId: 1,
  registrationStatus: { id: 1, code: 'pendiente', name: 'Pendiente', color: 'warn' },
  stampStatusId: 1,
  stampStatus: { id: 1, code: 'pendiente', name: 'Pendiente', color: 'warn' },
  errorStatusId: 1,
  errorStatus: { id: 1, code: 'sin_error', name: 'Sin error', color: 'success' },
  errorDetail: null,
  notes: null,
  cutId: 6,
  cut: { id: 6, label: '2026-S47' },
  cutStatus: 'abierto',
  createdById: 1,
  createdBy: { id: 1, label: 'admin' },
};
const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length, page: 1, pageSize: 100 } });
const ORDER = orderRecord({
  id: 31,
  ...stamp,
  folio: 'PED-000031',
  workId: 10,
  work: { id: 10, label: 'OB-1 · Torre Norte' },
  requestedById: 3,
  requestedBy: { id: 3, label: 'Ana Ruiz' },
  requiredDate: '2026-11-30',
  total: 1500,
});

const BALANCE = {
  id: 4,
  ...stamp,
  workId: 10,
  work: { id: 10, label: 'OB-1 · Torre Norte' },
  materialId: 11,
  material: { id: 11, label: 'Cemento gris' },
  unitId: 2,
  unit: { id: 2, label: 'saco' },
  quantity: 12.5,
  averageCost: 115,
  value: 1437.5,
  lastMovementOn: '2026-11-20',
};

function open(permissions: PermissionEntry[]) {
  seedSession({ permissions });
  const server = mockAdapter({
    'GET /employees': page([EMPLOYEE]),
    'GET /registry/movements': page([MOVEMENT]),
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
    'GET /works/overview': { status: 200, data: OVERVIEW },
    'GET /projects': { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } },
    'GET /orders': page([ORDER]),
    'GET /stock': page([BALANCE]),
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
    // A work's card is the list item around its button (named by its visible code and name only).
    const card = (button: HTMLElement) => button.closest('li') as HTMLElement;
    const torre = card(within(vivienda).getByRole('button', { name: 'OB-1 · Torre Norte' }));
    expect(within(torre).getByText('En ejecución')).toBeInTheDocument();
    expect(within(torre).getByText('Constructora GOC · Residente: Ana Ruiz')).toBeInTheDocument();
    expect(within(torre).getByRole('progressbar')).toHaveAttribute('data-level', 'warning');
    expect(within(card(within(vivienda).getByRole('button', { name: 'OB-2 · Casas Sur' }))).getByRole('progressbar')).toHaveAttribute('data-level', 'danger');
    const puente = card(within(screen.getByRole('region', { name: 'Infraestructura' })).getByRole('button', { name: 'OB-3 · Puente' }));
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

  it('shows in Personal the work’s active employees and its last movements, by the registry module the user holds', async () => {
    const server = open([...permissionsFor(['works', 'config_employees', 'registry_works'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Personal' }));
    const staff = await within(dialog).findByRole('region', { name: 'Personal activo' });
    expect(await within(staff).findByText('Luis Mora')).toBeInTheDocument();
    const movements = within(dialog).getByRole('region', { name: 'Últimos movimientos' });
    expect(await within(movements).findByText('E-031 · Pedro Sánchez')).toBeInTheDocument();
    expect(within(movements).getByText('Fecha efectiva 18/11/26')).toBeInTheDocument();
    expect(within(movements).getByText('Baja')).toBeInTheDocument();
    const [request] = server.to('GET /registry/movements');
    expect(request!.params).toMatchObject({ scope: 'obra', pageSize: '10' });
    expect(JSON.parse((request!.params as { filters: string }).filters)).toEqual({ workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 10 }] } });
  });

  it('reads the movements from the history for a history reader, and hides Personal from who may read neither', async () => {
    const server = open([...permissionsFor(['works', 'registry_history'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    let dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Personal' }));
    expect(await within(dialog).findByText('E-031 · Pedro Sánchez')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Personal activo' })).not.toBeInTheDocument();
    expect(server.to('GET /registry/movements')[0]!.params).toMatchObject({ scope: 'historico' });
    teardown?.();
    open([...permissionsFor(['works', 'registry_office'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Resumen']);
  });

  it('shows in Almacén what the work holds of each material, for who reads the store', async () => {
    const server = open([...permissionsFor(['works', 'stock'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Resumen', 'Almacén']);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Almacén' }));
    expect(await within(dialog).findByText('Cemento gris')).toBeInTheDocument();
    expect(within(dialog).getByText('12.5 saco · $1,437.50')).toBeInTheDocument();
    // The store's value beside the budget and the committed amount (the overview's figures).
    const figures = within(within(dialog).getByLabelText('Almacén frente al presupuesto'));
    expect(figures.getByText('Material en almacén').nextElementSibling).toHaveTextContent('$1,437.50');
    expect(figures.getByText('Presupuesto').nextElementSibling).toHaveTextContent('$1,000.00');
    expect(figures.getByText('Comprometido').nextElementSibling).toHaveTextContent('$950.00');
    expect(JSON.parse((server.to('GET /stock')[0]!.params as { filters: string }).filters)).toEqual({ workId: { operator: 'and', constraints: [{ matchMode: 'equals', value: 10 }] } });
  });

  // The orders page opening ?pedido= is tested with the page (order-create-documents.test.tsx).
  it('links each order of the Pedidos tab to its list narrowed to the folio, with the order open', async () => {
    open([...permissionsFor(['works', 'history'], { view: true })]);
    fireEvent.click(await screen.findByRole('button', { name: 'OB-1 · Torre Norte' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'OB-1 · Torre Norte' }, SLOW);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Pedidos' }));
    const link = await within(dialog).findByRole('link', { name: /PED-000031/ });
    expect(link).toHaveAttribute('href', '/pedidos/historico?q=PED-000031&pedido=31');
    expect(link).toHaveTextContent('Enviado');
  });

  it('remembers the list view', async () => {
    open(permissionsFor());
    await screen.findByRole('region', { name: 'Vivienda' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(localStorage.getItem('goc.view.works')).toBe('list');
  });
});
