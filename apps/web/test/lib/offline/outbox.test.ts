import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../src/lib/api/client';
import { clearSent, discardCommand, enqueue, flushOutbox, listCommands, retryCommand, unsentCount } from '../../../src/lib/offline/outbox';
import { fakeOrdersServer } from './fake-orders-server';
import { cleanUpOfflineTests } from '../../offline-cleanup';

const USER = 7;
let server: ReturnType<typeof fakeOrdersServer>;

beforeEach(() => {
  server = fakeOrdersServer();
  api.defaults.adapter = server.adapter;
});
cleanUpOfflineTests();

const threeLines = [
  { materialId: 1, quantity: 10 },
  { materialId: 2, quantity: 4 },
  { materialId: 3, quantity: 1 },
];
const photo = () => new TextEncoder().encode('jpeg bytes').buffer;

/** A new order with 3 lines, sent for authorisation, with a photo: what a residente does offline. */
async function queueOrderWithPhoto(workId = 5) {
  const clientId = await enqueue(USER, { kind: 'createOrder', body: { workId, requiredDate: '2026-12-01', lines: threeLines } }, 'Pedido nuevo');
  await enqueue(USER, { kind: 'sendOrder', order: { clientId }, version: null }, 'Enviar a autorización');
  await enqueue(USER, { kind: 'attachFile', order: { clientId }, bytes: photo(), type: 'image/jpeg', name: 'foto-1.jpg' }, 'Foto');
  return clientId;
}

const states = async () => (await listCommands(USER)).map((c) => [c.kind, c.state]);

describe('the outbox (lib/offline/outbox)', () => {
  it('holds an order, its send and its photo while there is no signal, then sends them once, in order, each with its own key', async () => {
    server.control.online = false;
    await queueOrderWithPhoto();
    expect(await unsentCount(USER)).toBe(3);

    await flushOutbox(USER);
    expect(await states()).toEqual([
      ['createOrder', 'pending'],
      ['sendOrder', 'pending'],
      ['attachFile', 'pending'],
    ]);
    expect(server.orders.size).toBe(0);

    server.control.online = true;
    await flushOutbox(USER);
    expect(await unsentCount(USER)).toBe(0);
    expect([...server.orders.values()]).toEqual([expect.objectContaining({ id: 1, folio: 'PED-42', statusCode: 'enviado', lines: threeLines })]);
    expect(server.attachments).toEqual([{ recordId: 1, name: 'foto-1.jpg', type: 'image/jpeg' }]);
    const writes = server.requests.filter((r) => r.method !== 'GET' && r.authorization !== undefined);
    expect(writes.slice(-3).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /orders', 'POST /orders/1/transitions', 'POST /attachments']);
    expect(server.to('POST /orders/1/transitions').at(-1)?.body).toEqual({ to: 'enviado', version: 1 });
    const keys = writes.slice(-3).map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect((await listCommands(USER))[0]?.result).toEqual({ id: 1, version: 1, folio: 'PED-42' });
  });

  it('a write whose answer was lost is sent again with the same key and the server creates nothing more', async () => {
    await queueOrderWithPhoto();
    server.control.dropAnswers = 1;
    await flushOutbox(USER);
    expect(server.orders.size).toBe(1);
    expect(await states()).toEqual([
      ['createOrder', 'pending'],
      ['sendOrder', 'pending'],
      ['attachFile', 'pending'],
    ]);

    await flushOutbox(USER);
    await flushOutbox(USER);
    const creates = server.to('POST /orders');
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBe(creates[1]?.idempotencyKey);
    expect(server.orders.size).toBe(1);
    expect(server.orders.get(1)?.statusCode).toBe('enviado');
    expect(server.attachments).toHaveLength(1);
    expect(await unsentCount(USER)).toBe(0);
  });

  it('an edit of an order still in the queue changes the queued order: one order reaches the server, edited', async () => {
    server.control.online = false;
    const clientId = await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: threeLines } }, 'Pedido nuevo');
    await enqueue(USER, { kind: 'updateOrder', order: { clientId }, version: 0, body: { lines: threeLines.slice(0, 2) } }, 'Pedido nuevo (editado)');
    expect(await unsentCount(USER)).toBe(1);
    server.control.online = true;
    await flushOutbox(USER);
    expect([...server.orders.values()].map((o) => o.lines)).toEqual([threeLines.slice(0, 2)]);
  });

  it('an edit of a draft the office changed meanwhile is a conflict with the server side, and what followed it waits', async () => {
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: threeLines } }, 'Pedido nuevo');
    await flushOutbox(USER);
    // Read at version 1; someone else saves the draft (version 2) before the phone is back online.
    await enqueue(USER, { kind: 'updateOrder', order: { id: 1 }, version: 1, body: { lines: threeLines.slice(0, 1) } }, 'Editar PED-42');
    await enqueue(USER, { kind: 'sendOrder', order: { id: 1 }, version: 1 }, 'Enviar PED-42');
    server.orders.get(1)!.version = 2;
    await clearSent(USER);

    await flushOutbox(USER);
    const [edit, send] = await listCommands(USER);
    expect(edit).toMatchObject({ state: 'conflict', message: 'El registro cambió desde que lo abriste; vuelve a cargarlo', serverSide: expect.objectContaining({ id: 1, version: 2 }) });
    expect(send?.state).toBe('pending');
    expect(server.to('POST /orders/1/transitions')).toHaveLength(0);
    expect(server.orders.get(1)?.lines).toEqual(threeLines);
  });

  it('an order for a work that no longer takes orders is a conflict; a refused one fails with the server message and can be corrected and retried', async () => {
    await enqueue(USER, { kind: 'createOrder', body: { workId: 99, lines: threeLines } }, 'Pedido para Torre');
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: [] } }, 'Pedido vacío');
    await flushOutbox(USER);
    const [terminated, empty] = await listCommands(USER);
    expect(terminated).toMatchObject({ state: 'conflict', message: expect.stringContaining('está terminada') });
    expect(empty).toMatchObject({ state: 'failed', message: 'Revisa los datos del formulario: Agrega al menos una partida' });
    expect(await unsentCount(USER)).toBe(2);

    const firstKey = empty!.idempotencyKey;
    await retryCommand(USER, empty!.seq!, { workId: 5, lines: threeLines });
    await flushOutbox(USER);
    const retried = (await listCommands(USER))[1];
    expect(retried).toMatchObject({ state: 'sent', message: null });
    expect(retried?.idempotencyKey).not.toBe(firstKey);
    expect(server.orders.size).toBe(1);
  });

  it('«Reintentar» a refusal as it is goes with a new key: under the old one the server would only answer its refusal again', async () => {
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: [] } }, 'Pedido vacío');
    await flushOutbox(USER);
    const [refused] = await listCommands(USER);
    expect(refused?.state).toBe('failed');
    await flushOutbox(USER);
    expect(server.to('POST /orders')).toHaveLength(1);

    await retryCommand(USER, refused!.seq!);
    await flushOutbox(USER);
    const posts = server.to('POST /orders');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.idempotencyKey).not.toBe(posts[0]?.idempotencyKey);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    // A pending command keeps its key: its first try may have reached the server with the answer lost.
    server.control.online = false;
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: threeLines } }, 'Pedido');
    await flushOutbox(USER);
    const pending = (await listCommands(USER))[1]!;
    await retryCommand(USER, pending.seq!);
    expect((await listCommands(USER))[1]?.idempotencyKey).toBe(pending.idempotencyKey);
  });

  it('a change made while a pass is sending is sent by one more pass right after it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const first = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const adapter = server.adapter;
    api.defaults.adapter = async (config) => {
      arrived();
      await held;
      return adapter(config);
    };
    await enqueue(USER, { kind: 'createOrder', body: { workId: 5, lines: threeLines } }, 'Primero');
    const running = flushOutbox(USER);
    await first;
    await enqueue(USER, { kind: 'createOrder', body: { workId: 6, lines: threeLines } }, 'Hecho durante el envío');
    const again = flushOutbox(USER);
    release();
    await running;
    await again;
    expect(await states()).toEqual([
      ['createOrder', 'sent'],
      ['createOrder', 'sent'],
    ]);
    expect(server.orders.size).toBe(2);
  });

  it('discarding a queued order drops its send and its photo too', async () => {
    server.control.online = false;
    await queueOrderWithPhoto();
    const [create] = await listCommands(USER);
    await discardCommand(USER, create!.seq!);
    expect(await listCommands(USER)).toEqual([]);
  });

  it('another user on the same phone opens an empty outbox', async () => {
    server.control.online = false;
    await queueOrderWithPhoto();
    expect(await unsentCount(8)).toBe(0);
    expect(await unsentCount(USER)).toBe(0);
  });
});
