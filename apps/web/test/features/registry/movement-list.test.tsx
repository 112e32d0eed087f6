import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addBusinessDays, currentWeek, MESSAGES, type Filters } from '@goc/contracts';
import OfficeMovementsPage from '../../../src/features/registry/office-movements-page';
import WorkMovementsPage from '../../../src/features/registry/work-movements-page';
import { movementTexts } from '../../../src/features/registry/movement-texts';
import { permissionsFor, seedSession } from '../../fixtures';
import type { FakeReply } from '../../crud/fake-api';
import { listOf } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';
import { movement, movementsApi, STATUSES } from './movement-fixtures';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const weekFilter = (start: string, end: string): Filters['createdAt'] => ({
  operator: 'and',
  constraints: [
    { matchMode: 'dateAfter', value: addBusinessDays(start, -1) },
    { matchMode: 'dateBefore', value: addBusinessDays(end, 1) },
  ],
});

const sentFilters = (params: Record<string, string>) => JSON.parse(params.filters ?? '{}') as Filters;

describe('Oficinas: this week’s office movements', () => {
  it('asks for this week (Monday to Sunday, Mexico City) of scope oficina, and for another week from the picker', async () => {
    seedSession({ permissions: permissionsFor(['registry_office']) });
    const server = movementsApi({ 'GET /registry/movements': listOf([movement(1, { late: true })]) });
    const view = renderRoute(<OfficeMovementsPage />, '/registro/oficina', server.adapter);
    dispose = view.dispose;
    await screen.findByText('Ana López Pérez');
    // "Fuera de plazo" is a warning tag, not a green "Sí".
    expect(within(screen.getByRole('row', { name: /Ana López Pérez/ })).getByText(movementTexts.late)).toHaveClass('p-tag-value');
    const week = currentWeek();
    const first = server.calls('GET', '/registry/movements').at(-1)!.params;
    expect(first.scope).toBe('oficina');
    expect(sentFilters(first).createdAt).toEqual(weekFilter(week.start, week.end));
    expect(screen.getByTestId('shown-week')).toHaveTextContent(movementTexts.weekLabel(week));

    fireEvent.click(screen.getByRole('button', { name: movementTexts.previousWeek }));
    const before = { start: addBusinessDays(week.start, -7), end: addBusinessDays(week.end, -7) };
    await waitFor(() => expect(sentFilters(server.calls('GET', '/registry/movements').at(-1)!.params).createdAt).toEqual(weekFilter(before.start, before.end)));
    expect(view.search().get('semana')).toMatch(/^\d{4}-W\d{2}$/);
    // The user's own filters travel with the week; the week is not one of them.
    expect(view.search().get('filters')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: movementTexts.thisWeek }));
    await waitFor(() => expect(view.search().get('semana')).toBeNull());
  });

  it('"Nuevo movimiento" leads to Crear Oficina; no "Eliminar": movements are never deleted', async () => {
    seedSession({ permissions: permissionsFor(['registry_office']) });
    const server = movementsApi({ 'GET /registry/movements': listOf([movement(1)]) });
    const view = renderRoute(<OfficeMovementsPage />, '/registro/oficina', server.adapter);
    dispose = view.dispose;
    await screen.findByText('Ana López Pérez');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: movementTexts.create }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/registro/oficina/create'));
  });

  it('changes the statuses with the version read; a 409 is explained in the dialog', async () => {
    seedSession({ permissions: permissionsFor(['registry_office']) });
    let answer: FakeReply = { status: 409, data: { statusCode: 409, error: 'Conflict', message: MESSAGES.staleVersion } };
    const server = movementsApi({
      'GET /registry/movements': listOf([movement(1)]),
      'PATCH /registry/movements/1/status': () => answer,
    });
    dispose = renderRoute(<OfficeMovementsPage />, '/registro/oficina', server.adapter).dispose;
    await screen.findByText('Ana López Pérez');
    fireEvent.click(screen.getByRole('button', { name: movementTexts.changeStatus }));
    const dialog = await screen.findByRole('dialog');
    await choose(within(dialog).getByLabelText('Estatus de alta'), 'Aplicado');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(new RegExp(movementTexts.staleHint))).toBeInTheDocument();
    expect(server.calls('PATCH', '/registry/movements/1/status')[0]!.body).toEqual({ version: 1, registrationStatusId: 2 });

    answer = { status: 200, data: movement(1, { version: 2, registrationStatusId: 2, registrationStatus: STATUSES.aplicado }) };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(movementTexts.statusSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a user who only views sees neither "Nuevo movimiento", nor "Cambiar estatus", nor "Editar"', async () => {
    seedSession({ permissions: permissionsFor(['registry_office'], { view: true, create: false, edit: false, delete: false }) });
    const server = movementsApi({ 'GET /registry/movements': listOf([movement(1)]) });
    dispose = renderRoute(<OfficeMovementsPage />, '/registro/oficina', server.adapter).dispose;
    await screen.findByText('Ana López Pérez');
    expect(screen.queryByRole('button', { name: movementTexts.create })).toBeNull();
    expect(screen.queryByRole('button', { name: movementTexts.changeStatus })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('rights at the works do not open writes on the office list', async () => {
    seedSession({
      permissions: [
        ...permissionsFor(['registry_office'], { view: true, create: false, edit: false, delete: false }),
        ...permissionsFor(['registry_works']),
      ],
    });
    const server = movementsApi({ 'GET /registry/movements': listOf([movement(1)]) });
    dispose = renderRoute(<OfficeMovementsPage />, '/registro/oficina', server.adapter).dispose;
    await screen.findByText('Ana López Pérez');
    expect(screen.queryByRole('button', { name: movementTexts.create })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });
});

describe('Obras: movements at the works', () => {
  it('filters by work and creates in the same movement form as a dialog, with the work', async () => {
    seedSession({ permissions: permissionsFor(['registry_works']) });
    const row = movement(2, { scope: 'obra', type: 'baja', workId: 2, work: { id: 2, label: 'OB-2 Torre Norte' }, bajaReason: '1', dailySalary: null, sdi: null });
    const server = movementsApi({ 'GET /registry/movements': listOf([row]) });
    const view = renderRoute(<WorkMovementsPage />, '/registro/obras', server.adapter);
    dispose = view.dispose;
    await screen.findByText('Ana López Pérez');
    expect(server.calls('GET', '/registry/movements').at(-1)!.params.scope).toBe('obra');
    expect(screen.getByRole('columnheader', { name: /Obra/ })).toBeInTheDocument();

    await choose(screen.getByLabelText(movementTexts.workFilter), 'OB-2 Torre Norte');
    await waitFor(() =>
      expect(sentFilters(server.calls('GET', '/registry/movements').at(-1)!.params).workId).toEqual({ operator: 'and', constraints: [{ matchMode: 'equals', value: 2 }] }),
    );

    fireEvent.click(screen.getByRole('button', { name: movementTexts.create }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo movimiento' });
    expect(within(dialog).getByLabelText(/^Obra/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Ámbito/)).toBeNull();
  });
});
