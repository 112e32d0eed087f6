import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredRows } from './site-store';

/*
 * The phone's own copy of GOC's data (docs/offline.md): the outbox of writes made without a
 * connection, the files they attach, and the site data read offline. One database per browser
 * profile, owned by one user: opening it for someone else wipes it first, so a shared phone never
 * shows the previous user's data.
 */

export const OFFLINE_DB_NAME = 'goc-offline';
const VERSION = 2;

/** Which record a command acts on: a server id, or the client id of the queued create that makes it. */
export type OrderRef = { id: number } | { clientId: string };

export type CommandState = 'pending' | 'sent' | 'failed' | 'conflict';

export type CommandPayload =
  | { kind: 'createOrder'; body: Record<string, unknown> }
  | { kind: 'updateOrder'; order: OrderRef; version: number; body: Record<string, unknown> }
  | { kind: 'sendOrder'; order: OrderRef; version: number | null }
  /** The file's bytes, not a Blob: Safari has lost Blobs kept in IndexedDB, an ArrayBuffer is kept everywhere. */
  | { kind: 'attachFile'; order: OrderRef; bytes: ArrayBuffer; type: string; name: string };

export type OutboxCommand = CommandPayload & {
  /** Queue position: commands are sent in this order. */
  seq?: number;
  /** Names the record a queued create will make, before the server gives it an id. */
  clientId: string;
  /** Sent as Idempotency-Key: a repeat after a lost answer gets the first answer back. */
  idempotencyKey: string;
  /** Epoch ms. */
  queuedAt: number;
  /** A short Spanish line saying what the command does («Pedido nuevo: obra …»). */
  summary: string;
  state: CommandState;
  attempts: number;
  /** The server's message for a failed or conflicting command. */
  message: string | null;
  /** The server's messages by field of a refusal ('lines.2.quantity'), shown beside them when it is corrected; absent before they were kept. */
  fields?: Record<string, string> | null;
  /** What the server answered: the record's id and version once sent. */
  result: { id: number; version: number; folio?: string } | null;
  /** The server's current record when the command conflicts with it. */
  serverSide: Record<string, unknown> | null;
};

export interface SiteDataSet {
  name: string;
  /** Its rows, compact (site-store.ts). */
  rows: StoredRows;
  /** Epoch ms of the last successful refresh. */
  syncedAt: number;
  /** The server's cursor for the next incremental refresh; null while the set holds only what pickers got. */
  cursor: string | null;
}

interface OfflineSchema extends DBSchema {
  meta: { key: string; value: { key: string; value: unknown } };
  commands: { key: number; value: OutboxCommand; indexes: { clientId: string } };
  siteData: { key: string; value: SiteDataSet };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opened: { userId: number; db: Promise<OfflineDb> } | null = null;

function openRaw(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(OFFLINE_DB_NAME, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('meta', { keyPath: 'key' });
        const commands = db.createObjectStore('commands', { keyPath: 'seq', autoIncrement: true });
        commands.createIndex('clientId', 'clientId');
      }
      // Version 2 keeps the site data compact (site-store.ts): the sets of version 1 are read again.
      if (oldVersion >= 1) db.deleteObjectStore('siteData');
      db.createObjectStore('siteData', { keyPath: 'name' });
    },
    // Another tab wiping the data (a sign-out there) must not wait for this tab to close.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
}

async function openFor(userId: number): Promise<OfflineDb> {
  let db = await openRaw();
  const owner = await db.get('meta', 'owner');
  if (owner && owner.value !== userId) {
    db.close();
    await deleteDB(OFFLINE_DB_NAME);
    db = await openRaw();
  }
  if (!owner || owner.value !== userId) await db.put('meta', { key: 'owner', value: userId });
  return db;
}

/** The signed-in user's database (opened once; another user's data is wiped before it opens). */
export function offlineDb(userId: number): Promise<OfflineDb> {
  if (opened?.userId !== userId) {
    const previous = opened;
    opened = { userId, db: (previous ? previous.db.then((db) => db.close()) : Promise.resolve()).then(() => openFor(userId)) };
  }
  return opened.db;
}

/** Everything kept on the phone, gone: the outbox, its files and the site data (sign-out). */
export async function wipeOfflineData(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.db.catch(() => null))?.close();
  await deleteDB(OFFLINE_DB_NAME);
}

/** Asks the browser not to evict the data under storage pressure; the answer is the browser's. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
