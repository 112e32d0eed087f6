import type { AttachableResource } from '@goc/contracts';
import { AppDialog } from '../app-dialog';
import { attachmentsTexts } from './attachments-texts';
import { DocumentsPanel } from './documents-panel';

/** The Documentos panel of a record opened from its list row (records whose page has no detail of its own). */
export function DocumentsDialog({ resource, recordId, label, onHide }: { resource: AttachableResource; recordId: number; label: string; onHide: () => void }) {
  return (
    <AppDialog visible header={`${attachmentsTexts.title} · ${label}`} style={{ width: '44rem' }} onHide={onHide}>
      <DocumentsPanel resource={resource} recordId={recordId} />
    </AppDialog>
  );
}
