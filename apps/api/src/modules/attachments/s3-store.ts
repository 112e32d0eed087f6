import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { eq } from 'drizzle-orm';
import type { S3Settings } from './settings';
import type { Db } from '../../db/client';
import { attachmentContents } from '../../db/schema';
import { CHUNK_SIZE, unclaimed, type ByteRange, type ContentStore } from './store';

/*
 * Files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2…). The upload
 * streams through lib-storage's multipart upload (a few 5 MB parts in memory at most); downloads ask
 * the store for the byte range.
 */

/** Objects are named by their content id, never by the user's file name. */
export const objectKey = (contentId: string) => `attachments/${contentId}`;

/** A streamed upload of one object. */
export interface ObjectWriter {
  /** Appends bytes; resolves when they may be dropped from memory. */
  write(chunk: Buffer): Promise<void>;
  /** All bytes written: resolves once the object is complete in the bucket. */
  finish(): Promise<void>;
  /** Stops the upload and deletes whatever reached the bucket. */
  abort(): Promise<void>;
}

/** One bucket: objects written as streams, read whole or by range, deleted. */
export interface ObjectStore {
  readonly bucket: string;
  writer(key: string): ObjectWriter;
  read(key: string, range?: ByteRange): AsyncIterable<Buffer>;
  remove(key: string): Promise<void>;
  destroy(): void;
}

export function objectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Self-hosted stores (MinIO) answer on one host name: the bucket goes in the path.
    forcePathStyle: true,
  });
  const Bucket = settings.bucket;

  async function remove(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  return {
    bucket: Bucket,
    writer(key) {
      const body = new PassThrough();
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body }, queueSize: 2, partSize: 5 * 1024 * 1024 });
      const done = upload.done();
      // Awaited in finish / abort; a failure before then must not go unhandled.
      done.catch(() => undefined);
      return {
        async write(chunk) {
          if (!body.write(chunk)) await Promise.race([once(body, 'drain'), done]);
        },
        async finish() {
          body.end();
          await done;
        },
        async abort() {
          body.destroy();
          await upload.abort().catch(() => undefined);
          await remove(key).catch(() => undefined);
        },
      };
    },
    async *read(key, range) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      for await (const chunk of answer.Body as Readable) yield chunk as Buffer;
    },
    remove,
    destroy: () => client.destroy(),
  };
}

/** New files go to the bucket; content rows say which object holds them. */
export function s3Store(db: Db, objects: ObjectStore): ContentStore {
  return {
    kind: 's3',
    async begin() {
      const contentId = randomUUID();
      const key = objectKey(contentId);
      await db.insert(attachmentContents).values({ id: contentId, store: 's3', key, chunkSize: CHUNK_SIZE });
      const writer = objects.writer(key);
      return {
        contentId,
        write: (chunk) => writer.write(chunk),
        finish: () => writer.finish(),
        async abort() {
          await writer.abort();
          await db.delete(attachmentContents).where(eq(attachmentContents.id, contentId));
        },
      };
    },
    read: (content, range) => objects.read(content.key ?? objectKey(content.id), range),
    async sweep() {
      const rows = await db.select({ id: attachmentContents.id, key: attachmentContents.key }).from(attachmentContents).where(unclaimed('s3')).limit(1000);
      for (const row of rows) {
        // The object first: a row left behind is swept again, an object left behind would be lost track of.
        await objects.remove(row.key ?? objectKey(row.id));
        await db.delete(attachmentContents).where(eq(attachmentContents.id, row.id));
      }
      return rows.length;
    },
  };
}
