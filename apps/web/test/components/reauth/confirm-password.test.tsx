import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MFA_MESSAGES, REAUTHENTICATION_REQUIRED } from '@goc/contracts';
import { ConfirmPasswordHost } from '../../../src/components/reauth/confirm-password-host';
import { api } from '../../../src/lib/api/client';
import { renderRoute } from '../../crud/render-route';
import { seedSession } from '../../fixtures';
import { mockAdapter } from '../../mock-adapter';

/* «Confirma tu contraseña» (docs/security.md "Re-authentication"): a refused sensitive change is replayed once the password is confirmed. */

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
});
