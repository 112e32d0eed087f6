import { Tag } from 'primereact/tag';
import type { Severity, StatusDisplay } from '@goc/contracts';
import { severityOf, STATUS_PALETTE } from '../../lib/severity';

/** A label on a status colour; the colour comes from the app's palette, not PrimeReact's severities. */
export function StatusTag({ severity, label }: { severity: Severity | undefined; label: string }) {
  return <Tag value={label} className={`whitespace-nowrap ${STATUS_PALETTE[severity ?? 'secondary'].tag}`} />;
}

/** A workflow status (a row of a status catalogue) as a tag in its catalogue colour. */
export function WorkflowStatusTag({ status }: { status: StatusDisplay }) {
  return <StatusTag severity={severityOf(status.color)} label={status.name} />;
}

export function isStatusDisplay(value: unknown): value is StatusDisplay {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}
