import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, ordersResource } from '@goc/contracts';
import { api } from '../api/client';
import { apiErrorBody, errorMessage, httpStatus, isConnectionError } from '../api/api-error';
import { offlineDb, type CommandPayload, type OrderRef, type OutboxCommand } from './offline-db';

/*
 * The outbox (docs/offline.md): writes made without a connection wait here as commands, each with
 * a client id and an Idempotency-Key, and are sent in the order they were made when the
 * connection returns. The key makes a repeat harmless: a command whose answer was lost is sent
 * again and the server answers the first time's result (same order, same folio). Files go after
 * the orders, in their own pass, so a slow upload never holds an order back.
 */

const ORDERS = ordersResource.resource;

const newId = () => crypto.randomUUID();

const listeners = new Set<() => void>();
/** Called whenever the queue changes (a badge or a list re-reads it). */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

export async function listCommands(userId: number): Promise<OutboxCommand[]> {
  return (await offlineDb(userId)).getAll('commands');
}

/** The user's queue, read now and again on every change of it; the function returned stops. */
export function watchCommands(userId: number, onChange: (commands: OutboxCommand[]) => void): () => void {
  let live = true;
  const read = () =>
    void listCommands(userId).then(
      (commands) => live && onChange(commands),
      () => undefined,
    );
  read();
  const stop = onOutboxChange(read);
  return () => {
    live = false;
    stop();
  };
}

/** Commands not yet accepted by the server: pending, failed and in conflict («3 cambios sin enviar»). */
export async function unsentCount(userId: number): Promise<number> {
  return (await listCommands(userId)).filter((c) => c.state !== 'sent').length;
}

const refKey = (ref: OrderRef) => ('id' in ref ? `id:${ref.id}` : `client:${ref.clientId}`);
const orderOf = (command: OutboxCommand): OrderRef => ('order' in command ? command.order : { clientId: command.clientId });

/**
 * Queues a write; the answer is its client id. An edit of an order whose queued create was not
 * sent yet changes that create instead (one order reaches the server, already edited).
 */
export async function enqueue(userId: number, payload: CommandPayload, summary: string): Promise<string> {
  const db = await offlineDb(userId);
  if (payload.kind === 'updateOrder' && 'clientId' in payload.order) {
    const create = await db.getFromIndex('commands', 'clientId', payload.order.clientId);
    if (create?.kind === 'createOrder' && create.state !== 'sent') {
      // A new key: the body changed. A failed create, edited, is tried again.
      await db.put('commands', { ...create, body: { ...create.body, ...payload.body }, summary, idempotencyKey: newId(), state: 'pending', message: null, fields: null, serverSide: null });
      changed();
      return create.clientId;
    }
  }
  const clientId = newId();
  await db.add('commands', { ...payload, clientId, idempotencyKey: newId(), queuedAt: Date.now(), summary, state: 'pending', attempts: 0, message: null, result: null, serverSide: null } as OutboxCommand);
  changed();
  return clientId;
}

/**
 * Puts a failed or conflicting command back in the queue, with a corrected body (and its line in
 * the list) when given. Always with a new key: the server keeps a refusal under the old key and
 * would answer it again, and a corrected body under the old key is 422. Nothing was made under the
 * refused key, so the new one cannot make anything twice.
 */
export async function retryCommand(userId: number, seq: number, body?: Record<string, unknown>, summary?: string): Promise<void> {
  const db = await offlineDb(userId);
  const command = await db.get('commands', seq);
  if (!command || command.state === 'sent' || command.state === 'pending') return;
  const corrected = body && 'body' in command ? { body } : {};
  await db.put('commands', { ...command, ...corrected, ...(summary ? { summary } : {}), idempotencyKey: newId(), state: 'pending', message: null, fields: null, serverSide: null });
  changed();
}

/** A command as the queue holds it (a failed order opened to be corrected); null when it is gone. */
export async function commandAt(userId: number, seq: number): Promise<OutboxCommand | null> {
  return (await (await offlineDb(userId)).get('commands', seq)) ?? null;
}

/** Drops a command and what depends on it (the send and the files of an order that will not be created). */
export async function discardCommand(userId: number, seq: number): Promise<void> {
  const db = await offlineDb(userId);
  const command = await db.get('commands', seq);
  if (!command) return;
  const tx = db.transaction('commands', 'readwrite');
  await tx.store.delete(seq);
  if (command.kind === 'createOrder') {
    for (const other of await tx.store.getAll()) {
      if ('order' in other && 'clientId' in other.order && other.order.clientId === command.clientId && other.seq !== undefined) await tx.store.delete(other.seq);
    }
  }
  await tx.done;
  changed();
}

/** Sent commands are kept for the list («Enviado»); this clears them. */
export async function clearSent(userId: number): Promise<void> {
  const db = await offlineDb(userId);
  for (const command of await db.getAll('commands')) if (command.state === 'sent' && command.seq !== undefined) await db.delete('commands', command.seq);
  changed();
}

type Outcome =
  | { ok: true; result: NonNullable<OutboxCommand['result']> }
  | { ok: false; stop: true }
  | { ok: false; stop: false; state: 'failed' | 'conflict'; message: string; fields: Record<string, string> | null; orderId: number | null };

const rowResult = (data: unknown) => {
  const row = data as { id: number; version: number; folio?: unknown };
  return { id: row.id, version: row.version, ...(typeof row.folio === 'string' ? { folio: row.folio } : {}) };
};

/**
 * What a refusal means for the queue: no answer (or another request with the key still running)
 * stops the pass, to try again later; a stale version (409) or an order whose work or project no
 * longer takes orders is a conflict to show; anything else failed, with the server's message.
 */
function refusal(error: unknown, orderId: number | null): Outcome {
  const body = apiErrorBody(error);
  if (isConnectionError(error) || body?.message === IDEMPOTENCY_MESSAGES.inProgress) return { ok: false, stop: true };
  const fields = body?.fields ?? {};
  const movedOn = httpStatus(error) === 409 || 'workId' in fields || 'projectId' in fields;
  const detail = Object.values(fields)[0];
  const message = errorMessage(error) + (detail && detail !== body?.message ? `: ${detail}` : '');
  return { ok: false, stop: false, state: movedOn ? 'conflict' : 'failed', message, fields: body?.fields ?? null, orderId };
}

async function send(command: OutboxCommand, orderId: number | null, version: number | null): Promise<Outcome> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: command.idempotencyKey };
  try {
    switch (command.kind) {
      case 'createOrder':
        return { ok: true, result: rowResult((await api.post(ORDERS, command.body, { headers })).data) };
      case 'updateOrder':
        return { ok: true, result: rowResult((await api.patch(`${ORDERS}/${orderId}`, { ...command.body, version }, { headers })).data) };
      case 'sendOrder':
        return { ok: true, result: rowResult((await api.post(`${ORDERS}/${orderId}/transitions`, { to: 'enviado', version }, { headers })).data) };
      case 'attachFile': {
        const form = new FormData();
        form.append('file', new Blob([command.bytes], { type: command.type }), command.name);
        const { data } = await api.post('/attachments', form, { headers, params: { resource: 'orders', recordId: orderId } });
        return { ok: true, result: { id: (data as { id: number }).id, version: 0 } };
      }
    }
  } catch (error) {
    return refusal(error, orderId);
  }
}

/** The order as the server has it now, shown beside the queued version of a conflict. */
async function serverSideOf(orderId: number | null): Promise<Record<string, unknown> | null> {
  if (orderId === null) return null;
  try {
    return (await api.get(`${ORDERS}/${orderId}`)).data as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The order a command acts on and the version to send: the one the queue last saw (its own
 * earlier edit) or the one read when the command was made, whichever is newer; 'wait' while the
 * order is not on the server yet or an earlier step on it failed.
 */
function targetOf(ref: OrderRef, command: OutboxCommand, known: { id: number; version: number } | 'blocked' | undefined): { id: number; version: number | null } | 'wait' {
  if (known === 'blocked') return 'wait';
  const read = 'version' in command ? command.version : null;
  if (known) return { id: known.id, version: read === null ? known.version : Math.max(read, known.version) };
  return 'id' in ref ? { id: ref.id, version: read } : 'wait';
}

let running: Promise<void> | null = null;
let next: Promise<void> | null = null;

/**
 * Sends what is pending, in order, one pass at a time. A call during a pass gets one more pass after
 * it: a change made meanwhile (a correction, «Reintentar») was not among what the running pass read.
 */
export function flushOutbox(userId: number): Promise<void> {
  if (!running) {
    running = pass(userId).finally(() => {
      running = null;
    });
    return running;
  }
  next ??= running
    .catch(() => undefined)
    .then(() => {
      next = null;
      return flushOutbox(userId);
    });
  return next;
}

async function pass(userId: number): Promise<void> {
  const db = await offlineDb(userId);
  const commands = await db.getAll('commands');
  // What the queue knows of each order: its server id and latest version, or that it is held back.
  const known = new Map<string, { id: number; version: number } | 'blocked'>();
  const learn = (command: OutboxCommand) => {
    if (command.kind === 'attachFile') return;
    const key = refKey(orderOf(command));
    if (command.state === 'sent' && command.result) known.set(key, { id: command.result.id, version: command.result.version });
    else known.set(key, 'blocked');
  };
  for (const command of commands) if (command.state !== 'pending') learn(command);

  const orders = commands.filter((c) => c.kind !== 'attachFile');
  const files = commands.filter((c) => c.kind === 'attachFile');
  for (const group of [orders, files]) {
    for (const command of group) {
      if (command.state !== 'pending' || command.seq === undefined) continue;
      const ref = orderOf(command);
      const target = command.kind === 'createOrder' ? null : targetOf(ref, command, known.get(refKey(ref)));
      // An edit, send or file of an order not on the server yet (or held by a failed step) waits for it.
      if (target === 'wait') continue;
      const outcome = await send(command, target?.id ?? null, target?.version ?? null);
      if (!outcome.ok && outcome.stop) {
        await db.put('commands', { ...command, attempts: command.attempts + 1 });
        changed();
        if (command.kind === 'attachFile') break;
        return;
      }
      const updated: OutboxCommand = outcome.ok
        ? { ...command, state: 'sent', result: outcome.result, message: null, fields: null, attempts: command.attempts + 1 }
        : { ...command, state: outcome.state, message: outcome.message, fields: outcome.fields, serverSide: outcome.state === 'conflict' ? await serverSideOf(outcome.orderId) : null, attempts: command.attempts + 1 };
      await db.put('commands', updated);
      learn(updated);
      changed();
    }
  }
}
