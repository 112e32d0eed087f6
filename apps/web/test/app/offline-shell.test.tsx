import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueue, flushOutbox, listCommands } from '../../src/lib/offline/outbox';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter, type MockHandler, type MockReply } from '../mock-adapter';
import { renderApp } from '../render-app';
import { setViewportWidth } from '../setup';
import { cleanUpOfflineTests } from '../offline-cleanup';

const cleanup = cleanUpOfflineTests();
beforeAll(() => Promise.all([import('../../src/app/shell/shell-layout'), import('../../src/app/offline/outbox-status')]), 60_000);

const USER = ADMIN_USER.id;
const lines = [{ materialId: 1, quantity: 2 }];

function start(routes: Record<string, MockHandler | MockReply> = {}) {
  const permissions = permissionsFor();
  seedSession({ permissions, user: ADMIN_USER });
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
    'POST /auth/logout': { status: 204 },
    // No signal for the orders: the queue stays as it is.
    'POST /orders': { network: true },
    ...routes,
  });
  const app = renderApp('/', server.adapter);
  cleanup.rendered(app.cleanup);
  return { ...app, server };
}

/** Three changes made without signal: a new order, its send and a photo. */
async function queueThree() {
  const clientId = await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines } }, 'Pedido nuevo (Obra Centro)');
  await enqueue(USER, { kind: 'sendOrder', order: { clientId }, version: null }, 'Enviar a autorización');
  await enqueue(USER, { kind: 'attachFile', order: { clientId }, bytes: new Uint8Array([1, 2]).buffer, type: 'image/jpeg', name: 'foto.jpg' }, 'Adjuntar «foto.jpg»');
}

describe('the outbox in the shell (issue 45: badge, list, conflicts, sign-out)', () => {
  it('the header says «3 cambios sin enviar» and its list shows each change as pending', async () => {
    await queueThree();
    start();
    // The first screen settles (SETTLE_CAP_MS at most) before the header loads the outbox.
    const badge = await screen.findByRole('button', { name: '3 cambios sin enviar' }, { timeout: 15_000 });
    await userEvent.click(badge);
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin enviar' });
    expect(within(dialog).getByText('Pedido nuevo (Obra Centro)')).toBeInTheDocument();
    expect(within(dialog).getByText('Adjuntar «foto.jpg»')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Pendiente')).toHaveLength(3);
  });

  it('a new order kept on the phone can be sent for authorisation from the list, once', async () => {
    const clientId = await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines } }, 'Pedido nuevo (1 partida)');
    start();
    await userEvent.click(await screen.findByRole('button', { name: '1 cambio sin enviar' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin enviar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar a autorización' }));
    await waitFor(async () => expect((await listCommands(USER)).map((c) => c.kind)).toEqual(['createOrder', 'sendOrder']));
    expect((await listCommands(USER))[1]).toMatchObject({ order: { clientId }, summary: 'Enviar a autorización: Pedido nuevo (1 partida)', state: 'pending' });
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Enviar a autorización' })).not.toBeInTheDocument());
  });

  it('a refused new order offers «Corregir», which opens its form in Mis Pedidos, besides «Reintentar» and «Descartar»', async () => {
    const refusal = { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Revisa los datos del formulario', fields: { requiredDate: 'La fecha requerida no puede ser anterior a hoy' } } };
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines } }, 'Pedido nuevo (1 partida)');
    const { router } = start({ 'POST /orders': refusal });
    await waitFor(async () => expect((await listCommands(USER))[0]?.state).toBe('failed'));
    await userEvent.click(await screen.findByRole('button', { name: '1 cambio sin enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin enviar' });
    expect(await within(dialog).findByText('Revisa los datos del formulario: La fecha requerida no puede ser anterior a hoy')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Descartar' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Corregir' }));
    const seq = (await listCommands(USER))[0]?.seq;
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/pedidos/mis-pedidos?corregir=${seq}`));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cambios sin enviar' })).not.toBeInTheDocument());
  });

  it('a refused edit of a draft offers «Corregir» too, which opens the draft\'s form in Mis Pedidos', async () => {
    const refusal = { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Revisa los datos del formulario', fields: { requiredDate: 'La fecha requerida no puede ser anterior a hoy' } } };
    await enqueue(USER, { kind: 'updateOrder', order: { id: 4 }, version: 2, body: { requiredDate: '2026-01-15' } }, 'Cambios al pedido PED-9');
    const { router } = start({ 'PATCH /orders/4': refusal });
    await waitFor(async () => expect((await listCommands(USER))[0]?.state).toBe('failed'));
    await userEvent.click(await screen.findByRole('button', { name: '1 cambio sin enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin enviar' });
    expect(await within(dialog).findByText('Revisa los datos del formulario: La fecha requerida no puede ser anterior a hoy')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Corregir' }));
    const seq = (await listCommands(USER))[0]?.seq;
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/pedidos/mis-pedidos?corregir=${seq}`));
  });

  it('a conflict shows both sides and its ways out; «Descartar lo mío» drops the queued edit', async () => {
    const server = { id: 4, version: 3, folio: 'PED-9', lines: [...lines, ...lines], status: { name: 'Enviado' } };
    await enqueue(USER, { kind: 'updateOrder', order: { id: 4 }, version: 2, body: { lines } }, 'Cambios al pedido PED-9');
    const conflict = { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'El registro cambió desde que lo abriste; vuelve a cargarlo' } };
    start({ 'PATCH /orders/4': conflict, 'GET /orders/4': { status: 200, data: server } });
    await waitFor(async () => expect((await listCommands(USER))[0]?.state).toBe('conflict'));

    await userEvent.click(await screen.findByRole('button', { name: '1 cambio sin enviar' }));
    const section = within(await screen.findByRole('region', { name: 'Conflictos' }));
    expect(section.getByText('El registro cambió desde que lo abriste; vuelve a cargarlo')).toBeInTheDocument();
    expect(section.getByText('Lo mío (sin enviar)')).toBeInTheDocument();
    expect(section.getByText('En el servidor')).toBeInTheDocument();
    expect(section.getByText('PED-9')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Guardar lo mío como nuevo borrador' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Abrir el pedido actual' })).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Descartar lo mío' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    await waitFor(async () => expect(await listCommands(USER)).toEqual([]));
  });

  it('signing out with unsent changes warns how many, and leaving wipes them', async () => {
    await queueThree();
    start();
    await screen.findByRole('button', { name: '3 cambios sin enviar' });
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tienes 3 cambios sin enviar: si cierras sesión se perderán')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
    expect(await indexedDB.databases()).toEqual([]);
    await flushOutbox(USER);
    expect(await listCommands(USER)).toEqual([]);
  });

  it('on a phone without signal «Sin conexión» sits in a slim bar under the header, leaving the title its row', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setViewportWidth(390);
    start();
    const status = (await screen.findByText('Sin conexión', {}, { timeout: 15_000 })).closest<HTMLElement>('[role="status"]');
    const banner = screen.getByRole('banner');
    const titleRow = within(banner).getByRole('heading', { level: 1 }).parentElement?.parentElement;
    expect(banner).toContainElement(status);
    expect(titleRow).not.toContainElement(status);
    expect(titleRow).not.toHaveTextContent('Sin conexión');
  });

  it('on a wide screen without signal «Sin conexión» stays beside the title', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    start();
    const offline = await screen.findByText('Sin conexión', {}, { timeout: 15_000 });
    const titleRow = within(screen.getByRole('banner')).getByRole('heading', { level: 1 }).parentElement?.parentElement;
    expect(titleRow).toContainElement(offline);
    expect(offline.closest('[role="status"]')).toBeNull();
  });
});
