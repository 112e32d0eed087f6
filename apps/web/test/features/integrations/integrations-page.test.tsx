import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INTEGRATION_MESSAGES, type ApiKey, type Webhook, type WebhookDelivery } from '@goc/contracts';
import IntegrationsPage from '../../../src/features/integrations/integrations-page';
import { permissionsFor, seedSession } from '../../fixtures';
import { fakeApi, type FakeApi } from '../../crud/fake-api';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';
import { setViewportWidth } from '../../setup';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  setViewportWidth(1366);
});

const KEY = 'goc_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxyzA';
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Contabilidad',
  prefix: 'goc_AbCdEfGh',
  roleId: 2,
  role: { id: 2, label: 'Consulta' },
  expiresAt: null,
  lastUsedAt: null,
  createdAt: '2026-11-20T16:00:00.000Z',
  createdBy: 'Administrador',
  ...over,
});
const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 7,
  url: 'https://erp.example.com/goc',
  events: ['orders.created'],
  description: 'ERP',
  active: true,
  failingSince: null,
  createdBy: 'Administrador',
  createdAt: '2026-11-20T16:00:00.000Z',
  version: 1,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 31,
  deliveryId: '812',
  event: 'orders.created',
  resource: 'orders',
  recordId: 5,
  status: 'failed',
  attempts: 8,
  lastStatusCode: 500,
  lastError: 'El receptor respondió 500',
  durationMs: 42,
  lastAttemptAt: '2026-11-21T16:00:00.000Z',
  nextAttemptAt: null,
  createdAt: '2026-11-20T16:00:00.000Z',
  ...over,
});
const EVENTS = [
  { name: 'orders.created', label: 'Pedidos: creado' },
  { name: 'orders.transitioned', label: 'Pedidos: cambio de estatus' },
  { name: 'movements.created', label: 'Movimientos: creado' },
];

function start(routes: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  const server = fakeApi({
    'GET /api-keys': { status: 200, data: { items: [key({ lastUsedAt: '2026-11-25T18:30:00.000Z' })] } },
    'GET /webhooks': { status: 200, data: { items: [hook()] } },
    'GET /webhooks/events': { status: 200, data: { items: EVENTS } },
    'GET /roles/options': { status: 200, data: { items: [{ value: 1, label: 'Administrador' }, { value: 2, label: 'Consulta' }], hasMore: false } },
    ...routes,
  });
  seedSession({ permissions: permissionsFor() });
  const view = renderRoute(<IntegrationsPage />, '/configuracion/integraciones', server.adapter);
  dispose = view.dispose;
  return server;
}

const keysTable = () => screen.getByRole('table', { name: 'Claves API' });

describe('Integraciones: API keys', () => {
  it('lists keys by prefix, role, expiry and last use, never a secret', async () => {
    start();
    const row = (await screen.findByRole('rowheader', { name: 'Contabilidad' })).closest('tr')!;
    expect(within(row).getByText('goc_AbCdEfGh…')).toBeInTheDocument();
    expect(within(row).getByText('Consulta')).toBeInTheDocument();
    expect(within(row).getByText('No vence')).toBeInTheDocument();
    expect(within(row).getByText('25/11/26 12:30')).toBeInTheDocument();
    expect(within(keysTable()).getAllByRole('row')).toHaveLength(2);
  });

  it('stacks each key on a phone instead of a table', async () => {
    setViewportWidth(390);
    start();
    const list = await screen.findByRole('list', { name: 'Claves API' });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByText('Contabilidad')).toBeInTheDocument();
    expect(within(item!).getByText('Consulta')).toBeInTheDocument();
    expect(within(item!).getByText('25/11/26 12:30')).toBeInTheDocument();
    expect(within(item!).getByRole('button', { name: 'Revocar Contabilidad' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Claves API' })).not.toBeInTheDocument();
  });

  it('creates a key with a role and an expiry, then shows it once with «Copiar»', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = start({
      'POST /api-keys': (request) => ({ status: 201, data: { id: 2, prefix: KEY.slice(0, 12), key: KEY, createdAt: '2026-11-26T10:00:00.000Z', ...(request.body as object) } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva clave' }));
    const form = await screen.findByRole('dialog', { name: 'Nueva clave API' });
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByText('Escribe un nombre')).toBeInTheDocument();
    expect(within(form).getByText('Elige el rol con el que actuará la clave')).toBeInTheDocument();
    expect(server.calls('POST', '/api-keys')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Nombre/), 'Nómina');
    await choose(within(form).getByLabelText(/^Rol/), 'Consulta');
    await choose(within(form).getByLabelText(/^Vencimiento/), '90 días');
    const before = Date.now();
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    const shown = await screen.findByRole('dialog', { name: 'Clave API creada' });
    const body = server.calls('POST', '/api-keys')[0]!.body as { name: string; roleId: number; expiresAt: string };
    expect(body).toMatchObject({ name: 'Nómina', roleId: 2 });
    const days = (Date.parse(body.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);
    expect(within(shown).getByText('Copia la clave ahora: es la única vez que se muestra. Guárdala en el sistema que la usará.')).toBeInTheDocument();
    expect(within(shown).getByDisplayValue(KEY)).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByText('Copiado al portapapeles')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clave API creada' })).not.toBeInTheDocument());
  });

  it('revokes a key after confirming', async () => {
    const server = start({ 'DELETE /api-keys/1': { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar Contabilidad' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revocar clave API' });
    expect(within(confirm).getByText('¿Revocar la clave «Contabilidad»? Los sistemas que la usan dejarán de tener acceso de inmediato.')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(server.calls('DELETE', '/api-keys/1')).toHaveLength(1));
    expect(await screen.findByText('Clave «Contabilidad» revocada')).toBeInTheDocument();
  });
});

describe('Integraciones: webhooks', () => {
  it('creates a webhook with its events, shows the server\'s Spanish refusal on the URL, then the secret once', async () => {
    let refuse = true;
    const server = start({
      'POST /webhooks': (request) =>
        refuse
          ? { status: 422, data: { statusCode: 422, error: 'Unprocessable Entity', message: INTEGRATION_MESSAGES.webhookPrivate, fields: { url: INTEGRATION_MESSAGES.webhookPrivate } } }
          : { status: 201, data: { ...hook({ id: 8, ...(request.body as object) }), secret: 'whsec_secreto' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://10.0.0.5/hook');
    fireEvent.click(await within(form).findByLabelText(/orders\.created/));
    fireEvent.click(within(form).getByLabelText(/orders\.transitioned/));
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByText(INTEGRATION_MESSAGES.webhookPrivate)).toBeInTheDocument();
    expect(server.calls('POST', '/webhooks')[0]!.body).toEqual({ url: 'https://10.0.0.5/hook', events: ['orders.created', 'orders.transitioned'], description: null });

    refuse = false;
    await userEvent.clear(within(form).getByLabelText(/^URL/));
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.example.com/nuevo');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    const shown = await screen.findByRole('dialog', { name: 'Webhook creado' });
    expect(within(shown).getByDisplayValue('whsec_secreto')).toBeInTheDocument();
  });

  it('edits a webhook\'s URL and events with its version', async () => {
    const server = start({ 'PATCH /webhooks/7': (request) => ({ status: 200, data: hook({ ...(request.body as object), version: 2 }) }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar webhook https://erp.example.com/goc' });
    expect(within(form).getByLabelText(/^URL/)).toHaveValue('https://erp.example.com/goc');
    expect(await within(form).findByLabelText(/orders\.created/)).toBeChecked();
    fireEvent.click(within(form).getByLabelText(/movements\.created/));
    await userEvent.clear(within(form).getByLabelText(/^URL/));
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.example.com/v2');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Webhook guardado')).toBeInTheDocument();
    expect(server.calls('PATCH', '/webhooks/7')[0]!.body).toEqual({ version: 1, url: 'https://erp.example.com/v2', events: ['orders.created', 'movements.created'], description: 'ERP' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Editar webhook/ })).not.toBeInTheDocument());
  });

  it('refuses to send a webhook without events', async () => {
    const server = start();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.example.com/goc');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByText('Elige al menos un evento')).toBeInTheDocument();
    expect(server.calls('POST', '/webhooks')).toHaveLength(0);
  });

  it('sends a test and says what the receiver answered', async () => {
    const server = start({ 'POST /webhooks/7/test': { status: 200, data: delivery({ event: 'webhooks.test', deliveryId: 'test-1', status: 'succeeded', attempts: 1, lastStatusCode: 204, lastError: null }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('Prueba entregada (HTTP 204)')).toBeInTheDocument();
    expect(server.calls('POST', '/webhooks/7/test')).toHaveLength(1);
  });

  it('shows the delivery log with status and attempts, and «Reenviar» redelivers', async () => {
    const server = start({
      'GET /webhooks/7/deliveries': { status: 200, data: { items: [delivery(), delivery({ id: 30, deliveryId: '811', status: 'pending', attempts: 2, nextAttemptAt: '2026-11-21T17:00:00.000Z' })] } },
      'POST /webhooks/7/deliveries/31/redeliver': { status: 202, data: delivery({ status: 'pending', attempts: 0 }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Envíos' }));
    const log = await screen.findByRole('dialog', { name: 'Envíos a https://erp.example.com/goc' });
    const table = await within(log).findByRole('table', { name: 'Envíos' });
    const [, failed, pending] = within(table).getAllByRole('row');
    expect(within(failed!).getByText('Fallido')).toBeInTheDocument();
    expect(within(failed!).getByText('El receptor respondió 500')).toBeInTheDocument();
    expect(within(failed!).getByText('8')).toBeInTheDocument();
    expect(within(failed!).getByText('GOC-Delivery 812')).toBeInTheDocument();
    expect(within(pending!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(pending!).getByText('21/11/26 11:00')).toBeInTheDocument();
    expect(within(pending!).queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();
    await userEvent.click(within(failed!).getByRole('button', { name: 'Reenviar orders.created 812' }));
    await waitFor(() => expect(server.calls('POST', '/webhooks/7/deliveries/31/redeliver')).toHaveLength(1));
    expect(await screen.findByText('Reenvío programado')).toBeInTheDocument();
  });
  it('«Seleccionar todos» ticks every event, and unticking it clears them', async () => {
    const server = start({ 'POST /webhooks': (request) => ({ status: 201, data: { ...hook({ id: 8, ...(request.body as object) }), secret: 'whsec_secreto' } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Nuevo webhook' });
    const all = await within(form).findByLabelText('Seleccionar todos');
    fireEvent.click(within(form).getByLabelText(/orders\.created/));
    expect(all).not.toBeChecked();
    fireEvent.click(all);
    for (const event of EVENTS) expect(within(form).getByLabelText(new RegExp(event.name.replace('.', '\\.')))).toBeChecked();
    expect(all).toBeChecked();
    fireEvent.click(all);
    for (const event of EVENTS) expect(within(form).getByLabelText(new RegExp(event.name.replace('.', '\\.')))).not.toBeChecked();
    fireEvent.click(all);
    fireEvent.click(within(form).getByLabelText(/movements\.created/));
    expect(all).not.toBeChecked();
    fireEvent.click(all);
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.example.com/todo');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    await screen.findByRole('dialog', { name: 'Webhook creado' });
    expect((server.calls('POST', '/webhooks')[0]!.body as { events: string[] }).events).toEqual(EVENTS.map((e) => e.name));
  });

  it('shows a delivery\'s payload as indented JSON', async () => {
    const payload = { id: '812', event: 'orders.created', resource: 'orders', recordId: 5, data: { folio: 'PED-000005', total: 38604.8 } };
    const server = start({
      'GET /webhooks/7/deliveries': { status: 200, data: { items: [delivery()] } },
      'GET /webhooks/7/deliveries/31': { status: 200, data: { ...delivery(), payload } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Envíos' }));
    const log = await screen.findByRole('dialog', { name: 'Envíos a https://erp.example.com/goc' });
    await userEvent.click(await within(log).findByRole('button', { name: 'Ver contenido orders.created 812' }));
    const shown = await screen.findByRole('dialog', { name: 'Contenido del envío orders.created (GOC-Delivery 812)' });
    const body = await within(shown).findByLabelText('Contenido del envío orders.created (GOC-Delivery 812)');
    expect(body.textContent).toBe(JSON.stringify(payload, null, 2));
    expect(body.textContent).toContain('\n  "data": {\n    "folio": "PED-000005",');
    expect(server.calls('GET', '/webhooks/7/deliveries/31')).toHaveLength(1);
  });

  it('rotates the secret only after confirming, with the webhook\'s version, and shows the new one once', async () => {
    const server = start({ 'POST /webhooks/7/rotate-secret': { status: 200, data: { ...hook({ version: 2 }), secret: 'whsec_nuevo' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar secreto' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cambiar el secreto de firma' });
    expect(within(confirm).getByText(/El secreto actual deja de valer de inmediato/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(server.calls('POST', '/webhooks/7/rotate-secret')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cambiar secreto' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cambiar el secreto de firma' })).getByRole('button', { name: 'Cambiar secreto' }));
    const shown = await screen.findByRole('dialog', { name: 'Nuevo secreto de firma' });
    expect(within(shown).getByDisplayValue('whsec_nuevo')).toBeInTheDocument();
    expect(within(shown).getByText(/es la única vez que se muestra/)).toBeInTheDocument();
    expect(server.calls('POST', '/webhooks/7/rotate-secret')[0]!.body).toEqual({ version: 1 });
    await userEvent.click(within(shown).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByDisplayValue('whsec_nuevo')).not.toBeInTheDocument());
  });
});
