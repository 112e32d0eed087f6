import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter } from '../mock-adapter';
import { renderApp } from '../render-app';

// The dashboard page's chunk arrives when the test says: the shell must not wait for it.
let deliverPage: () => void = () => {};
const pageArrives = new Promise<void>((resolve) => (deliverPage = resolve));
vi.mock('../../src/features/dashboard/dashboard-page', async (importOriginal) => {
  await pageArrives;
  return importOriginal();
});

// The shell and what it defers, loaded ahead: once let through, the bell asks for its list at once.
beforeAll(() => Promise.all([import('../../src/app/shell/shell-layout'), import('../../src/features/notifications/notification-bell'), import('../../src/app/offline/outbox-status')]), 60_000);

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

describe('a page whose chunks are still loading', () => {
  it('shows the shell and the page title at once, holds the bell until the page has drawn, then shows the page', async () => {
    // Fake clocks that still run: the shell's settle waits (frame, idle, cap) are jumped over below.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const permissions = permissionsFor();
    seedSession({ permissions });
    const server = mockAdapter({
      'GET /auth/me': { status: 200, data: ADMIN_USER },
      'GET /permissions': { status: 200, data: permissions },
      'GET /notifications': { status: 200, data: { items: [], total: 0, page: 1, pageSize: 15, unread: 0 } },
    });
    const app = renderApp('/', server.adapter);
    teardown = app.cleanup;

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: /^Hola/ })).not.toBeInTheDocument();
    // Well past the shell's settle waits, short of their cap: a page still loading keeps the bell back.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(server.to('GET /notifications')).toHaveLength(0);

    deliverPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hola, María' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Cargando…' })).not.toBeInTheDocument();
    // The page has drawn: the bell follows.
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await vi.waitFor(() => expect(server.to('GET /notifications')).toHaveLength(1));
  });
});
