import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '@goc/contracts';
import { TooManyRequestsError } from '../errors';
import { csvStream } from './csv';
import type { ExportColumn } from './format';
import { EXPORT_LIMIT_MESSAGES, type ExportLimiter } from './limiter';
import { xlsxStream } from './xlsx';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportRequest<Row> {
  format: ExportFormat;
  /** Download file name, e.g. 'unidades-2026-03-01.csv'. */
  fileName: string;
  /** XLSX sheet title. */
  title: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
  limiter: ExportLimiter;
  userId: number;
}

/** The first batch already read, then the rest: the stream the file writers pull from. */
async function* replay<Row>(first: IteratorResult<Row[]>, rest: AsyncIterator<Row[]>): AsyncGenerator<Row[]> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Sends an export. Everything that can be refused is refused before the first byte, with a proper
 * status: the concurrency caps (429) and the first batch's query (400 / 503 / 500 from the error
 * handler). A batch failing later, once the 200 is out, destroys the connection (Fastify does so for
 * an erroring stream): the client sees a failed download, never a short file that looks complete.
 * The slot is released when the response closes, finished or aborted.
 */
export async function sendExport<Row>(reply: FastifyReply, spec: ExportRequest<Row>): Promise<FastifyReply> {
  const slot = spec.limiter.acquire(spec.userId);
  if (!slot.ok) throw new TooManyRequestsError(EXPORT_LIMIT_MESSAGES[slot.reason]);
  let streaming = false;
  try {
    const iterator = spec.batches[Symbol.asyncIterator]();
    const first = await iterator.next();
    const batches = replay(first, iterator);
    reply.raw.once('close', slot.release);
    streaming = true;
    reply.header('content-disposition', `attachment; filename="${spec.fileName}"`).header('cache-control', 'no-store');
    if (spec.format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(spec.columns, batches));
    return reply.type(XLSX_MIME).send(xlsxStream(spec.columns, batches, spec.title));
  } finally {
    if (!streaming) slot.release();
  }
}
