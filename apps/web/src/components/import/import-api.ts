import { importJobSchema, type ImportMatch, type ImportMode, type ImportReport } from '@goc/contracts';
import { api } from '../../lib/api/client';
import { fileNameFromDisposition, saveBlob } from '../../lib/resources/download';

/* The import routes (docs/import.md) as the dialog uses them: upload with progress, then poll the job. */

export type ImportPhase = { step: 'uploading'; percent: number } | { step: 'checking' | 'writing'; processed: number; total: number };

const POLL_MS = 400;

/** A job that stopped: its Spanish message. */
export class ImportFailed extends Error {}

export async function downloadTemplate(resource: string, format: 'xlsx' | 'csv', fallbackName: string): Promise<void> {
  const response = await api.get<Blob>(`${resource}/import/template`, { params: { format }, responseType: 'blob' });
  saveBlob(response.data, fileNameFromDisposition(response.headers['content-disposition']) ?? `${fallbackName}.${format}`);
}

export interface ImportOutcome {
  report: ImportReport;
  /** 200, or 422 when a commit wrote nothing because of the report's errors. */
  statusCode: number;
}

/**
 * Uploads the file as an asynchronous import (`Prefer: respond-async`), reports the upload's
 * progress, then polls the job until it is done. A failed job throws its Spanish message.
 */
export async function runImport(
  resource: string,
  file: File,
  options: { mode: ImportMode; match: ImportMatch; onPhase: (phase: ImportPhase) => void },
): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file);
  const started = await api.post<{ jobId: string }>(`${resource}/import`, body, {
    params: { mode: options.mode, match: options.match },
    headers: { Prefer: 'respond-async' },
    onUploadProgress: (event) => options.onPhase({ step: 'uploading', percent: event.total ? Math.round((event.loaded / event.total) * 100) : 0 }),
  });
  for (;;) {
    const job = importJobSchema.parse((await api.get(`/imports/${started.data.jobId}`)).data);
    if (job.state === 'failed') throw new ImportFailed(job.message ?? 'La importación falló');
    if (job.state === 'done' && job.report) return { report: job.report, statusCode: job.statusCode ?? 200 };
    // Commit counts the checking of every row, then the writing of every row.
    const rows = options.mode === 'commit' ? job.total / 2 : job.total;
    const writing = options.mode === 'commit' && job.processed > rows;
    options.onPhase({ step: writing ? 'writing' : 'checking', processed: writing ? job.processed - rows : job.processed, total: rows });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
