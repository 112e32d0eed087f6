import { ConfirmDialog as PrimeConfirmDialog, type ConfirmDialogProps } from 'primereact/confirmdialog';
import { PrimeProvider } from '../prime/prime-provider';

/** PrimeReact's confirmation dialog under PrimeReact's provider: both load with the first confirmation. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <PrimeProvider>
      <PrimeConfirmDialog {...props} />
    </PrimeProvider>
  );
}
