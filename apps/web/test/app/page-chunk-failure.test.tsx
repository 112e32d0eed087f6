import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter } from '../mock-adapter';
import { renderApp } from '../render-app';

// The dashboard page's chunk cannot be downloaded (a dropped connection, a new deployment) until the test says.
let reachable = false;
vi.mock('../../src/features/dashboard/dashboard-page', async (importOriginal) => {
  if (!reachable) {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-page.js');
  }
  return importOriginal();
});

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

describe('a page whose chunk failed to download', () => {
  it('says so, and coming back to it tries the download again', async () => {
    const permissions = permissionsFor();
    seedSession({ permissions });
    const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissions } });
    const app = renderApp('/', server.adapter);
    teardown = app.cleanup;

    // (Vitest words the failed import its own way: the title is what is the same.)
    expect(await screen.findByRole('heading', { level: 2, name: 'No se pudo abrir esta página' }, { timeout: 10_000 })).toBeInTheDocument();
    reachable = true;
    await act(() => app.router.navigate('/preferencias'));
    await userEvent.click(await screen.findByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Hola, María' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
