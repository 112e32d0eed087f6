import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SCROLLABLE_TABLE } from '../../components/list/table-aria';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { MOVEMENT_TYPE_OPTIONS, type IdseFile, type MovementType } from '@goc/contracts';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { useLoading } from '../../components/loading/use-loading';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api/api-error';
import { fetchIdseFile, saveIdseFile } from './weekly-cut-api';
import { cutTexts } from './weekly-cut-texts';

type Refusal = IdseFile['refusals'][number];

/**
 * The IDSE files of a cut: pick a company and a movement type, download the batch the API made, and
 * see the movements it left out (no registro patronal, bad NSS…) so HR can fix them.
 */
export function CutIdsePanel({ cutId }: { cutId: number }) {
  const ids = { company: useId(), type: useId() };
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [type, setType] = useState<MovementType>('alta');
  const [refusals, setRefusals] = useState<readonly Refusal[]>([]);
  const loading = useLoading();
  const toast = useToast();

  const download = async () => {
    if (companyId === null) return;
    try {
      const file = await loading.run(fetchIdseFile(cutId, companyId, type));
      setRefusals(file.refusals);
      if (file.records === 0) {
        toast.add({ severity: 'warn', summary: cutTexts.idseEmpty, life: 6000 });
        return;
      }
      saveIdseFile(file);
      toast.add({ severity: 'success', summary: cutTexts.idseSaved(file.records), life: 4000 });
    } catch (error) {
      toast.add({ severity: 'error', summary: cutTexts.idseFailed, detail: errorMessage(error), life: 8000 });
    }
  };

  return (
    <section className="goc-card flex flex-col gap-3 p-4">
      <div>
        <h2 className="m-0 text-base font-semibold">{cutTexts.idse}</h2>
        <p className="mt-1 mb-0 text-sm text-(--text-color-secondary)">{cutTexts.idseHint}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-[2_1_16rem] flex-col gap-1">
          <label htmlFor={ids.company} className="text-sm font-medium">
            {cutTexts.company}
          </label>
          <ReferencePicker
            id={ids.company}
            target="companies"
            value={companyId}
            onChange={(value) => {
              setCompanyId(value);
              setRefusals([]);
            }}
          />
        </div>
        <div className="flex min-w-0 flex-[1_1_12rem] flex-col gap-1">
          <label htmlFor={ids.type} className="text-sm font-medium">
            {cutTexts.type}
          </label>
          <Dropdown
            inputId={ids.type}
            value={type}
            options={[...MOVEMENT_TYPE_OPTIONS]}
            optionLabel="label"
            optionValue="value"
            onChange={(event) => {
              setType(event.value as MovementType);
              setRefusals([]);
            }}
            className="w-full"
          />
        </div>
        <Button type="button" label={cutTexts.idseDownload} icon="pi pi-download" disabled={companyId === null} onClick={() => void download()} className="flex-[1_1_auto]" />
      </div>
      {refusals.length > 0 && (
        <div className="flex flex-col gap-2">
          <Message severity="warn" text={cutTexts.refusals(refusals.length)} className="justify-start" />
          <DataTable value={[...refusals]} dataKey="movementId" size="small" scrollable pt={SCROLLABLE_TABLE} tableStyle={{ minWidth: '28rem' }}>
            <Column header={cutTexts.refusalMovement} body={(r: Refusal) => `#${r.movementId}`} className="whitespace-nowrap" />
            <Column header={cutTexts.refusalEmployee} field="employee" />
            <Column header={cutTexts.refusalReason} field="reason" />
          </DataTable>
        </div>
      )}
    </section>
  );
}
