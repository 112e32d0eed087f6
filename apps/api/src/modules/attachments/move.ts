import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachmentChunks, attachmentContents, attachments } from '../../db/schema';
import { Pieces } from './pieces';
import { objectKey, type ObjectStore } from './s3-store';
import { CHUNK_SIZE, chunkWriter, databaseStore, type StoredContent } from './store';

/*
 * Moves stored documents between the database and the object store (npm run attachments:move).
 * Each file is copied, then read back from its new place and checked against its sha256, and only
 * then its content row switches store in a transaction that also drops the old copy (database
 * pieces; an object is deleted right after that commit). So a stop at any moment leaves every file
 * readable where its row says, and running the command again carries on: what was moved no longer
 * matches, a half-copied file is copied again. Files whose stored bytes do not match their sha256
 * are left where they are and reported.
 */

export type Destination = 'db' | 's3';

/** One file as the move sees it. */
interface Candidate {
  contentId: string;
  key: string | null;
  chunkSize: number;
  attachmentId: number;
  fileName: string;
  size: number;
  sha256: string;
}

export interface MoveSummary {
  moved: number;
  movedBytes: number;
  /** Deleted (with their document) while being moved: nothing left to move. */
  gone: number;
  failed: { attachmentId: number; fileName: string; reason: string }[];
  /** Objects that could not be deleted after their file reached the database. */
  leftObjects: string[];
}

/** What the move says while it works (the command prints it; tests read it). */
export type Report = (line: string) => void;

const BATCH = 100;
const HEX_PREFIX = 12;

export const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

class IntegrityError extends Error {}

/** Hashes what passes through. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  return {
    take(chunk: Buffer) {
      hash.update(chunk);
      size += chunk.length;
    },
    /** `what`: the bytes just read, in words («leídos de vuelta del almacenamiento S3»). */
    check(expected: { sha256: string; size: number }, what: string) {
      const actual = hash.digest('hex');
      if (actual !== expected.sha256 || size !== expected.size) {
        throw new IntegrityError(
          `los bytes ${what} no coinciden con su SHA-256 (${actual.slice(0, HEX_PREFIX)}…, ${size} bytes; se esperaba ${expected.sha256.slice(0, HEX_PREFIX)}…, ${expected.size} bytes)`,
        );
      }
    },
  };
}

async function verify(source: AsyncIterable<Buffer>, expected: Candidate, what: string): Promise<void> {
  const hash = hashing();
  for await (const chunk of source) hash.take(chunk);
  hash.check(expected, what);
}

const whole = (candidate: Candidate) => ({ start: 0, end: Math.max(candidate.size - 1, 0) });
const asStored = (candidate: Candidate, store: Destination): StoredContent => ({ id: candidate.contentId, store, key: candidate.key, chunkSize: candidate.chunkSize });

/** The documents stored in `from`, after `afterId`, oldest content id first. */
async function nextBatch(db: Db, from: Destination, afterId: string): Promise<Candidate[]> {
  const rows = await db
    .select({
      contentId: attachmentContents.id,
      key: attachmentContents.key,
      chunkSize: attachmentContents.chunkSize,
      attachmentId: attachments.id,
      fileName: attachments.fileName,
      size: attachments.size,
      sha256: attachments.sha256,
    })
    .from(attachmentContents)
    .innerJoin(attachments, eq(attachments.contentId, attachmentContents.id))
    .where(and(eq(attachmentContents.store, from), eq(attachmentContents.released, false), gt(attachmentContents.id, afterId)))
    .orderBy(asc(attachmentContents.id))
    .limit(BATCH);
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}

/** How many documents (and bytes) are stored in `store`. */
export async function storedIn(db: Db, store: Destination): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sum(attachments.size) })
    .from(attachmentContents)
    .innerJoin(attachments, eq(attachments.contentId, attachmentContents.id))
    .where(and(eq(attachmentContents.store, store), eq(attachmentContents.released, false)));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/** Database → bucket. 'gone' when the document was deleted meanwhile. */
async function toObjectStore(db: Db, objects: ObjectStore, candidate: Candidate): Promise<'moved' | 'gone'> {
  const key = objectKey(candidate.contentId);
  const writer = objects.writer(key);
  try {
    const source = hashing();
    for await (const chunk of databaseStore(db).read(asStored(candidate, 'db'), whole(candidate))) {
      source.take(chunk);
      await writer.write(chunk);
    }
    source.check(candidate, 'guardados en la base de datos');
    await writer.finish();
    await verify(objects.read(key), candidate, 'leídos de vuelta del almacenamiento S3');
  } catch (error) {
    await writer.abort();
    throw error;
  }
  const switched = await db.transaction(async (tx) => {
    const rows = await tx
      .update(attachmentContents)
      .set({ store: 's3', key })
      .where(and(eq(attachmentContents.id, candidate.contentId), eq(attachmentContents.store, 'db')))
      .returning({ id: attachmentContents.id });
    if (rows.length === 0) return false;
    await tx.delete(attachmentChunks).where(eq(attachmentChunks.contentId, candidate.contentId));
    return true;
  });
  if (switched) return 'moved';
  // Another run moved it to this very object: keep it. Otherwise its document is gone: so is the copy.
  const [now] = await db.select({ store: attachmentContents.store, key: attachmentContents.key }).from(attachmentContents).where(eq(attachmentContents.id, candidate.contentId));
  if (now?.store === 's3' && now.key === key) return 'moved';
  await objects.remove(key);
  return 'gone';
}

/** Bucket → database. The object is deleted by the caller once the switch committed. */
async function toDatabase(db: Db, objects: ObjectStore, candidate: Candidate): Promise<'moved' | 'gone'> {
  const key = candidate.key ?? objectKey(candidate.contentId);
  // Only while the content still reads from the bucket: never the pieces of a file that lives in the database.
  const dropCopy = () =>
    db
      .delete(attachmentChunks)
      .where(
        and(
          eq(attachmentChunks.contentId, candidate.contentId),
          sql`EXISTS (SELECT 1 FROM attachment_contents c WHERE c.id = ${candidate.contentId} AND c.store = 's3')`,
        ),
      );
  // Pieces of an interrupted earlier run; the content still reads from the bucket.
  await dropCopy();
  try {
    const source = hashing();
    const pieces = new Pieces(chunkWriter(db, candidate.contentId).write);
    for await (const chunk of objects.read(key)) {
      source.take(chunk);
      await pieces.push(chunk);
    }
    await pieces.flush(true);
    source.check(candidate, 'guardados en el almacenamiento S3');
    await verify(databaseStore(db).read({ id: candidate.contentId, store: 'db', key: null, chunkSize: CHUNK_SIZE }, whole(candidate)), candidate, 'leídos de vuelta de la base de datos');
  } catch (error) {
    await dropCopy();
    throw error;
  }
  const switched = await db.transaction(async (tx) => {
    const rows = await tx
      .update(attachmentContents)
      .set({ store: 'db', key: null, chunkSize: CHUNK_SIZE })
      .where(and(eq(attachmentContents.id, candidate.contentId), eq(attachmentContents.store, 's3'), eq(attachmentContents.released, false)))
      .returning({ id: attachmentContents.id });
    return rows.length > 0;
  });
  if (switched) return 'moved';
  const [now] = await db.select({ store: attachmentContents.store }).from(attachmentContents).where(eq(attachmentContents.id, candidate.contentId));
  if (now?.store === 'db') return 'moved';
  await dropCopy();
  return 'gone';
}

/**
 * Moves every document stored on the other side to `to` (at most `limit` of them), one at a time,
 * saying how it goes through `report`.
 */
export async function moveAttachments(db: Db, objects: ObjectStore, to: Destination, report: Report, limit = Number.POSITIVE_INFINITY): Promise<MoveSummary> {
  const from: Destination = to === 's3' ? 'db' : 's3';
  const bucket = `almacenamiento S3 (bucket ${objects.bucket})`;
  const places = {
    db: { en: 'en la base de datos', de: 'de la base de datos', a: 'a la base de datos' },
    s3: { en: `en el ${bucket}`, de: `del ${bucket}`, a: `al ${bucket}` },
  };
  const place = (preposition: 'en' | 'de' | 'a', store: Destination) => places[store][preposition];
  const pending = await storedIn(db, from);
  const summary: MoveSummary = { moved: 0, movedBytes: 0, gone: 0, failed: [], leftObjects: [] };
  if (pending.files === 0) {
    report(`No hay documentos ${place('en', from)}: nada que mover.`);
    return summary;
  }
  const total = Math.min(pending.files, limit);
  report(`Se moverán ${total} de ${pending.files} documentos (${megabytes(pending.bytes)} en total) ${place('de', from)} ${place('a', to)}.`);
  let done = 0;
  let afterId = '00000000-0000-0000-0000-000000000000';
  while (done < total) {
    const batch = await nextBatch(db, from, afterId);
    if (batch.length === 0) break;
    for (const candidate of batch) {
      if (done >= total) break;
      afterId = candidate.contentId;
      done += 1;
      const label = `[${done}/${total}] documento ${candidate.attachmentId} «${candidate.fileName}» (${megabytes(candidate.size)})`;
      try {
        const outcome = to === 's3' ? await toObjectStore(db, objects, candidate) : await toDatabase(db, objects, candidate);
        if (outcome === 'gone') {
          summary.gone += 1;
          report(`${label}: se borró mientras se movía; nada que mover.`);
          continue;
        }
        summary.moved += 1;
        summary.movedBytes += candidate.size;
        report(`${label}: movido y verificado (SHA-256).`);
        if (to === 'db') {
          const key = candidate.key ?? objectKey(candidate.contentId);
          await objects.remove(key).catch(() => {
            summary.leftObjects.push(key);
            report(`${label}: no se pudo borrar el objeto ${key} del bucket; bórralo a mano.`);
          });
        }
      } catch (error) {
        const reason = error instanceof IntegrityError ? error.message : `error: ${(error as Error).message}`;
        summary.failed.push({ attachmentId: candidate.attachmentId, fileName: candidate.fileName, reason });
        report(`${label}: NO se movió, ${reason}. Sigue ${place('en', from)}.`);
      }
    }
  }
  const left = await storedIn(db, from);
  report(
    `Resumen: ${summary.moved} documentos movidos ${place('a', to)} (${megabytes(summary.movedBytes)}), ${summary.failed.length} con error, ` +
      `${summary.gone} borrados mientras se movían. Quedan ${left.files} ${place('en', from)}.`,
  );
  if (summary.failed.length > 0) report('Los documentos con error siguen donde estaban y se pueden descargar; revisa el motivo y vuelve a ejecutar el comando.');
  return summary;
}
