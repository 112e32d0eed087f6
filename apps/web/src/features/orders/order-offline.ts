import type { ResourceRow } from '../../components/list/resource-types';
import type { FormValues } from '../../components/form/form-values';
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

/** A new order the server refused (or found in conflict), to correct: its body, the server's message and how many files wait for it. */
export interface KeptOrder {
  body: FormValues;
  message: string | null;
  files: number;
}

/** The new order kept at `seq` while it waits for a correction; null once it is not (sent, discarded, pending again). */
export async function keptOrderToCorrect(userId: number, seq: number): Promise<KeptOrder | null> {
  const command = await commandAt(userId, seq);
  if (command?.kind !== 'createOrder' || (command.state !== 'failed' && command.state !== 'conflict')) return null;
  const files = (await listCommands(userId)).filter((c) => c.kind === 'attachFile' && 'clientId' in c.order && c.order.clientId === command.clientId).length;
  return { body: command.body, message: command.message, files };
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

/** Queues «Enviar a autorización» of an order the server has (a draft), with the version the list showed. */
export async function keepSendOffline(userId: number, row: ResourceRow): Promise<string> {
  const folio = typeof row.folio === 'string' ? row.folio : String(row.id);
  await enqueue(userId, { kind: 'sendOrder', order: { id: row.id }, version: typeof row.version === 'number' ? row.version : null }, offlineTexts.summaries.send(folio));
  return offlineTexts.queued;
}
