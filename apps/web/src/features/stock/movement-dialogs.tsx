import { useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { businessToday, TRANSFERABLE_WORK_STATUSES, type ConsumptionInput, type ImportReport } from '@goc/contracts';
import { AttachFilesInput, useUploadFiles } from '../../components/attachments/attach-files-input';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { DateInput } from '../../components/form/inputs/date-input';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { MaterialLines, emptyLine, filledLines, type MaterialLine } from './material-lines';
import { CONSUMPTION_DOCUMENTS, createConsumption, createCount, createTransfer, downloadCountSheet, fetchConcepts, importCountSheet, stockKeys } from './stock-api';
import { stockTexts } from './stock-texts';

/** Field messages of a refused save, by the API's field path. */
const fieldsOf = (error: unknown): Record<string, string> => apiErrorBody(error)?.fields ?? {};
/** A refusal that names no field (409: «Solo hay 12 saco de Cemento gris en la obra»). */
const generalError = (error: unknown) => (error && Object.keys(fieldsOf(error)).length === 0 ? errorMessage(error) : null);

const OPEN_WORKS = ['planeacion', 'en_ejecucion', 'suspendida'] as const;

/** Saves, tells, refreshes every store query and closes. */
function useSave<T, R>(save: (body: T) => Promise<R>, done: (result: R) => string, onHide: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (result) => {
      toast.add({ severity: 'success', summary: done(result), life: 3000 });
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onHide();
    },
  });
}

/** Registrar salida: date, concept (suggested from the work's earlier ones), who took it, lines. */
export function ConsumptionDialog({ workId: initialWork, onHide }: { workId: number | null; onHide: () => void }) {
  const formId = useId();
  const [workId, setWorkId] = useState<number | null>(initialWork);
  const [date, setDate] = useState<string | null>(businessToday());
  const [concept, setConcept] = useState('');
  const [receivedBy, setReceivedBy] = useState('');
  const [lines, setLines] = useState<MaterialLine[]>([emptyLine()]);
  const [files, setFiles] = useState<File[]>([]);
  const uploadFiles = useUploadFiles();
  const concepts = useQuery({ queryKey: stockKeys.concepts(workId ?? 0), queryFn: () => fetchConcepts(workId!), enabled: workId !== null });
  // The photos and the signed vale go up once the salida is saved (a refused file is told by name; the salida stays).
  const save = useSave(
    async (body: ConsumptionInput) => {
      const saved = await createConsumption(body);
      await uploadFiles({ resource: CONSUMPTION_DOCUMENTS, recordId: saved.id }, files, '');
      return saved;
    },
    () => stockTexts.consumptionSaved,
    onHide,
  );
  const errors = fieldsOf(save.error);
  const general = generalError(save.error);
  const listId = `${formId}-concepts`;
  return (
    <FormDialog
      formId={formId}
      header={stockTexts.consumptionTitle}
      width="40rem"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() => save.mutate({ workId: workId ?? 0, date: date ?? '', concept, receivedBy: receivedBy || null, lines: filledLines(lines) })}
    >
      {general && <Message severity="error" className="w-full justify-start md:col-span-2" text={general} />}
      <FormField id={`${formId}-work`} label={stockTexts.work} required error={errors.workId}>
        <ReferencePicker id={`${formId}-work`} target="works" value={workId} onChange={setWorkId} filter={OPEN_WORKS} required invalid={Boolean(errors.workId)} />
      </FormField>
      <FormField id={`${formId}-date`} label={stockTexts.date} required error={errors.date}>
        <DateInput id={`${formId}-date`} value={date} onChange={setDate} invalid={Boolean(errors.date)} />
      </FormField>
      <FormField id={`${formId}-concept`} label={stockTexts.concept} required error={errors.concept} hint={stockTexts.conceptHint}>
        <InputText id={`${formId}-concept`} value={concept} onChange={(e) => setConcept(e.target.value)} list={listId} maxLength={200} invalid={Boolean(errors.concept)} className="w-full" />
      </FormField>
      <datalist id={listId}>
        {(concepts.data ?? []).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormField id={`${formId}-receivedBy`} label={stockTexts.receivedBy} required={false} error={errors.receivedBy}>
        <InputText id={`${formId}-receivedBy`} value={receivedBy} onChange={(e) => setReceivedBy(e.target.value)} maxLength={200} className="w-full" />
      </FormField>
      <MaterialLines id={formId} lines={lines} onChange={setLines} errors={errors} />
      <div className="md:col-span-2">
        <AttachFilesInput label={stockTexts.documents} files={files} onChange={setFiles} />
        <small className="text-slate-500">{stockTexts.documentsHint}</small>
      </div>
    </FormDialog>
  );
}

/** Enviar traspaso: the material leaves the origin when saved and travels «en tránsito». */
export function TransferDialog({ workId, onHide }: { workId: number | null; onHide: () => void }) {
  const formId = useId();
  const [fromWorkId, setFrom] = useState<number | null>(workId);
  const [toWorkId, setTo] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<MaterialLine[]>([emptyLine()]);
  const save = useSave(createTransfer, (t) => stockTexts.transferSent(t.folio), onHide);
  const errors = fieldsOf(save.error);
  const general = generalError(save.error);
  return (
    <FormDialog
      formId={formId}
      header={stockTexts.transferTitle}
      width="40rem"
      submitLabel={stockTexts.transfer}
      submitIcon="pi pi-send"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() => save.mutate({ fromWorkId: fromWorkId ?? 0, toWorkId: toWorkId ?? 0, notes: notes || null, lines: filledLines(lines) })}
    >
      {general && <Message severity="error" className="w-full justify-start md:col-span-2" text={general} />}
      <FormField id={`${formId}-from`} label={stockTexts.fromWork} required error={errors.fromWorkId}>
        <ReferencePicker id={`${formId}-from`} target="works" value={fromWorkId} onChange={setFrom} filter={TRANSFERABLE_WORK_STATUSES} required invalid={Boolean(errors.fromWorkId)} />
      </FormField>
      <FormField id={`${formId}-to`} label={stockTexts.toWork} required error={errors.toWorkId}>
        <ReferencePicker id={`${formId}-to`} target="works" value={toWorkId} onChange={setTo} filter={TRANSFERABLE_WORK_STATUSES} required invalid={Boolean(errors.toWorkId)} />
      </FormField>
      <FormField id={`${formId}-notes`} label={stockTexts.notes} required={false} wide error={errors.notes}>
        <InputTextarea id={`${formId}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} rows={2} className="w-full" />
      </FormField>
      <MaterialLines id={formId} lines={lines} onChange={setLines} errors={errors} />
    </FormDialog>
  );
}

/** Inventario físico: the counted quantity of each material; the differences wait for approval. */
export function CountDialog({ workId: initialWork, onHide }: { workId: number | null; onHide: () => void }) {
  const formId = useId();
  const [workId, setWorkId] = useState<number | null>(initialWork);
  const [date, setDate] = useState<string | null>(businessToday());
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<MaterialLine[]>([emptyLine()]);
  const save = useSave(createCount, () => stockTexts.countSaved, onHide);
  const sheet = useCountSheet(onHide);
  const errors = fieldsOf(save.error ?? sheet.error);
  const general = generalError(save.error ?? sheet.error);
  return (
    <FormDialog
      formId={formId}
      header={stockTexts.countTitle}
      width="40rem"
      pending={save.isPending}
      onHide={onHide}
      onSubmit={() =>
        save.mutate({ workId: workId ?? 0, date: date ?? '', notes: notes || null, lines: filledLines(lines).map((l) => ({ materialId: l.materialId, countedQuantity: l.quantity })) })
      }
    >
      {general && <Message severity="error" className="w-full justify-start md:col-span-2" text={general} />}
      <FormField id={`${formId}-work`} label={stockTexts.work} required error={errors.workId}>
        <ReferencePicker id={`${formId}-work`} target="works" value={workId} onChange={setWorkId} filter={OPEN_WORKS} required invalid={Boolean(errors.workId)} />
      </FormField>
      <FormField id={`${formId}-date`} label={stockTexts.date} required error={errors.date}>
        <DateInput id={`${formId}-date`} value={date} onChange={setDate} invalid={Boolean(errors.date)} />
      </FormField>
      <FormField id={`${formId}-notes`} label={stockTexts.notes} required={false} wide error={errors.notes}>
        <InputTextarea id={`${formId}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} rows={2} className="w-full" />
      </FormField>
      <CountSheet workId={workId} pending={sheet.isPending} onImport={(file) => sheet.mutate({ params: { workId: workId!, date: date ?? '', notes: notes || null }, file })} report={sheet.report} />
      <MaterialLines id={formId} lines={lines} onChange={setLines} errors={errors} quantityLabel={stockTexts.counted} />
    </FormDialog>
  );
}

/** The filled count sheet sent as a count: recorded (told, refreshed, closed) or its rows' problems kept to show. */
function useCountSheet(onHide: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<ImportReport | null>(null);
  const mutation = useMutation({
    mutationFn: ({ params, file }: { params: Parameters<typeof importCountSheet>[0]; file: File }) => importCountSheet(params, file),
    onMutate: () => setReport(null),
    onSuccess: async (outcome) => {
      if ('report' in outcome) {
        setReport(outcome.report);
        return;
      }
      toast.add({ severity: 'success', summary: stockTexts.countSaved, life: 3000 });
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
      onHide();
    },
  });
  return { ...mutation, report };
}

/** «Descargar hoja de conteo» and «Importar hoja llenada» of the chosen work, and the problems of a refused sheet. */
function CountSheet({ workId, pending, onImport, report }: { workId: number | null; pending: boolean; onImport: (file: File) => void; report: ImportReport | null }) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const download = useMutation({
    mutationFn: downloadCountSheet,
    onError: (error) => toast.add({ severity: 'error', summary: stockTexts.failed, detail: errorMessage(error), life: 6000 }),
  });
  return (
    <section aria-label={stockTexts.sheetDownload} className="flex flex-col gap-2 md:col-span-2">
      {workId === null ? (
        <small className="text-slate-500">{stockTexts.sheetPickWork}</small>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" label={stockTexts.sheetDownload} icon="pi pi-download" size="small" outlined loading={download.isPending} onClick={() => download.mutate(workId)} />
          <Button type="button" label={stockTexts.sheetUpload} icon="pi pi-upload" size="small" outlined loading={pending} onClick={() => input.current?.click()} />
          <input
            ref={input}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            className="hidden"
            aria-label={stockTexts.sheetUpload}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onImport(file);
            }}
          />
        </div>
      )}
      {report && report.errors.length > 0 && (
        <div className="flex flex-col gap-1">
          <Message severity="error" className="w-full justify-start" text={stockTexts.sheetProblems(report.errors.length)} />
          <ul className="m-0 list-none p-0 text-sm" aria-label={stockTexts.sheetProblemsList}>
            {report.errors.map((e, index) => (
              <li key={index}>
                {stockTexts.sheetRow(e.row)}
                {e.column ? ` · ${e.column}` : ''}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
