import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineResource, f, FIELD_MESSAGES, LINES_MESSAGES } from '@goc/contracts';
import { RecordFormPage } from '../../../src/components/form/record-form-page';
import type { FormValues } from '../../../src/components/form/form-values';
import { permissionsFor, seedSession } from '../../fixtures';
import { setViewportWidth } from '../../setup';
import { apiError, fakeApi, type FakeApi } from '../../crud/fake-api';
import { optionsOf } from '../../crud/fixtures';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';

vi.setConfig({ testTimeout: 60_000 });

const LINE_NOUNS = { singular: 'partida', plural: 'partidas', article: 'la' } as const;
const TOO_MANY = 'Máximo 100 piezas por partida';

/** An order-like resource: a title and 1–3 lines of material, quantity and price. */
const requisitions = defineResource({
  key: 'orders',
  resource: '/orders',
  module: 'my_orders',
  nouns: { singular: 'pedido', plural: 'pedidos', article: 'el' },
  fields: {
    title: f.text({ label: 'Concepto', required: true }),
    lines: f.lines({
      label: 'Partidas',
      nouns: LINE_NOUNS,
      min: 1,
      max: 3,
      fields: {
        materialId: f.reference({ label: 'Material', required: true, target: 'materials', displayKey: 'material' }),
        quantity: f.number({ label: 'Cantidad', required: true, min: 1 }),
        unitId: f.reference({ label: 'Unidad', readOnly: true, target: 'units', displayKey: 'unit', copiedFrom: 'materialId' }),
        unitPrice: f.money({ label: 'Precio unitario', required: true, startsFrom: 'materialId' }),
      },
      rules: [{ fields: ['quantity'], path: 'quantity', message: TOO_MANY, test: (v) => typeof v.quantity !== 'number' || v.quantity <= 100 }],
    }),
  },
  label: { fields: ['title'] },
  defaultSort: '-createdAt',
});

const amount = (line: FormValues) => (typeof line.quantity === 'number' && typeof line.unitPrice === 'number' ? line.quantity * line.unitPrice : null);

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

function start(routes: Parameters<typeof fakeApi>[0] = {}): FakeApi {
  seedSession({ permissions: permissionsFor() });
  const server = fakeApi({
    'GET /materials/options': optionsOf([
      { value: 1, label: 'Cemento gris', detail: 'bulto' },
      { value: 2, label: 'Varilla corrugada', detail: 'pza' },
    ]),
    ...routes,
  });
  const view = renderRoute(
    <RecordFormPage resource={requisitions} record={null} computed={{ lines: [{ label: 'Importe', value: amount, total: true }] }} onLeave={() => undefined} />,
    '/pedidos/nuevo',
    server.adapter,
  );
  dispose = view.dispose;
  return server;
}

const cell = (label: string, line: number) => screen.getByLabelText(`${label} (partida ${line})`);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

async function fillLine(line: number, material: string, quantity: string, price: string) {
  await choose(cell('Material', line), material);
  await userEvent.type(cell('Cantidad', line), quantity);
  await userEvent.type(cell('Precio unitario', line), price);
}

describe('lines editor', () => {
  it('refuses an order without lines with the declared minimum', async () => {
    const server = start();
    await userEvent.type(await screen.findByLabelText(/^Concepto/), 'Obra negra');
    save();
    expect(LINES_MESSAGES.min(1, LINE_NOUNS)).toBe('Agrega al menos 1 partida');
    expect(await screen.findByText('Agrega al menos 1 partida')).toBeInTheDocument();
    expect(server.calls('POST', '/orders')).toHaveLength(0);
  });

  it('adds lines from the keyboard, shows amounts and their total, reorders, and sends the lines in order', async () => {
    const server = start({ 'POST /orders': (request) => ({ status: 201, data: { id: 9, version: 1, ...(request.body as Record<string, unknown>) } }) });
    await userEvent.type(await screen.findByLabelText(/^Concepto/), 'Obra negra');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar partida' }));
    await waitFor(() => expect(cell('Material', 1)).toHaveFocus());
    await fillLine(1, 'Cemento gris', '10', '250');
    const table = screen.getByRole('table', { name: 'Partidas' });
    await waitFor(() => expect(within(table).getAllByText('$2,500.00')).toHaveLength(2));

    // Enter in a cell opens the next line and moves there.
    fireEvent.keyDown(cell('Precio unitario', 1), { key: 'Enter' });
    await waitFor(() => expect(cell('Material', 2)).toHaveFocus());
    await fillLine(2, 'Varilla corrugada', '4', '100');
    await waitFor(() => expect(within(table).getByText('$2,900.00')).toBeInTheDocument());

    // Alt+↑ moves the second line first.
    fireEvent.keyDown(cell('Cantidad', 2), { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(cell('Material', 1).closest('.p-dropdown')).toHaveTextContent('Varilla corrugada'));

    save();
    await waitFor(() => expect(server.calls('POST', '/orders')).toHaveLength(1));
    expect(server.calls('POST', '/orders')[0]!.body).toEqual({
      title: 'Obra negra',
      lines: [
        { materialId: 2, quantity: 4, unitPrice: 100 },
        { materialId: 1, quantity: 10, unitPrice: 250 },
      ],
    });
  });

  it('shows the unit of the picked material in its line, and follows a new pick', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar partida' }));
    const unit = () => screen.getByRole('cell', { name: 'Unidad (partida 1)' });
    expect(unit()).toHaveTextContent(/^$/);
    await choose(cell('Material', 1), 'Cemento gris');
    await waitFor(() => expect(unit()).toHaveTextContent('bulto'));
    await choose(cell('Material', 1), 'Varilla corrugada');
    await waitFor(() => expect(unit()).toHaveTextContent('pza'));
  });

  it('Enter on a picker opens its options and adds no line', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar partida' }));
    await waitFor(() => expect(cell('Material', 1)).toHaveFocus());
    fireEvent.keyDown(cell('Material', 1), { key: 'Enter', code: 'Enter' });
    // The overlay panel is display:none in jsdom (no layout), hence hidden: true.
    expect(await screen.findByRole('option', { name: 'Cemento gris', hidden: true })).toBeInTheDocument();
    expect(screen.queryByLabelText('Material (partida 2)')).toBeNull();
  });

  it('shows the line rules and the server’s line errors on their cells; removing a line drops it', async () => {
    const server = start({ 'POST /orders': apiError(400, 'Revisa las partidas', { 'lines.1.unitPrice': 'El precio no puede ser mayor al del proveedor' }) });
    await userEvent.type(await screen.findByLabelText(/^Concepto/), 'Obra negra');
    fireEvent.click(screen.getByRole('button', { name: 'Agregar partida' }));
    await fillLine(1, 'Cemento gris', '500', '250');
    fireEvent.keyDown(cell('Precio unitario', 1), { key: 'Enter' });
    save();
    await waitFor(() => expect(cell('Cantidad', 1)).toHaveAccessibleDescription(TOO_MANY));
    expect(cell('Material', 2)).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(server.calls('POST', '/orders')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar partida 2' }));
    await userEvent.clear(cell('Cantidad', 1));
    await userEvent.type(cell('Cantidad', 1), '50');
    await waitFor(() => expect(cell('Cantidad', 1)).not.toHaveAccessibleDescription(TOO_MANY));
    fireEvent.keyDown(cell('Precio unitario', 1), { key: 'Enter' });
    await fillLine(2, 'Varilla corrugada', '4', '999');
    save();
    await waitFor(() => expect(cell('Precio unitario', 2)).toHaveAccessibleDescription('El precio no puede ser mayor al del proveedor'));
    expect(server.calls('POST', '/orders')[0]!.body).toMatchObject({ lines: [{ materialId: 1, quantity: 50 }, { materialId: 2, quantity: 4, unitPrice: 999 }] });
  });

  it('starts a line’s unit price from the picked material’s reference price, never over a price already there', async () => {
    start({
      'GET /materials/options': optionsOf([
        { value: 1, label: 'Cemento gris', detail: 'bulto', amount: 185.5 },
        { value: 2, label: 'Varilla corrugada', detail: 'pza' },
      ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar partida' }));
    await choose(cell('Material', 1), 'Varilla corrugada');
    // A material without a reference price leaves the price for the person to type.
    expect(cell('Precio unitario', 1)).toHaveValue('');
    await choose(cell('Material', 1), 'Cemento gris');
    await waitFor(() => expect(cell('Precio unitario', 1)).toHaveValue('$185.50'));

    await userEvent.clear(cell('Precio unitario', 1));
    await userEvent.type(cell('Precio unitario', 1), '200');
    fireEvent.blur(cell('Precio unitario', 1));
    await choose(cell('Material', 1), 'Varilla corrugada');
    await choose(cell('Material', 1), 'Cemento gris');
    await waitFor(() => expect(cell('Material', 1).closest('.p-dropdown')).toHaveTextContent('Cemento gris'));
    expect(cell('Precio unitario', 1)).toHaveValue('$200.00');
  });

  it('on a phone, «Agregar partida» brings the new line to the middle of the screen, above the floating total', async () => {
    setViewportWidth(390);
    const scrolled: { element: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ element: this, options });
    };
    try {
      start();
      fireEvent.click(await screen.findByRole('button', { name: 'Agregar partida' }));
      fireEvent.click(screen.getByRole('button', { name: 'Agregar partida' }));
      await waitFor(() => expect(cell('Material', 2)).toHaveFocus());
      const second = screen.getByRole('listitem', { name: 'partida 2' });
      expect(scrolled.at(-1)).toEqual({ element: second, options: { block: 'center', behavior: 'smooth' } });
      expect(screen.getByRole('status')).toHaveTextContent('Total');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
