import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './columns';
import { users } from './access';

/** bytea as a Node Buffer (both drivers return one). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The bytes of one file, wherever they live: `db` (in `attachment_chunks`) or `s3` (the object
 * `key`). A content no attachment points at is an upload in progress (or a crashed one, swept after
 * an hour); `released` marks S3 contents whose attachment was deleted, swept at once.
 */
export const attachmentContents = pgTable(
  'attachment_contents',
  {
    id: uuid('id').primaryKey(),
    store: text('store', { enum: ['db', 's3'] }).notNull(),
    key: text('key'),
    chunkSize: integer('chunk_size').notNull(),
    released: boolean('released').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('attachment_contents_released_idx').on(t.released).where(sql`${t.released}`)],
);

/** A database-stored file in fixed-size pieces, so it streams in and out without being held whole. */
export const attachmentChunks = pgTable(
  'attachment_chunks',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => attachmentContents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.seq] })],
);

/**
 * A document attached to a business record (`resource` is the attachments API's key, `record_id`
 * the record's id). Deleting the record deletes its attachments (a trigger per attachable table),
 * and deleting an attachment deletes its content (a trigger on this table).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: idColumn(),
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => attachmentContents.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    description: text('description'),
    thumbnail: bytea('thumbnail'),
    thumbnailType: text('thumbnail_type'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('attachments_record_sha256_key').on(t.resource, t.recordId, t.sha256),
    index('attachments_record_idx').on(t.resource, t.recordId, t.createdAt),
    uniqueIndex('attachments_content_key').on(t.contentId),
  ],
);
