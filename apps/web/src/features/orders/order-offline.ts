import type { ResourceRow } from '../../components/list/resource-types';
import type { FormValues } from '../../components/form/form-values';
import { offlineTexts } from '../../lib/offline/offline-texts';
import { enqueue } from '../../lib/offline/outbox';
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

/** Queues «Enviar a autorización» of an order the server has (a draft), with the version the list showed. */
export async function keepSendOffline(userId: number, row: ResourceRow): Promise<string> {
  const folio = typeof row.folio === 'string' ? row.folio : String(row.id);
  await enqueue(userId, { kind: 'sendOrder', order: { id: row.id }, version: typeof row.version === 'number' ? row.version : null }, offlineTexts.summaries.send(folio));
  return offlineTexts.queued;
}
