import { useState } from 'react';
import type { AnyResource } from '@goc/contracts';
import { useRowPermissions } from '../list/row-permissions';
import { OnlineOnlyButton } from '../online-only-button';
import type { ListResource } from '../list/resource-types';
import { ImportDialog } from './import-dialog';
import { importTexts } from './import-texts';

/**
 * «Importar» for an importable resource, to users who may create its records (updating needs edit too).
 * Online-only: the file is checked and written by the server, so without signal it is disabled with the reason.
 */
export function ImportButton({ resource, compact = false, label = importTexts.open }: { resource: ListResource & Pick<AnyResource, 'import'>; compact?: boolean; label?: string }) {
  const [open, setOpen] = useState(false);
  const rights = useRowPermissions(resource);
  if (!resource.import || !rights.canCreate) return null;
  return (
    <>
      <OnlineOnlyButton
        type="button"
        label={compact ? undefined : label}
        // «Importar» (or the icon alone) gets what it imports in its name; a label of its own says it already.
        aria-label={compact || label === importTexts.open ? importTexts.title(resource.nouns.plural) : undefined}
        icon="pi pi-upload"
        severity="secondary"
        outlined
        onClick={() => setOpen(true)}
      />
      {/* Updating by code needs edit, and keys to find the records by (opening balances have none). */}
      {open && <ImportDialog resource={resource} canUpdate={rights.canEdit && resource.import.match.length > 0} onHide={() => setOpen(false)} />}
    </>
  );
}
