import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TwoFactorDialog } from '../../../src/features/auth/two-factor-dialog';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/* «Verificación en dos pasos» → Llaves de acceso: removing one asks first, saying what it ends. */

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start() {
  seedSession({ user: ADMIN_USER, permissions: permissionsFor([]) });
  const server = fakeApi({
    'GET /auth/mfa': { status: 200, data: { enabled: true, required: false, recoveryCodesLeft: 10, passkeysAvailable: true, passkeys: 1 } },
    'GET /auth/mfa/passkeys': { status: 200, data: { items: [{ id: 3, name: 'Teléfono', backedUp: true, createdAt: '2026-11-20T16:00:00.000Z', lastUsedAt: null }] } },
    'DELETE /auth/mfa/passkeys/3': { status: 204 },
  });
  dispose = renderRoute(<TwoFactorDialog onHide={() => undefined} />, '/', server.adapter).dispose;
  return server;
}

describe('removing a passkey', () => {
  it('asks first; «Cancelar» keeps it, «Quitar» removes it', async () => {
    const server = start();
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar Teléfono' }));
    const ask = await screen.findByRole('dialog', { name: 'Quitar llave de acceso' });
    expect(within(ask).getByText('¿Quitar la llave «Teléfono»? Ya no servirá para entrar a GOC.')).toBeInTheDocument();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quitar llave de acceso' })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/auth/mfa/passkeys/3')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar Teléfono' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Quitar llave de acceso' })).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(server.calls('DELETE', '/auth/mfa/passkeys/3')).toHaveLength(1));
  });
});
