import { lazyComponent } from '../lazy-component';

/** The generated form dialog, its inputs, pickers and validation downloaded when it first opens, not with the list. */
export const RecordFormDialog = lazyComponent(async () => (await import('./record-form-dialog')).RecordFormDialog);
