import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { businessToday, TRANSFERABLE_WORK_STATUSES } from '@goc/contracts';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { DateInput } from '../../components/form/inputs/date-input';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { useToast } from '../../components/toast/use-toast';
import { apiErrorBody, errorMessage } from '../../lib/api/api-error';
import { MaterialLines, emptyLine, filledLines, type MaterialLine } from './material-lines';
import { createConsumption, createCount, createTransfer, fetchConcepts, stockKeys } from './stock-api';
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
  const concepts = useQuery({ queryKey: stockKeys.concepts(workId ?? 0), queryFn: () => fetchConcepts(workId!), enabled: workId !== null });
  const save = useSave(createConsumption, () => stockTexts.consumptionSaved, onHide);
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
        <InputTextarea id={`${formId}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} rows={2} autoResize className="w-full" />
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
  const errors = fieldsOf(save.error);
  const general = generalError(save.error);
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
        <InputTextarea id={`${formId}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={500} rows={2} autoResize className="w-full" />
      </FormField>
      <MaterialLines id={formId} lines={lines} onChange={setLines} errors={errors} quantityLabel={stockTexts.counted} />
    </FormDialog>
  );
}
