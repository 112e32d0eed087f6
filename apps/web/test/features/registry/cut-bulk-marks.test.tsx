import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { MESSAGES } from '@goc/contracts';
import WeeklyCutDetailPage from '../../../src/features/registry/weekly-cut-detail-page';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { apiError, fakeApi, type FakeApi, type FakeReply, type FakeRoute } from '../../crud/fake-api';
import { listOf, optionsOf } from '../../crud/fixtures';
import { renderRoute } from '../../crud/render-route';

const STAMP = '2026-11-23T16:00:00.000Z';
const PENDING = { id: 1, code: 'pendiente', name: 'Pendiente', color: 'secondary' };
const APPLIED = { id: 3, code: 'aplicado', name: 'Aplicado', color: 'success' };

const cut = {
  id: 7,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 2,
  label: '2026-S48',
  startDate: '2026-11-23',
  endDate: '2026-11-29',
  status: 'cerrado',
  closedAt: STAMP,
  closedById: 1,
  closedBy: { id: 1, label: 'admin' },
  totals: { movements: 3, altas: 2, bajas: 1, modificaciones: 0, oficina: 2, obra: 1, late: 0, byRegistrationStatus: [] },
  works: [],
};

function movement(id: number, employee: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: id - 20,
    type: 'alta',
    scope: 'oficina',
    employeeId: id,
    employee: { id, label: employee },
    employeeNumber: `E-${id}`,
    employeeNss: '12345678903',
    employeeCurp: null,
    companyId: 3,
    company: { id: 3, label: 'Constructora Norte' },
    workId: null,
    work: null,
    effectiveDate: '2026-11-20',
    late: false,
    workerType: 'permanente',
    dailySalary: 400,
    sdi: 420,
    bajaReason: null,
    registrationStatusId: 1,
    registrationStatus: PENDING,
    stampStatusId: 1,
    stampStatus: { id: 1, code: 'pendiente', name: 'Pendiente', color: 'secondary' },
    errorStatusId: 1,
    errorStatus: { id: 1, code: 'sin_error', name: 'Sin error', color: 'success' },
    errorDetail: null,
    notes: null,
    cutId: 7,
    cut: { id: 7, label: '2026-S48' },
    cutStatus: 'cerrado',
    createdById: 1,
    createdBy: { id: 1, label: 'admin' },
    ...extra,
  };
}

const ana = movement(31, 'Ana López Ruiz', { scope: 'obra', workId: 4, work: { id: 4, label: 'OB-4 · Torre Norte' } });
const luis = movement(32, 'Luis Pérez Soto');
const eva = movement(33, 'Eva Mora Gil', { type: 'baja', registrationStatusId: 3, registrationStatus: APPLIED });

const STATUS_OPTIONS = {
  'GET /registration-statuses/options': optionsOf([
    { value: 1, label: 'Pendiente', code: 'pendiente' },
    { value: 2, label: 'En trámite', code: 'en_tramite' },
    { value: 3, label: 'Aplicado', code: 'aplicado' },
    { value: 9, label: 'Revisado por RH' },
  ]),
  'GET /stamp-statuses/options': optionsOf([
    { value: 1, label: 'Pendiente', code: 'pendiente' },
    { value: 2, label: 'Timbrado', code: 'timbrado' },
  ]),
};

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(routes: Record<string, FakeRoute | FakeReply>, modules: readonly string[] = ['registry_office', 'registry_works']): FakeApi {
  seedSession({
    user: ADMIN_USER,
    permissions: [
      ...permissionsFor(['registry_history'], { view: true }),
      ...permissionsFor(modules, { view: true, create: true, edit: true }),
    ],
  });
  const server = fakeApi({
    'GET /registry/cuts/7': { status: 200, data: cut },
    'GET /registry/cuts/7/movements': listOf([ana, luis, eva]),
    ...STATUS_OPTIONS,
    ...routes,
  });
  dispose = renderRoute(
    <Routes>
      <Route path="/registro/historico/:cutId" element={<WeeklyCutDetailPage />} />
    </Routes>,
    '/registro/historico/7',
    server.adapter,
  ).dispose;
  return server;
}

/** The cut's movements arrive after the cut and the lazily loaded list: under a loaded machine that can take a while. */
const LIST_LOADED = { timeout: 20_000 };

const selectionBar = () => screen.getByRole('group', { name: 'Selección de filas' });

describe('Detalle de Corte Semanal: several movements marked at once', () => {
  it('marks two chosen movements «Aplicado / Timbrado» after a confirmation, with the system statuses and the versions read', async () => {
    const server = start({ 'POST /registry/cuts/7/movements/status': { status: 200, data: { updated: 2 } } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Alta de Ana López Ruiz' }, LIST_LOADED));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Alta de Luis Pérez Soto' }));
    expect(within(selectionBar()).getByRole('status')).toHaveTextContent('2 seleccionados');

    const listed = server.calls('GET', '/registry/cuts/7/movements').length;
    fireEvent.click(within(selectionBar()).getByRole('button', { name: 'Aplicado / Timbrado' }));
    const confirm = await screen.findByRole('dialog', { name: 'Marcar como «Aplicado / Timbrado»' });
    expect(confirm).toHaveTextContent('¿Marcar los 2 movimientos seleccionados como «Aplicado / Timbrado»?');
    expect(confirm).toHaveTextContent('ya no van en los archivos IDSE');
    expect(server.calls('POST', '/registry/cuts/7/movements/status')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Marcar' }));

    expect(await screen.findByText('2 movimientos marcados como «Aplicado / Timbrado»')).toBeInTheDocument();
    expect(server.calls('POST', '/registry/cuts/7/movements/status').map((r) => r.body)).toEqual([
      { items: [{ id: 31, version: 11 }, { id: 32, version: 12 }], registrationStatusId: 3, stampStatusId: 2 },
    ]);
    // The list is read again and the choice is empty.
    await waitFor(() => expect(server.calls('GET', '/registry/cuts/7/movements').length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Seleccionar Alta de Ana López Ruiz' })).not.toBeChecked());
    expect(within(selectionBar()).getByRole('status')).toHaveTextContent('');
  });

  it('«Seleccionar todos» takes the movements shown that can still change; an applied one has no checkbox', async () => {
    const server = start({ 'POST /registry/cuts/7/movements/status': { status: 200, data: { updated: 2 } } });
    await screen.findByText('Eva Mora Gil', {}, LIST_LOADED);
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar Baja de Eva Mora Gil' })).not.toBeInTheDocument();
    fireEvent.click(within(selectionBar()).getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(within(selectionBar()).getByRole('status')).toHaveTextContent('2 seleccionados');
    expect(within(selectionBar()).getByRole('checkbox', { name: 'Seleccionar todos' })).toBeChecked();

    fireEvent.click(within(selectionBar()).getByRole('button', { name: 'Enviado al IMSS' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Marcar como «Enviado al IMSS»' })).getByRole('button', { name: 'Marcar' }));
    expect(await screen.findByText('2 movimientos marcados como «Enviado al IMSS»')).toBeInTheDocument();
    expect(server.calls('POST', '/registry/cuts/7/movements/status').map((r) => r.body)).toEqual([
      { items: [{ id: 31, version: 11 }, { id: 32, version: 12 }], registrationStatusId: 2 },
    ]);

    fireEvent.click(within(selectionBar()).getByRole('checkbox', { name: 'Seleccionar todos' }));
    fireEvent.click(within(selectionBar()).getByRole('checkbox', { name: 'Seleccionar todos' }));
    expect(within(selectionBar()).getByRole('status')).toHaveTextContent('');
  });

  it('shows the API’s refusal and keeps the choice', async () => {
    start({ 'POST /registry/cuts/7/movements/status': apiError(409, `Movimiento 32: ${MESSAGES.staleVersion}`) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Alta de Luis Pérez Soto' }, LIST_LOADED));
    fireEvent.click(within(selectionBar()).getByRole('button', { name: 'Aplicado / Timbrado' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Marcar como «Aplicado / Timbrado»' })).getByRole('button', { name: 'Marcar' }));
    expect(await screen.findByText(`Movimiento 32: ${MESSAGES.staleVersion}`)).toBeInTheDocument();
    expect(screen.getByText('No se marcó ningún movimiento')).toBeInTheDocument();
    expect(within(selectionBar()).getByRole('status')).toHaveTextContent('1 seleccionado');
  });

  it('says which system status is missing instead of sending anything', async () => {
    const server = start({ 'GET /stamp-statuses/options': optionsOf([{ value: 1, label: 'Pendiente', code: 'pendiente' }]) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Alta de Luis Pérez Soto' }, LIST_LOADED));
    fireEvent.click(within(selectionBar()).getByRole('button', { name: 'Aplicado / Timbrado' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Marcar como «Aplicado / Timbrado»' })).getByRole('button', { name: 'Marcar' }));
    expect(await screen.findByText(/El estatus del sistema «timbrado» no está activo/)).toBeInTheDocument();
    expect(server.calls('POST', '/registry/cuts/7/movements/status')).toEqual([]);
  });

  it('offers only the movements of the scopes the user may edit, and nothing to a reader', async () => {
    start({}, ['registry_office']);
    expect(await screen.findByRole('checkbox', { name: 'Seleccionar Alta de Luis Pérez Soto' }, LIST_LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar Alta de Ana López Ruiz' })).not.toBeInTheDocument();
    dispose?.();
    dispose = null;

    start({}, []);
    expect(await screen.findByText('Luis Pérez Soto', {}, LIST_LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Selección de filas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
