import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachmentChunks, attachmentContents } from '../../db/schema';

/*
 * Where a file's bytes live. A content row is created before the first byte is written; it counts as
 * stored only once an attachment row points at it (same transaction as the audit entry), so a failed
 * or refused upload is removed at once and a crashed one is swept later.
 */

/** Pieces of a database-stored file: big enough for few round trips, small enough to stream. */
export const CHUNK_SIZE = 1024 * 1024;

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

/** Files in the database, in CHUNK_SIZE pieces: one row in memory at a time, both ways. */
export function databaseStore(db: Db): ContentStore {
  return {
    kind: 'db',
    async begin() {
      const contentId = randomUUID();
      await db.insert(attachmentContents).values({ id: contentId, store: 'db', chunkSize: CHUNK_SIZE });
      let seq = 0;
      return {
        contentId,
        async write(chunk) {
          // Each piece is its own statement: no transaction is held while a slow phone uploads. Base64
          // text, not a bytea parameter: PGlite's bytea parameters and results are ten times slower.
          await db.insert(attachmentChunks).values({ contentId, seq, data: sql`decode(${chunk.toString('base64')}::text, 'base64')` });
          seq += 1;
        },
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
        const [row] = await db
          .select({ data: sql<string>`encode(${attachmentChunks.data}, 'base64')` })
          .from(attachmentChunks)
          .where(and(eq(attachmentChunks.contentId, content.id), eq(attachmentChunks.seq, seq)));
        if (!row) throw new Error(`attachment content ${content.id}: chunk ${seq} is missing`);
        const data = Buffer.from(row.data, 'base64');
        const offset = seq * content.chunkSize;
        const from = Math.max(range.start - offset, 0);
        const to = Math.min(range.end - offset + 1, data.length);
        yield from === 0 && to === data.length ? data : data.subarray(from, to);
      }
    },
    async sweep() {
      const removed = await db.delete(attachmentContents).where(unclaimed('db')).returning({ id: attachmentContents.id });
      return removed.length;
    },
  };
}
