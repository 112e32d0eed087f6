import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { SessionKeeperHost } from '../../src/app/shell/session-keeper';
import { PrimeProvider } from '../../src/components/prime/prime-provider';
import { expireSession, setLoginRedirect } from '../../src/lib/api/session-expiry';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { fakeApi } from '../crud/fake-api';
import { mockAdapter } from '../mock-adapter';
import { renderApp, renderRouter } from '../render-app';
import { fakeClock, jwt, MINUTE } from '../session-tokens';

// docs/spec.md "Session renewal" (an addition to SPEC §4): the warning, «Seguir conectado», the
// inactivity end, and the form given back after signing in again.

vi.setConfig({ testTimeout: 90_000 });
// The whole app loads its lazy pages here: on a busy machine that takes more than the default.
configure({ asyncUtilTimeout: 20_000 });

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
  vi.unstubAllGlobals();
});

function keeperAt(start: number, idleMinutes: number) {
  fakeClock(start);
  localStorage.setItem('token', jwt({ expiresAt: start + 15 * MINUTE, idleMinutes }));
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
  let n = 0;
  const server = mockAdapter({
    'POST /auth/refresh': () => ({ status: 200, data: { token: jwt({ expiresAt: Date.now() + 15 * MINUTE, idleMinutes, n: ++n }), refreshToken: `refresh-${n + 1}` } }),
  });
  const logouts: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url === '/api/v2/auth/logout') logouts.push(JSON.parse(String(init.body)));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  const toLogin = vi.fn();
  const restoreRedirect = setLoginRedirect(toLogin);
  const view = renderRouter(server.adapter, () => createMemoryRouter([{ path: '*', element: <PrimeProvider><SessionKeeperHost /></PrimeProvider> }], { initialEntries: ['/pedidos/historico'] }));
  teardown = () => {
    restoreRedirect();
    view.unmount();
    view.router.dispose();
  };
  return { refreshes: () => server.requests.filter((r) => r.url === '/auth/refresh'), toLogin, logouts };
}

describe('the inactivity warning', () => {
  it('2 minutes before the end: «Tu sesión terminará en 2:00 por inactividad», counting down, focus on «Seguir conectado», which renews', async () => {
    const start = Date.UTC(2026, 2, 2, 15, 0);
    const session = keeperAt(start, 20);
    await act(() => vi.advanceTimersByTimeAsync(18 * MINUTE));
    const dialog = await screen.findByRole('dialog', { name: 'Sesión inactiva' });
    expect(dialog).toHaveTextContent('Tu sesión terminará en 2:00 por inactividad');
    const stay = within(dialog).getByRole('button', { name: 'Seguir conectado' });
    await waitFor(() => expect(stay).toHaveFocus());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(dialog).toHaveTextContent('Tu sesión terminará en 1:59 por inactividad');

    const before = session.refreshes().length;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sesión inactiva' })).not.toBeInTheDocument());
    await waitFor(() => expect(session.refreshes()).toHaveLength(before + 1));
    // The end moved: 20 minutes from the click.
    await act(() => vi.advanceTimersByTimeAsync(17 * MINUTE));
    expect(session.toLogin).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('without activity the session ends after GOC_IDLE_MINUTES: storage wiped, the login revoked, /login', async () => {
    const start = Date.UTC(2026, 2, 3, 15, 0);
    const session = keeperAt(start, 30);
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE - 1000));
    expect(session.toLogin).not.toHaveBeenCalled();
    const refreshToken = localStorage.getItem('refresh_token');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(session.toLogin).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(session.logouts).toEqual([{ refreshToken }]);
  });
});

describe('the shell opening counts as activity', () => {
  function mountKeeper() {
    const server = mockAdapter({});
    const view = renderRouter(server.adapter, () => createMemoryRouter([{ path: '*', element: <PrimeProvider><SessionKeeperHost /></PrimeProvider> }], { initialEntries: ['/'] }));
    teardown = () => {
      view.unmount();
      view.router.dispose();
    };
  }

  it('while signed in', () => {
    fakeClock(Date.UTC(2026, 2, 4, 15, 0));
    localStorage.setItem('token', jwt({ expiresAt: Date.now() + 15 * MINUTE, idleMinutes: 30 }));
    mountKeeper();
    expect(localStorage.getItem('goc.session.lastActivity')).toBe(String(Date.now()));
  });

  it('not once a 401 has ended the session: the wiped storage stays empty', () => {
    fakeClock(Date.UTC(2026, 2, 4, 16, 0));
    mountKeeper();
    expect(localStorage.length).toBe(0);
  });
});

describe('what was typed survives the end of the session', () => {
  function unitsApp(user = ADMIN_USER) {
    seedSession({ permissions: permissionsFor() });
    const server = fakeApi({
      'GET /units': { status: 200, data: { items: [], total: 0, page: 1, pageSize: 25 } },
      'GET /auth/me': { status: 200, data: user },
      'GET /permissions': { status: 200, data: permissionsFor() },
      'POST /auth/login': { status: 200, data: { token: 'new-token', refreshToken: 'refresh-new', user } },
    });
    const app = renderApp('/catalogos/unidades', server.adapter);
    teardown = app.cleanup;
    return { ...app, server };
  }

  async function typeNewUnit() {
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo' }));
    const form = await screen.findByRole('dialog', { name: 'Nueva unidad' });
    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Metro cúbico');
  }

  async function signIn() {
    await userEvent.type(await screen.findByLabelText('Usuario'), 'admin');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
  }

  it('a 401 ends it: /login?next= the page, and after signing in the dialog opens again with the values', async () => {
    const { router } = unitsApp();
    await typeNewUnit();

    act(() => expireSession());

    await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=%2Fcatalogos%2Funidades');
    expect(screen.getByRole('status')).toHaveTextContent('Tu sesión terminó. Inicia sesión de nuevo para recuperar lo que estabas capturando.');
    await signIn();

    const form = await screen.findByRole('dialog', { name: 'Nueva unidad' });
    expect(router.state.location.pathname).toBe('/catalogos/unidades');
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Metro cúbico');
    expect(await screen.findByText('Recuperamos lo que estabas capturando')).toBeInTheDocument();
    // Still unsaved changes: leaving asks first.
    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('dialog', { name: '¿Descartar los cambios?' })).toBeInTheDocument();
  });

  it('someone else signing in on the same tab gets none of it', async () => {
    const other = { ...ADMIN_USER, id: 2, username: 'compras' };
    const { router } = unitsApp(other);
    await typeNewUnit();
    act(() => expireSession('idle'));
    expect(await screen.findByRole('status')).toHaveTextContent('Tu sesión terminó por inactividad.');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalogos/unidades'));
    await screen.findByRole('button', { name: 'Nuevo' });
    expect(screen.queryByRole('dialog', { name: 'Nueva unidad' })).not.toBeInTheDocument();
  });
});
