import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MFA_MESSAGES, PASSKEY_MESSAGES } from '@goc/contracts';
import { ADMIN_USER, permissionsFor } from '../fixtures';
import { mockAdapter, type MockHandler, type MockReply } from '../mock-adapter';
import { renderApp } from '../render-app';
import { openLoginPage, submitLogin } from '../login-page';

/* The second step of /login (docs/security.md): a code, a recovery code, or the enrolment a role requires. */

let teardown: (() => void) | null = null;
afterEach(() => {
  teardown?.();
  teardown = null;
});

/** Inicio loads with the shell, on demand: its first load is slow on a busy machine. */
const home = () => screen.findByRole('heading', { level: 1, name: 'Inicio' }, { timeout: 20_000 });

const SESSION = { token: 'jwt-2', refreshToken: 'rt-2', user: ADMIN_USER };

async function start(login: MockReply, routes: Record<string, MockHandler | MockReply> = {}) {
  const view = await openLoginPage({ 'POST /auth/login': login, ...routes });
  teardown = view.cleanup;
  await submitLogin();
  return view;
}

describe('login with a second factor', () => {
  it('asks for the code after the password, stores no session until the code is right, then opens /', async () => {
    let attempts = 0;
    const { server, router } = await start(
      { status: 200, data: { mfaRequired: true, mfaToken: 'mfa-1', methods: ['totp'] } },
      {
        'POST /auth/mfa/verify': () => {
          attempts += 1;
          return attempts === 1
            ? { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: MFA_MESSAGES.wrongCode } }
            : { status: 200, data: SESSION };
        },
      },
    );
    const code = await screen.findByLabelText('Código de verificación');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(localStorage.getItem('token')).toBeNull();

    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MFA_MESSAGES.code)).toBeInTheDocument();
    expect(server.to('POST /auth/mfa/verify')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MFA_MESSAGES.wrongCode)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de verificación'), '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await home();
    expect(router.state.location.pathname).toBe('/');
    expect(server.to('POST /auth/mfa/verify').map((r) => r.body)).toEqual([
      { mfaToken: 'mfa-1', code: '111111' },
      { mfaToken: 'mfa-1', code: '222222' },
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-2');
    expect(localStorage.getItem('refresh_token')).toBe('rt-2');
  });

  it('takes a recovery code instead («Usar un código de recuperación»)', async () => {
    const { server } = await start({ status: 200, data: { mfaRequired: true, mfaToken: 'mfa-2', methods: ['totp'] } }, { 'POST /auth/mfa/verify': { status: 200, data: SESSION } });
    await userEvent.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await userEvent.type(screen.getByLabelText('Código de recuperación'), 'ABCDE-FGHIJ');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await home();
    expect(server.to('POST /auth/mfa/verify')[0]?.body).toEqual({ mfaToken: 'mfa-2', recoveryCode: 'ABCDE-FGHIJ' });
  });

  it('offers «Usar llave de acceso» to a person with a passkey, the code field only when they also have the app', async () => {
    const { server } = await start(
      { status: 200, data: { mfaRequired: true, mfaToken: 'mfa-4', methods: ['passkey'] } },
      { 'POST /auth/mfa/passkeys/authentication-options': { status: 200, data: { challenge: 'reto', rpId: 'localhost', allowCredentials: [] } } },
    );
    const use = await screen.findByRole('button', { name: 'Usar llave de acceso' });
    expect(screen.queryByLabelText('Código de verificación')).not.toBeInTheDocument();
    // jsdom has no navigator.credentials: the browser cannot use a passkey, and says so.
    await userEvent.click(use);
    expect(await screen.findByText(PASSKEY_MESSAGES.unsupported)).toBeInTheDocument();
    expect(server.to('POST /auth/mfa/passkeys/authentication-options').map((r) => r.body)).toEqual([{ mfaToken: 'mfa-4' }]);
    expect(server.to('POST /auth/mfa/verify')).toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('lets a person whose second factor is a passkey use a recovery code instead (a lost key)', async () => {
    const { server } = await start({ status: 200, data: { mfaRequired: true, mfaToken: 'mfa-8', methods: ['passkey'] } }, { 'POST /auth/mfa/verify': { status: 200, data: SESSION } });
    expect(screen.queryByLabelText('Código de recuperación')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await userEvent.type(screen.getByLabelText('Código de recuperación'), 'KLMNO-PQRST');
    // No app to go back to.
    expect(screen.queryByRole('button', { name: 'Usar el código de mi aplicación' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await home();
    expect(server.to('POST /auth/mfa/verify').map((r) => r.body)).toEqual([{ mfaToken: 'mfa-8', recoveryCode: 'KLMNO-PQRST' }]);
  });

  it('shows both ways when the person has a passkey and the app', async () => {
    await start({ status: 200, data: { mfaRequired: true, mfaToken: 'mfa-5', methods: ['totp', 'passkey'] } });
    expect(await screen.findByRole('button', { name: 'Usar llave de acceso' })).toBeInTheDocument();
    expect(screen.getByLabelText('Código de verificación')).toBeInTheDocument();
  });

  it('asks for the second factor after the company’s account too', async () => {
    window.history.replaceState(null, '', '/login#oidc=codigo-1');
    const server = mockAdapter({
      'POST /auth/oidc/exchange': { status: 200, data: { mfaRequired: true, mfaToken: 'mfa-6', methods: ['totp'] } },
      'POST /auth/mfa/verify': { status: 200, data: SESSION },
      'GET /auth/me': { status: 200, data: ADMIN_USER },
      'GET /permissions': { status: 200, data: permissionsFor() },
    });
    const app = renderApp('/login', server.adapter);
    teardown = app.cleanup;
    await userEvent.type(await screen.findByLabelText('Código de verificación'), '444444');
    expect(localStorage.getItem('token')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await home();
    expect(server.to('POST /auth/oidc/exchange').map((r) => r.body)).toEqual([{ code: 'codigo-1' }]);
    expect(server.to('POST /auth/mfa/verify').map((r) => r.body)).toEqual([{ mfaToken: 'mfa-6', code: '444444' }]);
  });

  it('sends an ended verification back to the password', async () => {
    await start(
      { status: 200, data: { mfaRequired: true, mfaToken: 'mfa-3', methods: ['totp'] } },
      { 'POST /auth/mfa/verify': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: MFA_MESSAGES.challengeEnded } } },
    );
    await userEvent.type(await screen.findByLabelText('Código de verificación'), '333333');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(MFA_MESSAGES.challengeEnded)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(await screen.findByLabelText('Contraseña')).toBeInTheDocument();
  });

  it('enrols first when the role requires it: QR and secret, the first code, the recovery codes once, then the session', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA${String.fromCharCode(65 + i)}-BBBBB`);
    const { server } = await start(
      { status: 200, data: { mfaEnrollmentRequired: true, mfaToken: 'mfa-4' } },
      {
        'POST /auth/mfa/totp/setup': { status: 200, data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/GOC:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=GOC' } },
        'POST /auth/mfa/totp/confirm': { status: 200, data: { recoveryCodes: codes, session: SESSION } },
      },
    );
    expect(await screen.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByTitle('Código QR para tu aplicación de autenticación').closest('svg')).not.toBeNull();
    await userEvent.type(screen.getByLabelText('Código de verificación'), '444444');
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const list = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(localStorage.getItem('token')).toBeNull();
    expect(server.to('POST /auth/mfa/totp/setup')[0]?.body).toEqual({ mfaToken: 'mfa-4' });
    expect(server.to('POST /auth/mfa/totp/confirm')[0]?.body).toEqual({ code: '444444', mfaToken: 'mfa-4' });
    await userEvent.click(screen.getByRole('button', { name: 'Ya los guardé, continuar' }));
    await home();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-2'));
  });
});
