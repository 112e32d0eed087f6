import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { MFA_MESSAGES, PASSKEY_MESSAGES } from '@goc/contracts';
import { ADMIN_USER } from '../../fixtures';
import type { MockHandler, MockReply } from '../../mock-adapter';
import { openLoginPage, submitLogin } from '../../login-page';

/* The enrolment a role requires, with a passkey instead of the app (docs/security.md «Llaves de acceso»). */

// jsdom has no navigator.credentials: the browser's part is played here.
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
}));
const CREATED = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'Y2Q', attestationObject: 'YW8', transports: ['internal'] },
  clientExtensionResults: {},
} as const;
const OPTIONS = { challenge: 'reto-1', rp: { id: 'localhost', name: 'GOC' }, user: { id: 'MQ', name: 'admin', displayName: 'admin' }, pubKeyCredParams: [] };
const SESSION = { token: 'jwt-3', refreshToken: 'rt-3', user: ADMIN_USER };
const CODES = Array.from({ length: 10 }, (_, i) => `CCCC${String.fromCharCode(65 + i)}-DDDDD`);
const TOTP_SETUP = { status: 200, data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/GOC:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=GOC' } };

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
  vi.mocked(startRegistration).mockReset();
});

async function start(routes: Record<string, MockHandler | MockReply>) {
  const view = await openLoginPage({
    'POST /auth/login': { status: 200, data: { mfaEnrollmentRequired: true, mfaToken: 'mfa-7' } },
    'POST /auth/mfa/totp/setup': TOTP_SETUP,
    ...routes,
  });
  teardown = view.cleanup;
  await submitLogin();
  return view.server;
}

describe('enrolling with a passkey when the role requires two-factor', () => {
  it('offers the passkey beside the app; a failed try asks for a new challenge; then the recovery codes once and the session', async () => {
    let challenges = 0;
    let answers = 0;
    const server = await start({
      'POST /auth/mfa/enroll/passkey-options': () => ({ status: 200, data: { ...OPTIONS, challenge: `reto-${++challenges}` } }),
      'POST /auth/mfa/enroll/passkey': () =>
        ++answers === 1
          ? { status: 400, data: { statusCode: 400, error: 'Bad Request', message: PASSKEY_MESSAGES.failed, fields: { response: PASSKEY_MESSAGES.failed } } }
          : { status: 200, data: { recoveryCodes: CODES, session: SESSION } },
    });
    vi.mocked(startRegistration).mockResolvedValue(CREATED as never);
    // Both ways: the app's QR and the passkey.
    expect(await screen.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    const name = await screen.findByLabelText('Nombre de la llave');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar llave de acceso' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.name)).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();

    await userEvent.type(name, 'Llave USB');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar llave de acceso' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.failed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Registrar llave de acceso' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Registrar llave de acceso' }));

    const list = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(localStorage.getItem('token')).toBeNull();
    expect(vi.mocked(startRegistration).mock.calls.map(([arg]) => arg.optionsJSON.challenge)).toEqual(['reto-1', 'reto-2']);
    expect(server.to('POST /auth/mfa/enroll/passkey-options').map((r) => r.body)).toEqual([{ mfaToken: 'mfa-7' }, { mfaToken: 'mfa-7' }]);
    expect(server.to('POST /auth/mfa/enroll/passkey').map((r) => r.body)).toEqual([
      { mfaToken: 'mfa-7', name: 'Llave USB', response: CREATED },
      { mfaToken: 'mfa-7', name: 'Llave USB', response: CREATED },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Ya los guardé, continuar' }));
    await screen.findByRole('heading', { level: 1, name: 'Inicio' }, { timeout: 20_000 });
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-3'));
  });

  it('offers only the app when this site has no passkeys (409), and sends an ended sign-in back to the password', async () => {
    const server = await start({
      'POST /auth/mfa/enroll/passkey-options': { status: 409, data: { statusCode: 409, error: 'Conflict', message: PASSKEY_MESSAGES.notConfigured } },
      'POST /auth/mfa/totp/confirm': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: MFA_MESSAGES.challengeEnded } },
    });
    expect(await screen.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await waitFor(() => expect(server.to('POST /auth/mfa/enroll/passkey-options')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Registrar llave de acceso' })).not.toBeInTheDocument());
    expect(screen.queryByText(PASSKEY_MESSAGES.notConfigured)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificación'), '555555');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText(MFA_MESSAGES.challengeEnded)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(await screen.findByLabelText('Contraseña')).toBeInTheDocument();
  });
});
