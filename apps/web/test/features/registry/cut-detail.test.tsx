import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { REGISTRY_MESSAGES } from '@goc/contracts';
import WeeklyCutDetailPage from '../../../src/features/registry/weekly-cut-detail-page';
import { saveBlob } from '../../../src/lib/resources/download';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi, type FakeReply, type FakeRoute } from '../../crud/fake-api';
import { listOf, optionsOf } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

// The browser's "save file" is the edge of what jsdom can do: the test checks what would be saved.
vi.mock('../../../src/lib/resources/download', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  saveBlob: vi.fn(),
}));

const STAMP = '2026-11-23T16:00:00.000Z';
const STATUS = { id: 1, code: 'pendiente', name: 'Pendiente', color: 'warn', count: 5 };

const cut = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 2,
  label: '2026-S48',
  startDate: '2026-11-23',
  endDate: '2026-11-29',
  status: 'abierto',
  closedAt: null,
  closedById: null,
  closedBy: null,
  totals: { movements: 5, altas: 3, bajas: 1, modificaciones: 1, oficina: 2, obra: 3, late: 1, byRegistrationStatus: [STATUS] },
  works: [
    { work: null, altas: 1, bajas: 1, modificaciones: 0, late: 0 },
    { work: { id: 4, label: 'OB-4 · Torre Norte' }, altas: 2, bajas: 0, modificaciones: 1, late: 1 },
  ],
  ...extra,
});

const movement = {
  id: 31,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 1,
  type: 'alta',
  scope: 'obra',
  employeeId: 9,
  employee: { id: 9, label: 'Ana López Ruiz' },
  employeeNumber: 'E-009',
  employeeNss: '12345678903',
  employeeCurp: null,
  companyId: 3,
  company: { id: 3, label: 'Constructora Norte' },
  workId: 4,
  work: { id: 4, label: 'OB-4 · Torre Norte' },
  effectiveDate: '2026-11-20',
  late: false,
  workerType: 'permanente',
  dailySalary: 400,
  sdi: 420,
  bajaReason: null,
  registrationStatusId: 1,
  registrationStatus: { id: 1, code: 'pendiente', name: 'Pendiente', color: 'warn' },
  stampStatusId: 1,
  stampStatus: { id: 1, code: null, name: 'Sin timbrar', color: null },
  errorStatusId: 1,
  errorStatus: { id: 1, code: null, name: 'Sin error', color: null },
  errorDetail: null,
  notes: null,
  cutId: 7,
  cut: { id: 7, label: '2026-S48' },
  cutStatus: 'abierto',
  createdById: 1,
  createdBy: { id: 1, label: 'admin' },
};

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let dispose: (() => void) | null = null;
beforeEach(() => vi.mocked(saveBlob).mockClear());
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(routes: Record<string, FakeRoute | FakeReply>, { canEdit = true, path = '/registro/historico/7' } = {}): FakeApi {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor(['registry_history'], { view: true, create: false, edit: canEdit, delete: false }) });
  const server = fakeApi({
    'GET /registry/cuts/7': { status: 200, data: cut() },
    'GET /registry/cuts/7/movements': listOf([movement]),
    'GET /companies/options': optionsOf([{ value: 3, label: 'Constructora Norte' }]),
    ...routes,
  });
  dispose = renderRoute(
    <Routes>
      <Route path="/registro/historico/:cutId" element={<WeeklyCutDetailPage />} />
    </Routes>,
    path,
    server.adapter,
  ).dispose;
  return server;
}

describe('Detalle de Corte Semanal', () => {
  it('shows the week, its status, the totals, the summary per work and the cut’s movements', async () => {
    start({});
    expect(await screen.findByRole('heading', { name: '2026-S48' })).toBeInTheDocument();
    expect(screen.getByText(/Semana del 23\/11\/26 al 29\/11\/26/)).toBeInTheDocument();
    expect(screen.getByText('Abierto')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totales del corte' });
    expect(within(totals).getByText('Altas').nextElementSibling).toHaveTextContent('3');
    expect(within(totals).getByText('Fuera de plazo').nextElementSibling).toHaveTextContent('1');
    const perWork = screen.getByRole('heading', { name: 'Resumen por obra' }).closest('section')!;
    const workRow = within(perWork).getByText('OB-4 · Torre Norte').closest('tr')!;
    expect(within(workRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['OB-4 · Torre Norte', '2', '0', '1', '1']);
    expect(within(perWork).getByText('Oficina')).toBeInTheDocument();
    expect(await screen.findByText('Ana López Ruiz')).toBeInTheDocument();
  });

  it('closes a cut whose week is over after one confirmation, unforced', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T18:00:00Z') });
    const server = start({ 'POST /registry/cuts/7/close': { status: 200, data: cut({ status: 'cerrado', version: 3 }) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar corte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar corte' });
    expect(dialog).toHaveTextContent('¿Cerrar el corte 2026-S48?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar corte' }));
    expect(await screen.findByText('Corte 2026-S48 cerrado')).toBeInTheDocument();
    expect(server.calls('POST', '/registry/cuts/7/close').map((r) => r.body)).toEqual([{ version: 2, force: false }]);
    vi.useRealTimers();
  });

  it('closes a cut before its week ends with one confirmation that says so, forced from the start', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T18:00:00Z') });
    const server = start({ 'POST /registry/cuts/7/close': { status: 200, data: cut({ status: 'cerrado', version: 3 }) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar corte' }));
    const early = await screen.findByRole('dialog', { name: 'La semana aún no termina' });
    expect(early).toHaveTextContent('La semana del corte 2026-S48 termina el 29/11/26. Si lo cierras ahora, sus movimientos quedarán fijos');
    fireEvent.click(within(early).getByRole('button', { name: 'Cerrar de todos modos' }));
    expect(await screen.findByText('Corte 2026-S48 cerrado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Cerrar corte' })).not.toBeInTheDocument();
    expect(server.calls('POST', '/registry/cuts/7/close').map((r) => r.body)).toEqual([{ version: 2, force: true }]);
    vi.useRealTimers();
  });

  it('shows why a close failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T18:00:00Z') });
    start({ 'POST /registry/cuts/7/close': apiError(409, REGISTRY_MESSAGES.cutAlreadyClosed) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar corte' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cerrar corte' })).getByRole('button', { name: 'Cerrar corte' }));
    expect(await screen.findByText(REGISTRY_MESSAGES.cutAlreadyClosed)).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('has no close button for a user without registry_history edit', async () => {
    start({}, { canEdit: false });
    expect(await screen.findByRole('heading', { name: '2026-S48' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar corte' })).not.toBeInTheDocument();
  });

  it('downloads the cut’s workbook', async () => {
    const server = start({
      'GET /registry/cuts/7/export': { status: 200, data: 'xlsx', headers: { 'content-disposition': 'attachment; filename="corte-2026-s48.xlsx"' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'corte-2026-s48.xlsx'));
    expect(server.calls('GET', '/registry/cuts/7/export')[0]?.params).toEqual({ format: 'xlsx' });
  });

  it('downloads the IDSE file of a company and type and lists the movements it refused', async () => {
    const record = 'X'.repeat(168);
    const server = start({
      'GET /registry/cuts/7/idse': {
        status: 200,
        data: {
          fileName: 'IDSE-2026-S48-A1234567890-02.txt',
          content: `${record}\r\n`,
          records: 1,
          refusals: [{ movementId: 40, employee: 'Luis Pérez', reason: REGISTRY_MESSAGES.idseNss }],
        },
      },
    });
    const download = await screen.findByRole('button', { name: 'Descargar archivo IDSE' });
    expect(download).toBeDisabled();
    await choose(screen.getByLabelText('Empresa'), 'Constructora Norte');
    await choose(screen.getByLabelText('Tipo de movimiento'), 'Baja');
    fireEvent.click(download);

    expect(await screen.findByText('1 movimiento quedó fuera del archivo')).toBeInTheDocument();
    const refusal = screen.getByText('#40').closest('tr')!;
    expect(refusal).toHaveTextContent('Luis Pérez');
    expect(refusal).toHaveTextContent(REGISTRY_MESSAGES.idseNss);
    expect(server.calls('GET', '/registry/cuts/7/idse')[0]?.params).toEqual({ companyId: '3', type: 'baja', format: 'json' });
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('IDSE-2026-S48-A1234567890-02.txt');
    expect(await textOf(blob)).toBe(`${record}\r\n`);
    expect(await screen.findByText('Archivo IDSE descargado: 1 registro')).toBeInTheDocument();
  });

  it('says so instead of downloading an empty IDSE file', async () => {
    start({ 'GET /registry/cuts/7/idse': { status: 200, data: { fileName: 'x.txt', content: '', records: 0, refusals: [] } } });
    await choose(await screen.findByLabelText('Empresa'), 'Constructora Norte');
    fireEvent.click(screen.getByRole('button', { name: 'Descargar archivo IDSE' }));
    expect(await screen.findByText('No hay movimientos de ese tipo y empresa en el corte que puedan ir en el archivo')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('shows a Spanish not-found state for an unknown cut', async () => {
    start({ 'GET /registry/cuts/99': apiError(404, 'No se encontró el corte') }, { path: '/registro/historico/99' });
    expect(await screen.findByText('No encontramos ese corte semanal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a Histórico de Registro/ })).toHaveAttribute('href', '/registro/historico');
  });

  it('shows the not-found state for an id that is not a number, without asking the API', async () => {
    const server = start({}, { path: '/registro/historico/abc' });
    expect(await screen.findByText('No encontramos ese corte semanal')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/registry/cuts'))).toEqual([]);
  });
});
