import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';
import { renderApp } from '../../render-app';

vi.setConfig({ testTimeout: 60_000 });

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

describe('header user menu', () => {
  it('offers "Cambiar contraseña" to every user, even one without any permission', async () => {
    seedSession({ permissions: [] });
    const server = mockAdapter({ 'GET /auth/me': { status: 200, data: ADMIN_USER }, 'GET /permissions': { status: 200, data: permissionsFor([], {}) } });
    const app = renderApp('/', server.adapter);
    teardown = app.cleanup;
    fireEvent.click(await screen.findByRole('button', { name: /^Opciones de la cuenta/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cambiar contraseña' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    expect(within(dialog).getByLabelText(/^Contraseña actual/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Nueva contraseña/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Confirma la nueva contraseña/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
  });
});
