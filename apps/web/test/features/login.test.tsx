import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_USER, permissionsFor } from '../fixtures';
import { mockAdapter, type MockReply } from '../mock-adapter';
import { renderApp } from '../render-app';

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

const LOGIN_OK: MockReply = { status: 200, data: { token: 'jwt-1', refreshToken: 'rt-1', user: ADMIN_USER } };

async function start(loginReply: MockReply = LOGIN_OK) {
  const server = mockAdapter({
    'POST /auth/login': loginReply,
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissionsFor() },
  });
  const app = renderApp('/login', server.adapter);
  teardown = app.cleanup;
  await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
  return { ...app, server };
}

async function fill(username: string, password: string, keep = false) {
  if (username) await userEvent.type(screen.getByLabelText('Usuario'), username);
  if (password) await userEvent.type(screen.getByLabelText('Contraseña'), password);
  if (keep) await userEvent.click(screen.getByLabelText('Mantener sesión iniciada'));
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('login page (SPEC §2 /login)', () => {
  it('has usuario, a masked password with a show toggle and no strength meter, and the keep-session checkbox', async () => {
    await start();
    await waitFor(() => expect(document.title).toBe('GOC | Iniciar Sesión'));
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = password.parentElement!.querySelector('svg, .p-icon, i')!;
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.type(password, 'x');
    expect(document.querySelector('.p-password-meter')).toBeNull();
    expect(screen.getByLabelText('Mantener sesión iniciada')).not.toBeChecked();
  });

  it('validates on the client with the contracts schema messages, without calling the API', async () => {
    const { server } = await start();
    await fill('', '');
    // The schema loads on demand (with the first keystroke or the first submit).
    expect(await screen.findByText('Ingresa tu usuario')).toBeInTheDocument();
    expect(screen.getByText('Ingresa tu contraseña')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('stores token, refresh_token and user, leaves keep_session off, and opens /', async () => {
    const { server, router } = await start();
    await fill('admin', 'Secreta-2026!');
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
    expect(server.to('POST /auth/login')[0]?.body).toEqual({ username: 'admin', password: 'Secreta-2026!' });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('refresh_token')).toBe('rt-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(ADMIN_USER);
    expect(localStorage.getItem('keep_session')).not.toBe('true');
  });

  it("'Mantener sesión iniciada' stores keep_session = 'true'", async () => {
    await start();
    await fill('admin', 'Secreta-2026!', true);
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    expect(localStorage.getItem('keep_session')).toBe('true');
  });

  it('wrong credentials show the API message', async () => {
    await start({ status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'Usuario o contraseña incorrectos' } });
    await fill('admin', 'mala');
    expect(await screen.findByText('Usuario o contraseña incorrectos')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a locked or throttled account shows the 429 message', async () => {
    await start({ status: 429, data: { statusCode: 429, error: 'Too Many Requests', message: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.' } });
    await fill('admin', 'mala');
    expect(await screen.findByText('Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.')).toBeInTheDocument();
  });

  it.each([{ network: true } as const, { status: 502, data: '<html>Bad Gateway</html>' }])('an unreachable server says so (%j)', async (reply) => {
    await start(reply);
    await fill('admin', 'Secreta-2026!');
    expect(await screen.findByText('No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.')).toBeInTheDocument();
  });

  it('a 429 without a body still gets a Spanish message', async () => {
    await start({ status: 429, data: '' });
    await fill('admin', 'mala');
    expect(await screen.findByText('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.')).toBeInTheDocument();
  });
});
