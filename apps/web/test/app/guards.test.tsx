import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MODULES, ROUTE_LIST, ROUTES, routePath, TITLE_PREFIX } from '@goc/contracts';
import { guardLoader, guardRedirect, shellLoader } from '../../src/app/guards';
import { api } from '../../src/lib/api/client';
import { queryKeys } from '../../src/lib/api/query-keys';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter } from '../mock-adapter';
import { renderApp } from '../render-app';

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

function start(path: string, permissions = permissionsFor()) {
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissions },
  });
  const app = renderApp(path, server.adapter);
  teardown = app.cleanup;
  return { ...app, server };
}

/** A concrete URL for every route of the table (the cut detail needs an id). */
const url = (key: (typeof ROUTE_LIST)[number]['key']) => routePath(key, { cutId: 47 });

describe('guardRedirect (SPEC §6)', () => {
  const all = permissionsFor();

  it('without a token every route except /login goes to /login', () => {
    for (const route of ROUTE_LIST) expect(guardRedirect(route, false, all)).toBe(route.public ? null : '/login');
  });

  it('with a token /login goes to /', () => {
    expect(guardRedirect(ROUTES.login, true)).toBe('/');
  });

  it('the home page needs no permission', () => {
    expect(guardRedirect(ROUTES.home, true, [])).toBeNull();
  });

  it('a route naming a module and action without that permission goes to /', () => {
    for (const route of ROUTE_LIST.filter((r) => 'permission' in r)) {
      expect(guardRedirect(route, true, [])).toBe('/');
      expect(guardRedirect(route, true, all)).toBeNull();
    }
  });

  it('Usuarios needs config_permissions; Crear Oficina needs registry_office create', () => {
    expect(guardRedirect(ROUTES.users, true, permissionsFor(['config_permissions'], { view: true }))).toBeNull();
    expect(guardRedirect(ROUTES.users, true, permissionsFor(MODULES.map((m) => m.name).filter((m) => m !== 'config_permissions')))).toBe('/');
    expect(guardRedirect(ROUTES.registryOfficeCreate, true, permissionsFor(['registry_office'], { view: true, edit: true }))).toBe('/');
  });
});

describe('guardLoader', () => {
  it("starts the page's prefetch with the address once the user may open the route, never before a redirect", async () => {
    const queryClient = new QueryClient();
    const prefetch = vi.fn();
    const request = new Request('http://localhost/?q=abc');
    await expect(guardLoader(ROUTES.home, queryClient, prefetch)({ request })).rejects.toMatchObject({ status: 302 });
    expect(prefetch).not.toHaveBeenCalled();
    seedSession();
    await guardLoader(ROUTES.home, queryClient, prefetch)({ request });
    expect(prefetch).toHaveBeenCalledWith(queryClient, new URL('http://localhost/?q=abc'));
  });
});

describe('shellLoader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the user and the permissions at once with fetch, before the HTTP client loads, and the queries keep the parsed answers', async () => {
    seedSession();
    const permissions = permissionsFor(['works']);
    const fetch = vi.fn(async (url: string) => ({ ok: true, json: async () => (url.endsWith('/auth/me') ? ADMIN_USER : permissions) }) as Response);
    vi.stubGlobal('fetch', fetch);
    const server = mockAdapter({});
    api.defaults.adapter = server.adapter;
    const queryClient = new QueryClient();
    shellLoader(queryClient)();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/v2/auth/me', '/api/v2/permissions']);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.permissions)).toEqual(permissions));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject(ADMIN_USER));
    expect(JSON.parse(localStorage.getItem('permissions') ?? 'null')).toEqual(permissions);
    expect(server.requests).toEqual([]);
  });

  it('an early request that failed (an expired token, no network) is asked again through the HTTP client', async () => {
    seedSession();
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: false }) as Response));
    const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissionsFor() } });
    api.defaults.adapter = server.adapter;
    const queryClient = new QueryClient();
    shellLoader(queryClient)();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.permissions)).toEqual(permissionsFor()));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject(ADMIN_USER));
    expect(server.requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /auth/me', 'GET /permissions']);
  });

  it('asks for nothing without a session', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    shellLoader(new QueryClient())();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('router with guards, titles and the shell', () => {
  it.each(ROUTE_LIST.filter((r) => !r.public).map((r) => [r.key, r.title] as const))('%s opens with its title "%s"', async (key, title) => {
    seedSession({ permissions: permissionsFor() });
    const { router } = start(url(key));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url(key));
    await waitFor(() => expect(document.title).toBe(TITLE_PREFIX + title));
  });

  it('without a token a shell route goes to /login, titled Iniciar Sesión', async () => {
    const { router } = start('/catalogos/empresas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('GOC | Iniciar Sesión'));
  });

  it('with a token /login goes to /', async () => {
    seedSession({ permissions: permissionsFor() });
    const { router } = start('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('fetches the permissions for a guarded route and sends a user without them to /', async () => {
    seedSession({ permissions: permissionsFor() });
    // The stored permissions say yes; the server says no: the server wins.
    const { router, server } = start('/usuarios', permissionsFor(['works'], { view: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.to('GET /permissions').length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the permissions for the session: no refetch on a path or search change', async () => {
    seedSession({ permissions: permissionsFor() });
    const { router, server } = start('/negocios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    await waitFor(() => expect(server.to('GET /permissions').length).toBeGreaterThanOrEqual(1));
    const settled = server.to('GET /permissions').length;
    await router.navigate('/negocios?page=2&sort=name');
    expect(router.state.location.search).toBe('?page=2&sort=name');
    await router.navigate('/mis-proyectos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Proyectos' })).toBeInTheDocument();
    expect(server.to('GET /permissions')).toHaveLength(settled);
  });

  it('a 403 from the API invalidates them: the server is asked again and its answer guards the next route', async () => {
    seedSession({ permissions: permissionsFor() });
    // The role loses everything but Obras once the API has refused something.
    let refused = false;
    const server = mockAdapter({
      'GET /auth/me': { status: 200, data: ADMIN_USER },
      'GET /permissions': () => ({ status: 200, data: refused ? permissionsFor(['works'], { view: true }) : permissionsFor() }),
      'GET /units': () => {
        refused = true;
        return { status: 403, data: { statusCode: 403, error: 'Forbidden', message: 'No tienes permiso para realizar esta acción' } };
      },
    });
    const app = renderApp('/negocios', server.adapter);
    teardown = app.cleanup;
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    await waitFor(() => expect(server.to('GET /permissions').length).toBeGreaterThanOrEqual(1));
    const settled = server.to('GET /permissions').length;

    await expect(app.queryClient.fetchQuery({ queryKey: ['units'], queryFn: () => api.get('/units') })).rejects.toThrow();
    await waitFor(() => expect(server.to('GET /permissions')).toHaveLength(settled + 1));
    await app.router.navigate('/usuarios');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });

  it('unknown paths go to /', async () => {
    seedSession({ permissions: permissionsFor() });
    const { router } = start('/no/existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('unknown paths without a token end at /login', async () => {
    const { router } = start('/no/existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a permission check answered 401 without keep_session ends at /login with storage wiped', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = mockAdapter({
      'GET /auth/me': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'x' } },
      'GET /permissions': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'x' } },
    });
    const app = renderApp('/catalogos/empresas', server.adapter);
    teardown = app.cleanup;
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a guard that cannot reach the server (no signal) opens the page with the permissions kept at sign-in (docs/offline.md)', async () => {
    seedSession({ permissions: permissionsFor() });
    const server = mockAdapter({ 'GET /auth/me': { network: true }, 'GET /permissions': { network: true } });
    const app = renderApp('/catalogos/empresas', server.adapter);
    teardown = app.cleanup;
    expect(await screen.findByRole('heading', { level: 1, name: 'Empresas' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/catalogos/empresas');
    expect(screen.queryByText('No se pudo abrir esta página')).not.toBeInTheDocument();
  });

  it('without signal, a route the kept permissions do not open goes to Inicio', async () => {
    seedSession({ permissions: permissionsFor(['my_orders']) });
    const server = mockAdapter({ 'GET /auth/me': { network: true }, 'GET /permissions': { network: true } });
    const app = renderApp('/catalogos/empresas', server.adapter);
    teardown = app.cleanup;
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });
});
