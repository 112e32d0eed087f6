import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ATTACHMENT_MESSAGES, type AttachmentType } from '@goc/contracts';
import { AppError, ValidationError } from '../../lib/errors';
import { cleanFileName, programExtension, SNIFF_BYTES, sniffType, textGuard } from './sniff';
import { Pieces } from './pieces';
import type { ContentStore } from './store';
import { thumbnailMaker, type ThumbnailMaker } from './thumbnail';

/*
 * One uploaded file, streamed: the first bytes decide its type and its stored name (415 before
 * anything is stored), then it goes to the store in CHUNK_SIZE pieces while its sha256 and, for
 * images, its thumbnail are computed and, for text, every piece is checked to be text without markup.
 * Over the size limit (the multipart parser stops the stream), markup further in (415) or on any
 * failure the written bytes are removed before the answer.
 */

export interface ReceivedFile {
  contentId: string;
  contentType: AttachmentType;
  size: number;
  sha256: string;
  thumbnail: { data: Buffer; type: string } | null;
  /** The name it is stored under (cleanFileName: safe, its extension the detected type's). */
  fileName: string;
  /** Removes the stored bytes (the attachment row was refused). */
  discard(): Promise<void>;
}

export interface IncomingFile {
  file: Readable & { truncated?: boolean };
  filename: string;
}

export const tooLarge = (maxMb: number) => new AppError(413, ATTACHMENT_MESSAGES.tooLarge(maxMb));

/** Reads the stream to its end without keeping it (the answer waits for the body the client is still sending). */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/** The first bytes of the stream (up to SNIFF_BYTES, more if a piece overshoots), and whether it ended. */
async function head(iterator: AsyncIterator<Buffer>): Promise<{ sample: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) return { sample: Buffer.concat(parts, length), ended: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { sample: Buffer.concat(parts, length), ended: false };
}

/**
 * Stores one file part. Refuses an empty file (400), a type GOC does not keep, markup in a text, a
 * text named as a program (415) and a file over the limit (413); in each case nothing stays stored.
 */
export async function receiveFile(incoming: IncomingFile, store: ContentStore, maxMb: number): Promise<ReceivedFile> {
  const { file } = incoming;
  const iterator = (file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const { sample, ended } = await head(iterator);
  const refuse = async (error: AppError) => {
    if (!ended) await drain(file);
    throw error;
  };
  if (file.truncated) return refuse(tooLarge(maxMb));
  if (sample.length === 0) return refuse(new ValidationError({ file: ATTACHMENT_MESSAGES.empty }));
  const contentType = await sniffType(sample.subarray(0, SNIFF_BYTES), incoming.filename);
  if (!contentType) return refuse(new AppError(415, ATTACHMENT_MESSAGES.type));
  const program = programExtension(incoming.filename, contentType);
  if (program !== null) return refuse(new AppError(415, ATTACHMENT_MESSAGES.program(program)));
  const stillText = textGuard(contentType);
  if (stillText && !stillText(sample)) return refuse(new AppError(415, ATTACHMENT_MESSAGES.type));

  const writer = await store.begin();
  const hash = createHash('sha256');
  const pieces = new Pieces((piece) => writer.write(piece));
  let thumbnail: ThumbnailMaker | null = null;
  let size = 0;
  const take = async (data: Buffer) => {
    size += data.length;
    hash.update(data);
    await thumbnail?.write(data);
    await pieces.push(data);
  };
  try {
    thumbnail = await thumbnailMaker(contentType);
    await take(sample);
    if (!ended) {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (stillText && !stillText(next.value)) {
          await drain(file);
          throw new AppError(415, ATTACHMENT_MESSAGES.type);
        }
        await take(next.value);
      }
    }
    if (file.truncated) throw tooLarge(maxMb);
    await pieces.flush(true);
    await writer.finish();
  } catch (error) {
    await thumbnail?.discard();
    await writer.abort();
    throw error;
  }
  return {
    contentId: writer.contentId,
    contentType,
    size,
    sha256: hash.digest('hex'),
    thumbnail: thumbnail ? await thumbnail.finish() : null,
    fileName: cleanFileName(incoming.filename, contentType),
    discard: () => writer.abort(),
  };
}
