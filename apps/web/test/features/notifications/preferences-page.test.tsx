import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES } from '@goc/contracts';
import PreferencesPage from '../../../src/features/notifications/preferences-page';
import { seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const choices = (email: (type: string) => boolean) => Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { inApp: true, email: email(type) }]));

function start(emailConfigured: boolean): FakeApi {
  const server = fakeApi({
    'GET /notifications/preferences': { status: 200, data: { ...choices((type) => type === 'order_status'), emailConfigured } },
    'PUT /notifications/preferences': { status: 200, data: { ...choices(() => true), emailConfigured } },
  });
  seedSession();
  dispose = renderRoute(<PreferencesPage />, '/notificaciones/preferencias', server.adapter).dispose;
  return server;
}

const emailBox = (type: (typeof NOTIFICATION_TYPES)[number]) => screen.getByRole('checkbox', { name: `${NOTIFICATION_TYPE_LABELS[type].label}: Por correo` });

describe('Preferencias de notificaciones', () => {
  it('without e-mail on the server: says so, and every e-mail choice is shown but disabled', async () => {
    const server = start(false);
    const notice = await screen.findByText(/El envío de correos no está configurado en el servidor/);
    expect(notice).toBeInTheDocument();
    for (const type of NOTIFICATION_TYPES) expect(emailBox(type)).toBeDisabled();
    expect(emailBox('order_status')).toBeChecked();
    expect(emailBox('order_status')).toHaveAccessibleDescription(/El envío de correos no está configurado/);
    await userEvent.click(emailBox('order_sent'));
    expect(server.calls('PUT', '/notifications/preferences')).toHaveLength(0);
    expect(screen.queryByText('Los correos se envían a la dirección registrada en tu usuario.')).not.toBeInTheDocument();
  });

  it('with e-mail configured: each choice is saved by a click, no warning', async () => {
    const server = start(true);
    await userEvent.click(await screen.findByRole('checkbox', { name: `${NOTIFICATION_TYPE_LABELS.order_sent.label}: Por correo` }));
    await waitFor(() => expect(server.calls('PUT', '/notifications/preferences')).toHaveLength(1));
    expect(server.calls('PUT', '/notifications/preferences')[0]!.body).toEqual({ order_sent: { email: true } });
    expect(screen.queryByText(/no está configurado/)).not.toBeInTheDocument();
    expect(screen.getByText('Los correos se envían a la dirección registrada en tu usuario.')).toBeInTheDocument();
  });
});
