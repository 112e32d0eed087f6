import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_USER, permissionsFor } from './fixtures';
import { mockAdapter, type MockHandler, type MockReply } from './mock-adapter';
import { renderApp } from './render-app';

/**
 * The app opened at /login over a fake API that answers `routes` (the login's among them) and, once
 * signed in, the administrator's user and permissions; resolves when the page's heading shows.
 */
export async function openLoginPage(routes: Record<string, MockHandler | MockReply>) {
  const server = mockAdapter({
    'GET /auth/me': { status: 200, data: ADMIN_USER },
    'GET /permissions': { status: 200, data: permissionsFor() },
    ...routes,
  });
  const app = renderApp('/login', server.adapter);
  await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
  return { ...app, server };
}

/** Types the administrator's user and a password into the login form and submits it. */
export async function submitLogin(): Promise<void> {
  await userEvent.type(screen.getByLabelText('Usuario'), 'admin');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'Secreta-2026!');
  await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}
