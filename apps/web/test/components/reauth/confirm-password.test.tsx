import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { MFA_MESSAGES, PASSKEY_MESSAGES, REAUTHENTICATION_REQUIRED } from '@goc/contracts';
import { ConfirmPasswordHost } from '../../../src/components/reauth/confirm-password-host';
import { api } from '../../../src/lib/api/client';
import { renderRoute } from '../../crud/render-route';
import { seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';

/* «Confirma tu contraseña» (docs/security.md "Re-authentication"): a refused sensitive change is replayed once the password is confirmed. */

// jsdom has no navigator.credentials: the browser's part of a passkey is played here.
vi.mock('@simplewebauthn/browser', async (original) => ({ ...(await original<Record<string, unknown>>()), startAuthentication: vi.fn() }));
const SIGNED = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln' },
  clientExtensionResults: {},
} as const;
const STATUS = (passkeys: number) => ({ status: 200, data: { enabled: false, required: false, recoveryCodesLeft: 10, passkeysAvailable: true, passkeys } });

const REFUSED = { status: 403, data: { statusCode: 403, error: REAUTHENTICATION_REQUIRED, message: MFA_MESSAGES.reauthenticate } };

describe('re-authentication', () => {
  afterEach(() => document.body.replaceChildren());

  it('asks for the password, shows a wrong one, and replays the request after the right one', async () => {
    seedSession();
    let creations = 0;
    const server = mockAdapter({
      'POST /api-keys': () => (++creations === 1 ? REFUSED : { status: 201, data: { id: 1 } }),
      'POST /auth/reauthenticate': ({ body }) =>
        (body as { password: string }).password === 'correcta'
          ? { status: 204 }
          : { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'Revisa los datos marcados', fields: { password: MFA_MESSAGES.wrongPassword } } },
    });
    const view = renderRoute(<ConfirmPasswordHost />, '/', server.adapter);
    const request = api.post('/api-keys', { name: 'Contabilidad' });

    const dialog = await screen.findByRole('dialog', { name: 'Confirma tu contraseña' });
    // Without a passkey (here, no status at all) the password is the only way.
    expect(within(dialog).queryByRole('button', { name: 'Usar llave de acceso' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'otra');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(MFA_MESSAGES.wrongPassword)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Contraseña/));
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'correcta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    expect((await request).status).toBe(201);
    expect(server.to('POST /api-keys')).toHaveLength(2);
    expect(server.to('POST /auth/reauthenticate').map((r) => r.body)).toEqual([{ password: 'otra' }, { password: 'correcta' }]);
    view.dispose();
  });

  it('gives the refusal back when the person cancels', async () => {
    seedSession();
    const server = mockAdapter({ 'POST /roles': REFUSED });
    const view = renderRoute(<ConfirmPasswordHost />, '/', server.adapter);
    const request = api.post('/roles', {}).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: 'Confirma tu contraseña' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(((await request) as { response?: { status: number } }).response?.status).toBe(403);
    expect(server.to('POST /roles')).toHaveLength(1);
    view.dispose();
  });

  it('offers «Usar llave de acceso» to a person with a passkey: a refused answer shows the Spanish message, the next one replays the change', async () => {
    seedSession();
    let creations = 0;
    let answers = 0;
    const server = mockAdapter({
      'GET /auth/mfa': STATUS(1),
      'POST /api-keys': () => (++creations === 1 ? REFUSED : { status: 201, data: { id: 1 } }),
      'POST /auth/reauthenticate/passkey-options': { status: 200, data: { challenge: 'reto', rpId: 'localhost', allowCredentials: [] } },
      'POST /auth/reauthenticate': () =>
        ++answers === 1
          ? { status: 400, data: { statusCode: 400, error: 'Bad Request', message: PASSKEY_MESSAGES.failed, fields: { passkey: PASSKEY_MESSAGES.failed } } }
          : { status: 204 },
    });
    vi.mocked(startAuthentication).mockResolvedValue(SIGNED as never);
    const view = renderRoute(<ConfirmPasswordHost />, '/', server.adapter);
    const request = api.post('/api-keys', { name: 'Contabilidad' });

    const dialog = await screen.findByRole('dialog', { name: 'Confirma tu contraseña' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Usar llave de acceso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.failed);
    expect(server.to('POST /api-keys')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Usar llave de acceso' }));

    expect((await request).status).toBe(201);
    expect(server.to('POST /api-keys')).toHaveLength(2);
    expect(server.to('POST /auth/reauthenticate/passkey-options')).toHaveLength(2);
    expect(vi.mocked(startAuthentication).mock.calls[0]?.[0].optionsJSON).toMatchObject({ challenge: 'reto', rpId: 'localhost' });
    expect(server.to('POST /auth/reauthenticate').map((r) => r.body)).toEqual([{ passkey: SIGNED }, { passkey: SIGNED }]);
    view.dispose();
  });

  it('says so in Spanish when the person cancels the key, and the password still works', async () => {
    seedSession();
    const server = mockAdapter({
      'GET /auth/mfa': STATUS(2),
      'POST /roles': (() => {
        let n = 0;
        return () => (++n === 1 ? REFUSED : { status: 201, data: { id: 9 } });
      })(),
      'POST /auth/reauthenticate/passkey-options': { status: 200, data: { challenge: 'reto' } },
      'POST /auth/reauthenticate': { status: 204 },
    });
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('cancelado', 'NotAllowedError'));
    const view = renderRoute(<ConfirmPasswordHost />, '/', server.adapter);
    const request = api.post('/roles', {});
    const dialog = await screen.findByRole('dialog', { name: 'Confirma tu contraseña' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Usar llave de acceso' }));
    // jsdom cannot use passkeys at all, so the browser's refusal reads as «not supported».
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.unsupported);
    await userEvent.type(within(dialog).getByLabelText(/Contraseña/), 'correcta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect((await request).status).toBe(201);
    expect(server.to('POST /auth/reauthenticate').map((r) => r.body)).toEqual([{ password: 'correcta' }]);
    view.dispose();
  });
});
