import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { attachmentChunks, attachmentContents } from '../../db/schema';

/*
 * Where a file's bytes live. A content row is created before the first byte is written; it counts as
 * stored only once an attachment row points at it (same transaction as the audit entry), so a failed
 * or refused upload is removed at once and a crashed one is swept later.
 */

/** Pieces of a database-stored file: big enough for few round trips, small enough to stream. */
export const CHUNK_SIZE = 256 * 1024;

/** Rows a piece is read in (see `read`). */
const READ_PART = 32 * 1024;

/** An upload that no attachment claimed within this time crashed mid-way. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export interface ContentWriter {
  readonly contentId: string;
  /** Appends bytes; resolves when they may be dropped from memory. */
  write(chunk: Buffer): Promise<void>;
  /** All bytes written: resolves once they are durable. */
  finish(): Promise<void>;
  /** Removes whatever was written (the upload was refused). */
  abort(): Promise<void>;
}

export interface StoredContent {
  id: string;
  store: 'db' | 's3';
  key: string | null;
  chunkSize: number;
}

/** Inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ContentStore {
  readonly kind: 'db' | 's3';
  begin(): Promise<ContentWriter>;
  read(content: StoredContent, range: ByteRange): AsyncIterable<Buffer>;
  /** Deletes the bytes of released and abandoned contents of this store; returns how many. */
  sweep(): Promise<number>;
}

/** Contents of a store nobody needs: released by a deleted attachment, or abandoned by a crashed upload. */
export const unclaimed = (store: 'db' | 's3') =>
  and(
    eq(attachmentContents.store, store),
    sql`(${attachmentContents.released} OR (${attachmentContents.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})
      AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.content_id = ${attachmentContents.id})))`,
  );

/** Appends pieces to a database file, in order; each piece is its own statement. */
export function chunkWriter(db: Executor, contentId: string): { write(chunk: Buffer): Promise<void> } {
  let seq = 0;
  return {
    async write(chunk) {
      // No transaction is held while a slow phone uploads. The bytes go as a binary parameter, never as text.
      await db.insert(attachmentChunks).values({ contentId, seq, data: chunk });
      seq += 1;
    },
  };
}

/** Files in the database, in CHUNK_SIZE pieces: one row in memory at a time, both ways. */
export function databaseStore(db: Db): ContentStore {
  return {
    kind: 'db',
    async begin() {
      const contentId = randomUUID();
      await db.insert(attachmentContents).values({ id: contentId, store: 'db', chunkSize: CHUNK_SIZE });
      const chunks = chunkWriter(db, contentId);
      return {
        contentId,
        write: (chunk) => chunks.write(chunk),
        async finish() {},
        async abort() {
          await db.delete(attachmentContents).where(eq(attachmentContents.id, contentId));
        },
      };
    },
    async *read(content, range) {
      const first = Math.floor(range.start / content.chunkSize);
      const last = Math.floor(range.end / content.chunkSize);
      for (let seq = first; seq <= last; seq += 1) {
        const offset = seq * content.chunkSize;
        const from = Math.max(range.start - offset, 0);
        const to = Math.min(range.end - offset + 1, content.chunkSize);
        // The piece's requested bytes as rows of READ_PART bytes: drivers hand bytea over as hex text,
        // and strings this small die young, where a whole piece's would wait for a full collection.
        const { rows } = await db.execute<{ part: Buffer | Uint8Array }>(sql`
          SELECT substring(c.data FROM s FOR least(${READ_PART}::int, ${to + 1}::int - s)) AS part
          FROM ${attachmentChunks} c, generate_series(${from + 1}::int, least(length(c.data), ${to}::int), ${READ_PART}::int) AS s
          WHERE c.content_id = ${content.id} AND c.seq = ${seq}
          ORDER BY s`);
        if (rows.length === 0) throw new Error(`attachment content ${content.id}: chunk ${seq} is missing`);
        for (const row of rows) yield Buffer.isBuffer(row.part) ? row.part : Buffer.from(row.part.buffer, row.part.byteOffset, row.part.byteLength);
      }
    },
    async sweep() {
      const removed = await db.delete(attachmentContents).where(unclaimed('db')).returning({ id: attachmentContents.id });
      return removed.length;
    },
  };
}
