import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionEntry, SessionUser } from '@goc/contracts';
import { ADMIN_USER, permissionsFor, seedSession } from '../fixtures';
import { mockAdapter, type MockReply } from '../mock-adapter';
import { renderApp } from '../render-app';
import { setViewportWidth } from '../setup';

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

function start(path: string, { user = ADMIN_USER, permissions = permissionsFor(), logout = { status: 204 } as MockReply } = {}) {
  seedSession({ permissions, user });
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: user },
    'GET /permissions': { status: 200, data: permissions },
    'POST /auth/logout': logout,
  });
  const app = renderApp(path, server.adapter);
  teardown = app.cleanup;
  return { ...app, server };
}

// The router loads the shell lazily; its first load (every module transformed) would otherwise fall
// inside the first test's wait for the page, which a busy CI machine stretches past it.
beforeAll(() => import('../../src/app/shell/shell-layout'), 60_000);

const nav = () => screen.getByRole('navigation', { name: 'Navegación principal' });

async function ready(title = 'Inicio') {
  await screen.findByRole('heading', { level: 1, name: title });
}

describe('sidebar (SPEC §2)', () => {
  it('shows the SPEC menu in order for a user with every permission, Salir at the bottom', async () => {
    start('/');
    await ready();
    const top = within(nav()).getAllByRole('listitem').filter((li) => li.parentElement?.parentElement === nav());
    expect(top.map((li) => li.querySelector('a, button')?.textContent)).toEqual(['Dashboard', 'Obras', 'Proyectos', 'Pedidos', 'Almacén de obra', 'Altas y Bajas', 'Configuración', 'Usuarios']);
    await userEvent.click(within(nav()).getByRole('button', { name: 'Configuración' }));
    const config = within(nav()).getByRole('button', { name: 'Configuración' }).closest('li')!;
    expect((await within(config).findAllByRole('link')).map((a) => a.textContent)).toEqual([
      'Categorías',
      'Categoria Materiales',
      'Empleados',
      'Empresas',
      'Estatus Alta',
      'Estatus Orden',
      'Estatus Timbre',
      'Estatus de Error',
      'Iconos',
      'Materiales',
      'Obra',
      'Permisos',
      'Proveedores',
      'Unidades',
      'Subcategoria',
      'Integraciones',
      'Respaldos',
      'Tareas en segundo plano',
    ]);
    expect(screen.getByRole('button', { name: 'Salir' })).toBeInTheDocument();
  });

  it('hides items without permission and groups without an allowed child', async () => {
    start('/', { permissions: [...permissionsFor(['history'], { view: true }), ...permissionsFor(['works', 'config_permissions', 'registry_office'], {})] });
    await ready();
    const labels = within(nav()).getAllByRole('link').map((a) => a.textContent);
    expect(labels).toEqual(['Dashboard']);
    expect(within(nav()).getByRole('button', { name: 'Pedidos' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Altas y Bajas' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Configuración' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
    await userEvent.click(within(nav()).getByRole('button', { name: 'Pedidos' }));
    expect(await within(nav()).findByRole('link', { name: 'Histórico' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Mis pedidos' })).not.toBeInTheDocument();
  });

  it('highlights the active item and opens its group on arrival', async () => {
    start('/catalogos/empresas');
    await ready('Empresas');
    const active = within(nav()).getByRole('link', { name: 'Empresas' });
    expect(active).toHaveAttribute('aria-current', 'page');
    expect(active.className).toContain('bg-blue-600');
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav()).getByRole('button', { name: 'Configuración' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('button', { name: 'Pedidos' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('remembers open and closed groups in sessionStorage', async () => {
    start('/catalogos/empresas');
    await ready('Empresas');
    fireEvent.click(within(nav()).getByRole('button', { name: 'Pedidos' }));
    fireEvent.click(within(nav()).getByRole('button', { name: 'Configuración' }));
    expect(JSON.parse(sessionStorage.getItem('goc.sidebar.groups')!)).toEqual({ pedidos: true, configuracion: false });
    teardown?.();
    teardown = null;
    // A later load in the same browser session keeps them.
    const again = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissionsFor() } });
    document.body.innerHTML = '';
    const app = renderApp('/catalogos/empresas', again.adapter);
    teardown = app.cleanup;
    await screen.findAllByRole('heading', { level: 1, name: 'Empresas' });
    const navs = screen.getAllByRole('navigation', { name: 'Navegación principal' });
    const latest = navs[navs.length - 1]!;
    expect(within(latest).getByRole('button', { name: 'Pedidos' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(latest).getByRole('button', { name: 'Configuración' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('collapses and expands on wide screens, remembered in sessionStorage', async () => {
    start('/');
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Contraer barra lateral' }));
    expect(sessionStorage.getItem('goc.sidebar.collapsed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Expandir barra lateral' })).toBeInTheDocument();
    // Labels stay for assistive technology.
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expandir barra lateral' }));
    expect(sessionStorage.getItem('goc.sidebar.collapsed')).toBe('false');
  });
});

describe('phone layout (below 768 px)', () => {
  it('the sidebar is a drawer opened by "Menú", with a backdrop, closed by navigation', async () => {
    setViewportWidth(390);
    const { router } = start('/');
    await ready();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contraer barra lateral' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Menú' }));
    const drawer = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(document.querySelector('.p-sidebar-mask.p-component-overlay')).not.toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Pedidos' }));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Mis pedidos' }));
    await screen.findByRole('heading', { level: 1, name: 'Mis Pedidos' });
    expect(router.state.location.pathname).toBe('/pedidos/mis-pedidos');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument());
  });

  it('the drawer closes with its close button', async () => {
    setViewportWidth(390);
    start('/');
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Menú' }));
    await screen.findByRole('navigation', { name: 'Navegación principal' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar el menú' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument());
  });

  it('768 px and wider keep the fixed sidebar', async () => {
    setViewportWidth(768);
    start('/');
    await ready();
    expect(nav()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menú' })).not.toBeInTheDocument();
  });
});

describe('header (SPEC §1)', () => {
  const withPhoto = (photoUrl: string | null): SessionUser => ({ ...ADMIN_USER, employee: { firstName: 'Luis', lastName: 'Pérez', photoUrl } });

  it('shows the page title, the employee firstName lastName and the role name', async () => {
    start('/pedidos/historico');
    await ready('Histórico de Pedidos');
    expect(screen.getByTestId('header-user-name')).toHaveTextContent('María González');
    expect(screen.getByTestId('header-user-role')).toHaveTextContent('Administrador');
  });

  it('uses the photo only when photoUrl starts with http', async () => {
    start('/', { user: withPhoto('https://fotos.example.mx/luis.jpg') });
    await ready();
    const header = screen.getByRole('banner');
    expect(header.querySelector('img')).toHaveAttribute('src', 'https://fotos.example.mx/luis.jpg');
  });

  it.each(['/uploads/luis.jpg', 'data:image/png;base64,AAAA', 'javascript:alert(1)', ''])('shows initials instead of photoUrl %j', async (photoUrl) => {
    start('/', { user: withPhoto(photoUrl) });
    await ready();
    const header = screen.getByRole('banner');
    expect(header.querySelector('img')).toBeNull();
    expect(within(header).getByText('LP')).toBeInTheDocument();
  });

  it('a user without employee shows the username', async () => {
    start('/', { user: { ...ADMIN_USER, employee: null } });
    await ready();
    expect(screen.getByTestId('header-user-name')).toHaveTextContent('admin');
  });

  it('the user menu holds Salir', async () => {
    start('/');
    await ready();
    await userEvent.click(screen.getByRole('button', { name: /^Opciones de la cuenta/ }));
    expect(await screen.findByRole('menuitem', { name: 'Salir', hidden: true })).toBeInTheDocument();
  });
});

describe('shell load', () => {
  it('refreshes the stored user and permissions from GET /auth/me and GET /permissions', async () => {
    const fresh: SessionUser = { ...ADMIN_USER, employee: { firstName: 'Ana', lastName: 'Ruiz', photoUrl: null }, role: { id: 2, name: 'Compras' } };
    const freshPermissions: PermissionEntry[] = permissionsFor(['history'], { view: true });
    seedSession({ permissions: permissionsFor() });
    const server = mockAdapter({ 'GET /auth/me': { status: 200, data: fresh }, 'GET /permissions': { status: 200, data: freshPermissions } });
    const app = renderApp('/', server.adapter);
    teardown = app.cleanup;
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    await waitFor(() => expect(screen.getByTestId('header-user-name')).toHaveTextContent('Ana Ruiz'));
    expect(screen.getByTestId('header-user-role')).toHaveTextContent('Compras');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: { name: 'Compras' } });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(freshPermissions));
    expect(within(nav()).queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
    expect(server.to('GET /auth/me')).toHaveLength(1);
  });
});

describe('logout (SPEC §2 logout confirmation)', () => {
  async function openLogout() {
    await userEvent.click(screen.getByRole('button', { name: 'Salir' }));
    return screen.findByRole('dialog');
  }

  it("asks 'Confirmar' / '¿Está seguro que desea cerrar sesión?' with Cancelar and Cerrar sesión", async () => {
    start('/');
    await ready();
    const dialog = await openLogout();
    expect(within(dialog).getByText('Confirmar')).toBeInTheDocument();
    expect(within(dialog).getByText('¿Está seguro que desea cerrar sesión?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('Cancelar closes the dialog and keeps the session', async () => {
    const { server } = start('/');
    await ready();
    await userEvent.click(within(await openLogout()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /auth/logout')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('Cerrar sesión posts /auth/logout {refreshToken}, clears the session keys and goes to /login', async () => {
    const { server, router } = start('/');
    localStorage.setItem('keep_session', 'true');
    await ready();
    await userEvent.click(within(await openLogout()).getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
    expect(router.state.location.pathname).toBe('/login');
    const [call] = server.to('POST /auth/logout');
    expect(call?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(call?.authorization).toBe('Bearer old-token');
    for (const key of ['token', 'refresh_token', 'user', 'keep_session', 'permissions']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('still logs out locally when the logout call fails', async () => {
    const { router } = start('/', { logout: { network: true } });
    await ready();
    await userEvent.click(within(await openLogout()).getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('the header menu Salir asks the same confirmation', async () => {
    start('/');
    await ready();
    await userEvent.click(screen.getByRole('button', { name: /^Opciones de la cuenta/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Salir', hidden: true }));
    expect(within(await screen.findByRole('dialog')).getByText('¿Está seguro que desea cerrar sesión?')).toBeInTheDocument();
  });
});
