import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import { TwoFactorDialog } from '../../../src/features/auth/two-factor-dialog';
import { ADMIN_USER, permissionsFor, seedSession } from '../../fixtures';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/* «Verificación en dos pasos» → Llaves de acceso: removing one asks first, saying what it ends; the first one brings the recovery codes. */

// jsdom has no navigator.credentials: the browser's part is played here.
vi.mock('@simplewebauthn/browser', async (original) => ({ ...(await original<Record<string, unknown>>()), startRegistration: vi.fn() }));

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

describe('the first passkey', () => {
  it('shows the recovery codes it brings, once', async () => {
    seedSession({ user: ADMIN_USER, permissions: permissionsFor([]) });
    const codes = Array.from({ length: 10 }, (_, i) => `EEEE${String.fromCharCode(65 + i)}-FFFFF`);
    const created = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'Y2Q', attestationObject: 'YW8' }, clientExtensionResults: {} };
    vi.mocked(startRegistration).mockResolvedValue(created as never);
    const server = fakeApi({
      'GET /auth/mfa': { status: 200, data: { enabled: false, required: true, recoveryCodesLeft: 0, passkeysAvailable: true, passkeys: 0 } },
      'GET /auth/mfa/passkeys': { status: 200, data: { items: [] } },
      'POST /auth/mfa/passkeys/registration-options': { status: 200, data: { challenge: 'reto', rp: { name: 'GOC' } } },
      'POST /auth/mfa/passkeys': { status: 201, data: { id: 4, name: 'Laptop', backedUp: false, createdAt: '2026-11-28T16:00:00.000Z', lastUsedAt: null, recoveryCodes: codes } },
    });
    dispose = renderRoute(<TwoFactorDialog onHide={() => undefined} />, '/', server.adapter).dispose;
    fireEvent.change(await screen.findByLabelText(/Nombre de la llave/), { target: { value: 'Laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar llave de acceso' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(codes);
    expect(server.calls('POST', '/auth/mfa/passkeys')[0]?.body).toEqual({ name: 'Laptop', response: created });
  });
});
