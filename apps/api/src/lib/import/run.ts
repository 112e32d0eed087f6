import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { IMPORT_MESSAGES, type ImportError, type ImportMatch, type ImportMode, type ImportReport } from '@goc/contracts';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { BatchRefusal } from '../crud/batch';
import type { ResourceService } from '../crud/service';
import type { Actor } from '../crud/types';
import { AppError } from '../errors';
import { mapColumns, type MappedColumn } from './columns';
import { columnLimit, readSheetOffThread } from './read';
import { loadLookups } from './references';
import { planRows, recordNames, type PlannedRow } from './rows';

/*
 * An import: the file read, every row checked (validate stops here), then — only when no row has a
 * problem — every row written through the resource's service inside ONE transaction, in batches
 * (service.createMany / updateMany), audited as the service audits each record plus one `import`
 * entry with the file name and counts. Any refusal rolls everything back.
 */

export interface ImportRequest {
  db: Db;
  service: ResourceService;
  actor: Actor;
  buffer: Buffer;
  fileName: string;
  mode: ImportMode;
  match: ImportMatch;
  /** Rows checked and written so far, of `total` (validation, then writing on commit). */
  onProgress?(processed: number, total: number): void;
}

export interface ImportOutcome {
  /** 200, or 422 for a commit that wrote nothing because of the report's errors. */
  statusCode: 200 | 422;
  report: ImportReport;
}

/** How often a long import lets other requests (progress polls) in. */
const YIELD_EVERY = 250;

/** Records written per batch (crud/batch.ts): one statement per check, insert and audit for so many. */
const WRITE_BATCH = 500;

/** Consecutive rows of one kind, at most WRITE_BATCH each, in file order. */
function writeBatches(rows: readonly PlannedRow[]): PlannedRow[][] {
  const batches: PlannedRow[][] = [];
  for (const row of rows) {
    const last = batches.at(-1);
    if (last && last[0]!.kind === row.kind && last.length < WRITE_BATCH) last.push(row);
    else batches.push([row]);
  }
  return batches;
}

/** Thrown inside the transaction to roll it back when the service refuses a row. */
class RowRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super('fila rechazada');
  }
}

/** A service refusal as report lines: one per field it names, or one for the row. */
function refusalErrors(error: AppError, planned: PlannedRow, columns: readonly MappedColumn[]): ImportError[] {
  const entries = Object.entries(error.fields ?? {});
  if (entries.length === 0) return [{ row: planned.row, column: '', value: '', message: error.message }];
  return entries.map(([field, message]) => {
    const column = columns.find((c) => c.field.name === field.split('.')[0]);
    const value = planned.input[field];
    return { row: planned.row, column: column?.header ?? '', value: value === null || value === undefined ? '' : String(value), message };
  });
}

export async function runImport(request: ImportRequest): Promise<ImportOutcome> {
  const { db, service, actor, mode, match, fileName } = request;
  const sheet = await readSheetOffThread(request.buffer, { maxColumns: columnLimit(service.resource) });
  if (sheet.rows.length === 0) throw new AppError(400, IMPORT_MESSAGES.empty);
  const total = sheet.rows.length * (mode === 'commit' ? 2 : 1);
  const progress = async (processed: number) => {
    request.onProgress?.(processed, total);
    if (processed % YIELD_EVERY === 0) await yieldToOthers();
  };
  const { columns, errors: headerErrors } = mapColumns(service.resource, sheet.headers);
  const recordOf = recordNames(service, columns, sheet.rows);
  const report = (errors: ImportError[], counts: { created: number; updated: number; unchanged: number }): ImportReport => {
    // A problem of the columns spoils every row; otherwise the rows without a problem are good.
    const bad = new Set(errors.map((e) => e.row));
    const valid = bad.has(0) || bad.has(1) ? 0 : sheet.rows.filter((r) => !bad.has(r.row)).length;
    return { fileName, mode, rows: sheet.rows.length, valid, ...counts, errors: errors.map((e) => ({ ...e, record: recordOf(e.row) })) };
  };
  const failed = (errors: ImportError[]): ImportOutcome => ({
    statusCode: mode === 'commit' ? 422 : 200,
    report: report(errors, { created: 0, updated: 0, unchanged: 0 }),
  });

  if (headerErrors.length > 0) return failed(headerErrors);
  const lookups = await loadLookups(db, service.source.registry, columns.map((c) => c.field));
  const plan = await planRows({
    executor: db,
    service,
    actor,
    columns,
    rows: sheet.rows,
    lookups,
    match: match === 'code',
    onRow: (index) => progress(index + 1),
  });
  const count = (kind: PlannedRow['kind']) => plan.rows.filter((r) => r.kind === kind).length;
  const counts = { created: count('create'), updated: count('update'), unchanged: count('unchanged') };
  if (plan.errors.length > 0) return failed(plan.errors);
  if (mode === 'validate') return { statusCode: 200, report: report([], counts) };

  try {
    await db.transaction(async (tx) => {
      let written = sheet.rows.length;
      for (const batch of writeBatches(plan.rows)) {
        try {
          if (batch[0]!.kind === 'create') await service.createMany(tx, actor, batch.map((p) => p.input));
          else if (batch[0]!.kind === 'update') await service.updateMany(tx, actor, batch.map((p) => ({ id: Number(p.target!.id), input: p.input })));
        } catch (error) {
          if (error instanceof BatchRefusal) throw new RowRefused(refusalErrors(error.error, batch[error.index]!, columns));
          throw error;
        }
        written += batch.length;
        request.onProgress?.(written, total);
        await yieldToOthers();
      }
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'import',
        entity: service.resource.key,
        ip: actor.ip,
        metadata: { fileName, rows: sheet.rows.length, match, ...counts },
      });
    });
  } catch (error) {
    if (error instanceof RowRefused) return failed(error.errors);
    throw error;
  }
  return { statusCode: 200, report: report([], counts) };
}
