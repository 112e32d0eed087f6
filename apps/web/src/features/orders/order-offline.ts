import type { ResourceRow } from '../../components/list/resource-types';
import type { FormValues } from '../../components/form/form-values';
import { keptMyOrder } from '../../lib/offline/my-orders';
import type { OrderRef, OutboxCommand } from '../../lib/offline/offline-db';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { commandAt, enqueue, flushOutbox, listCommands, retryCommand } from '../../lib/offline/outbox';
import { fileToKeep } from '../../lib/offline/photo-resize';

/*
 * An order saved without signal (docs/offline.md): kept in the outbox, with its photos and PDFs,
 * to be sent when the connection returns. Loaded only then, so the form's chunk stays as it was.
 */

const linesOf = (body: FormValues) => (Array.isArray(body.lines) ? body.lines.length : 0);
const partidas = (n: number) => (n === 1 ? '1 partida' : `${n} partidas`);

/** Queues a new order (and its files) or an edit of a draft; the answer is the sentence the form shows. */
export async function keepOrderOffline(userId: number, body: FormValues, record: ResourceRow | null, files: readonly File[]): Promise<string> {
  if (record) {
    const { version, ...changes } = body;
    const folio = typeof record.folio === 'string' ? record.folio : String(record.id);
    await enqueue(userId, { kind: 'updateOrder', order: { id: record.id }, version: typeof version === 'number' ? version : record.version, body: changes }, offlineTexts.summaries.update(folio));
    return offlineTexts.queued;
  }
  // The files are read (and photos made smaller) first: an order is never queued without the files chosen with it.
  const kept = await Promise.all(files.map(fileToKeep));
  const label = partidas(linesOf(body));
  const clientId = await enqueue(userId, { kind: 'createOrder', body }, offlineTexts.summaries.create(label));
  for (const file of kept) {
    await enqueue(userId, { kind: 'attachFile', order: { clientId }, ...file }, offlineTexts.summaries.attach(file.name, offlineTexts.summaries.create(label)));
  }
  return offlineTexts.queued;
}

/**
 * Queues photos and PDFs for an order the server has (seen in Mis Pedidos without signal), each an
 * attachFile command with its own key: photos made smaller first, uploaded in the outbox's file pass.
 */
export async function keepAttachmentsOffline(userId: number, order: { id: number; folio: string }, files: readonly File[]): Promise<string> {
  const kept = await Promise.all(files.map(fileToKeep));
  for (const file of kept) await enqueue(userId, { kind: 'attachFile', order: { id: order.id }, ...file }, offlineTexts.summaries.attach(file.name, order.folio));
  if (navigator.onLine) void flushOutbox(userId).catch(() => undefined);
  return offlineTexts.queued;
}

/**
 * A change the server refused, to correct: the server's message and its messages by field, and
 * either a new order (or one found in conflict) with its body and how many files wait for it, or a
 * draft's edit with the draft as it was read (its version the edit's) and the values queued.
 */
export type KeptOrder = { message: string | null; fields: Readonly<Record<string, string>> | null } & (
  | { kind: 'create'; body: FormValues; files: number }
  | { kind: 'edit'; record: ResourceRow; values: FormValues }
);

/** The server id of the order a command edits: its own, or the one its queued create was given. */
function editedOrderId(order: OrderRef, commands: readonly OutboxCommand[]): number | null {
  if ('id' in order) return order.id;
  return commands.find((c) => c.kind === 'createOrder' && c.clientId === order.clientId)?.result?.id ?? null;
}

/**
 * The change kept at `seq` while it waits for a correction: a new order refused or in conflict, or
 * a draft's edit refused (a conflict has its own ways out); null once it is not (sent, discarded, pending again).
 */
export async function keptOrderToCorrect(userId: number, seq: number): Promise<KeptOrder | null> {
  const command = await commandAt(userId, seq);
  const refusal = { message: command?.message ?? null, fields: command?.fields ?? null };
  if (command?.kind === 'createOrder' && (command.state === 'failed' || command.state === 'conflict')) {
    const files = (await listCommands(userId)).filter((c) => c.kind === 'attachFile' && 'clientId' in c.order && c.order.clientId === command.clientId).length;
    return { kind: 'create', body: command.body, files, ...refusal };
  }
  if (command?.kind !== 'updateOrder' || command.state !== 'failed') return null;
  const id = editedOrderId(command.order, await listCommands(userId));
  if (id === null) return null;
  // The draft as Mis Pedidos keeps it, at the version the edit was made on (a later change on the server is a conflict when it is sent).
  const read = (await keptMyOrder(userId, id)) ?? { id, version: command.version };
  return { kind: 'edit', record: { ...read, version: command.version }, values: command.body, ...refusal };
}

/**
 * Replaces a refused new order's body with the corrected one (a new Idempotency-Key: the refusal
 * stays with the old key) and sends it when there is signal; its send and files follow it as before.
 */
export async function correctKeptOrder(userId: number, seq: number, body: FormValues): Promise<string> {
  await retryCommand(userId, seq, body, offlineTexts.summaries.create(partidas(linesOf(body))));
  if (navigator.onLine) void flushOutbox(userId).catch(() => undefined);
  return offlineTexts.corrected;
}

/** The same for a refused edit of a draft: its corrected changes, still on the version it was made on. */
export async function correctKeptEdit(userId: number, seq: number, body: FormValues, folio: string): Promise<string> {
  const { version: _read, ...changes } = body;
  await retryCommand(userId, seq, changes, offlineTexts.summaries.update(folio));
  if (navigator.onLine) void flushOutbox(userId).catch(() => undefined);
  return offlineTexts.correctedEdit;
}

/** Queues «Enviar a autorización» of an order the server has (a draft), with the version the list showed. */
export async function keepSendOffline(userId: number, row: ResourceRow): Promise<string> {
  const folio = typeof row.folio === 'string' ? row.folio : String(row.id);
  await enqueue(userId, { kind: 'sendOrder', order: { id: row.id }, version: typeof row.version === 'number' ? row.version : null }, offlineTexts.summaries.send(folio));
  return offlineTexts.queued;
}
