import type { ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { AppDialog } from '../../components/app-dialog';
import { useToast } from '../../components/toast/use-toast';
import { integrationTexts as texts } from './integrations-texts';

/** A secret shown this once, with a button that copies it. */
export function CopyOnce({ id, label, value }: { id: string; label: string; value: string }) {
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.add({ severity: 'success', summary: texts.copied, life: 3000 }),
      () => toast.add({ severity: 'warn', summary: texts.copyFailed, life: 6000 }),
    );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <InputText id={id} value={value} readOnly className="min-w-0 flex-1 font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" icon="pi pi-copy" label={texts.copy} onClick={() => void copy()} />
      </div>
    </div>
  );
}

/** The dialog that follows creating a key or a webhook: its secret, this once, and what to do with it. */
export function ShownOnceDialog(props: { header: string; warning: string; id: string; label: string; value: string; onHide: () => void; children?: ReactNode }) {
  return (
    <AppDialog
      visible
      onHide={props.onHide}
      header={props.header}
      style={{ width: '36rem' }}
      footer={<Button type="button" label={texts.done} icon="pi pi-check" onClick={props.onHide} />}
    >
      <div className="flex flex-col gap-3">
        <p className="m-0 rounded-md border border-solid border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{props.warning}</p>
        <CopyOnce id={props.id} label={props.label} value={props.value} />
        {props.children}
      </div>
    </AppDialog>
  );
}
