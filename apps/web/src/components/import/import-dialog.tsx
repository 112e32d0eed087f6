import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { ImportMatch, ImportReport } from '@goc/contracts';
import { errorMessage } from '../../lib/api/api-error';
import { blobErrorBody } from '../../lib/resources/download';
import { AppDialog } from '../app-dialog';
import { OnlineOnlyButton } from '../online-only-button';
import { useToast } from '../toast/use-toast';
import { downloadTemplate, ImportFailed, runImport, type ImportPhase } from './import-api';
import { importTexts as texts } from './import-texts';

export interface ImportDialogProps {
  resource: { resource: string; nouns: { plural: string } };
  /** The user may also edit: offer updating the records found by their code. */
  canUpdate: boolean;
  onHide: () => void;
}

function PhaseBar({ phase }: { phase: ImportPhase }) {
  const percent = phase.step === 'uploading' ? phase.percent : phase.total > 0 ? Math.round((phase.processed / phase.total) * 100) : 0;
  const label = phase.step === 'uploading' ? texts.uploading(phase.percent) : texts[phase.step](phase.processed, phase.total);
  return (
    <div className="flex flex-col gap-1" role="status">
      <span className="text-sm">{label}</span>
      <ProgressBar value={percent} showValue={false} style={{ height: '0.5rem' }} aria-label={label} />
    </div>
  );
}

const ROWS_PER_PAGE = 10;

function ReportTable({ report, fileName }: { report: ImportReport; fileName: string }) {
  const table = useRef<DataTable<ImportReport['errors']>>(null);
  // A few problems are read at a glance; a long report gets a filter under each column and pages.
  const filterable = report.errors.length > ROWS_PER_PAGE;
  const filterProps = { showFilterMenu: false, filterPlaceholder: texts.filter };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Message severity="error" text={texts.errorCount(report)} />
        <Button type="button" label={texts.exportReport} icon="pi pi-download" size="small" outlined onClick={() => table.current?.exportCSV()} />
      </div>
      <DataTable
        ref={table}
        value={report.errors}
        size="small"
        paginator={filterable}
        rows={ROWS_PER_PAGE}
        filterDisplay={filterable ? 'row' : undefined}
        exportFilename={texts.reportFileName(fileName)}
        emptyMessage={texts.noMatches}
        scrollable
        pt={{ table: { 'aria-label': texts.reportTable } }}
      >
        <Column field="row" header={texts.row} filter={filterable} filterMatchMode="equals" {...filterProps} style={{ width: '6rem' }} />
        <Column field="record" header={texts.record} filter={filterable} filterMatchMode="contains" {...filterProps} />
        <Column field="column" header={texts.column} filter={filterable} filterMatchMode="contains" {...filterProps} />
        <Column field="value" header={texts.value} filter={filterable} filterMatchMode="contains" {...filterProps} />
        <Column field="message" header={texts.message} filter={filterable} filterMatchMode="contains" {...filterProps} />
      </DataTable>
    </div>
  );
}

/**
 * Importar: download the template, choose a file, see it checked (upload and validation progress),
 * read every problem in a filterable, exportable table; «Importar N registros» only for a clean file,
 * which is then written all or nothing.
 */
export function ImportDialog({ resource, canUpdate, onHide }: ImportDialogProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [match, setMatch] = useState<ImportMatch>('none');
  const [phase, setPhase] = useState<ImportPhase | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = phase !== null;

  const check = async (chosen: File, matching: ImportMatch) => {
    setReport(null);
    setFailure(null);
    setPhase({ step: 'uploading', percent: 0 });
    try {
      setReport((await runImport(resource.resource, chosen, { mode: 'validate', match: matching, onPhase: setPhase })).report);
    } catch (error) {
      setFailure(error instanceof ImportFailed ? error.message : errorMessage(error));
    } finally {
      setPhase(null);
    }
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    void check(chosen, match);
  };

  const toggleMatch = (checked: boolean) => {
    const next = checked ? 'code' : 'none';
    setMatch(next);
    if (file) void check(file, next);
  };

  const commit = async () => {
    if (!file) return;
    setFailure(null);
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const outcome = await runImport(resource.resource, file, { mode: 'commit', match, onPhase: setPhase });
      if (outcome.report.errors.length > 0) {
        setReport(outcome.report);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      toast.add({ severity: 'success', summary: texts.done, detail: texts.doneDetail(outcome.report), life: 6000 });
      onHide();
    } catch (error) {
      setFailure(error instanceof ImportFailed ? error.message : errorMessage(error));
    } finally {
      setPhase(null);
    }
  };

  const template = async (format: 'xlsx' | 'csv') => {
    try {
      await downloadTemplate(resource.resource, format, texts.templateName(resource.nouns.plural));
    } catch (error) {
      toast.add({ severity: 'error', summary: texts.templateFailed, detail: (await blobErrorBody(error))?.message ?? errorMessage(error), life: 6000 });
    }
  };

  const writable = report && report.errors.length === 0 ? report.created + report.updated : 0;
  const footer = (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" label={texts.cancel} severity="secondary" outlined onClick={onHide} disabled={busy} />
      <OnlineOnlyButton type="button" label={texts.commit(writable)} icon="pi pi-upload" onClick={() => void commit()} disabled={busy || writable === 0} loading={busy && report !== null} />
    </div>
  );

  return (
    <AppDialog visible onHide={onHide} header={texts.title(resource.nouns.plural)} footer={footer} style={{ width: '52rem' }} closable={!busy}>
      <div className="flex flex-col gap-4">
        <section className="flex flex-col gap-2" aria-label={texts.step1}>
          <p className="m-0 text-sm">{texts.intro}</p>
          <div className="flex flex-wrap gap-2">
            <OnlineOnlyButton type="button" label={texts.templateExcel} icon="pi pi-file-excel" severity="success" outlined size="small" onClick={() => void template('xlsx')} />
            <OnlineOnlyButton type="button" label={texts.templateCsv} icon="pi pi-file" severity="secondary" outlined size="small" onClick={() => void template('csv')} />
          </div>
        </section>
        <section className="flex flex-col gap-2" aria-label={texts.step2}>
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={input}
              id="import-file"
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              aria-label={texts.chooseFile}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <OnlineOnlyButton type="button" label={file ? texts.chooseAnother : texts.chooseFile} icon="pi pi-folder-open" onClick={() => input.current?.click()} disabled={busy} />
            {file && <span className="break-all text-sm">{file.name}</span>}
          </div>
          {canUpdate && (
            <div className="flex items-center gap-2">
              <Checkbox inputId="import-match" checked={match === 'code'} onChange={(e) => toggleMatch(e.checked === true)} disabled={busy} />
              <label htmlFor="import-match" className="text-sm">
                {texts.matchByCode}
              </label>
            </div>
          )}
        </section>
        {phase && <PhaseBar phase={phase} />}
        {failure && <Message severity="error" text={failure} />}
        {report && !phase && report.errors.length === 0 && <Message severity="success" text={texts.clean(report)} />}
        {report && report.errors.length > 0 && <ReportTable report={report} fileName={file?.name ?? ''} />}
      </div>
    </AppDialog>
  );
}
