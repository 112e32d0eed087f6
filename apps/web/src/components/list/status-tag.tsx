import type { Severity, StatusDisplay } from '@goc/contracts';
import { severityOf, STATUS_PALETTE } from '../../lib/severity';

/**
 * A label on a status colour; the colour comes from the app's palette, not PrimeReact's severities.
 * PrimeReact's Tag markup and theme classes, without its component: a list or Inicio draws dozens,
 * each paying the component's pass-through machinery, and its chunk was one more file on the way
 * to Inicio's first screen. Its own base style (inline-flex, centred, line height 1.5) is here.
 */
export function StatusTag({ severity, label }: { severity: Severity | undefined; label: string }) {
  return (
    <span className={`p-tag p-component inline-flex items-center justify-center whitespace-nowrap ${STATUS_PALETTE[severity ?? 'secondary'].tag}`}>
      <span className="p-tag-value leading-normal">{label}</span>
    </span>
  );
}

/** A workflow status (a row of a status catalogue) as a tag in its catalogue colour. */
export function WorkflowStatusTag({ status }: { status: StatusDisplay }) {
  return <StatusTag severity={severityOf(status.color)} label={status.name} />;
}

export function isStatusDisplay(value: unknown): value is StatusDisplay {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}
