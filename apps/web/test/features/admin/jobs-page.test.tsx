import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeadJob, JobQueue } from '@goc/contracts';
import JobsPage from '../../../src/features/admin/jobs-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';
import { setViewportWidth } from '../../setup';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  setViewportWidth(1366);
});

const QUEUES: JobQueue[] = [
  { queue: 'events:notifications', pending: 3, oldestPendingSeconds: 125, dead: 0 },
  { queue: 'events:webhooks', pending: 0, oldestPendingSeconds: null, dead: 1 },
];
const DEAD: DeadJob = {
  id: 41,
  queue: 'events:webhooks',
  key: 'orders:7',
  attempts: 15,
  lastError: 'el servicio respondió 500',
  createdAt: '2026-11-27T15:00:00.000Z',
  deadAt: '2026-11-27T16:30:00.000Z',
};

function start(options: { edit?: boolean } = {}): FakeApi {
  let dead = [DEAD];
  const server = fakeApi({
    'GET /admin/jobs': () => ({ status: 200, data: { queues: QUEUES, dead } }),
    'POST /admin/jobs/41/retry': () => {
      dead = [];
      return { status: 200, data: { ...DEAD, attempts: 0, deadAt: null } };
    },
    'DELETE /admin/jobs/41': () => {
      dead = [];
      return { status: 204, data: null };
    },
  });
  seedSession({ permissions: permissionsFor(['admin'], { view: true, create: false, edit: options.edit ?? true, delete: false }) });
  dispose = renderRoute(<JobsPage />, '/configuracion/tareas', server.adapter).dispose;
  return server;
}

describe('Configuración → Tareas en segundo plano', () => {
  it("shows each queue's backlog and oldest item, and each failed task with its last error in Mexico City time", async () => {
    start();
    const queues = await screen.findByRole('table', { name: 'Colas' });
    const notifications = within(queues).getByRole('rowheader', { name: 'events:notifications' }).closest('tr')!;
    expect(within(notifications).getByText('3')).toBeInTheDocument();
    expect(within(notifications).getByText('hace 2 min')).toBeInTheDocument();
    const failed = screen.getByRole('table', { name: 'Tareas fallidas' });
    const row = within(failed).getByRole('rowheader', { name: '27/11/26 10:30' }).closest('tr')!;
    expect(within(row).getByText('el servicio respondió 500')).toBeInTheDocument();
    expect(within(row).getByText('orders:7')).toBeInTheDocument();
  });

  it('«Reintentar» asks first, then sends it back to its queue and the list no longer shows it', async () => {
    const server = start();
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar la tarea 41' }));
    expect(server.calls('POST', '/admin/jobs/41/retry')).toHaveLength(0);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Reintentar la tarea' })).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Tarea de nuevo en la cola')).toBeInTheDocument();
    expect(server.calls('POST', '/admin/jobs/41/retry')).toHaveLength(1);
    expect(await screen.findByText('No hay tareas fallidas')).toBeInTheDocument();
  });

  it('«Descartar» asks first, saying it cannot be undone, then deletes it', async () => {
    const server = start();
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar la tarea 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar la tarea' });
    expect(within(dialog).getByText('La tarea de «events:webhooks» se borra sin ejecutarse. No se puede deshacer.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('Tarea descartada')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('DELETE', '/admin/jobs/41')).toHaveLength(1));
  });

  it('a viewer of the admin module sees the tasks but no actions', async () => {
    start({ edit: false });
    await screen.findByRole('table', { name: 'Tareas fallidas' });
    expect(screen.queryByRole('button', { name: 'Reintentar la tarea 41' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descartar la tarea 41' })).not.toBeInTheDocument();
  });
});
