import { Tag } from 'primereact/tag';
import { SEVERITIES, type Severity, type StatusDisplay } from '@goc/contracts';

/** The contracts' severities use PrimeVue's 'warn'; PrimeReact's Tag calls it 'warning'. */
export function tagSeverity(severity: Severity | undefined): 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast' | undefined {
  return severity === 'warn' ? 'warning' : severity;
}

/** The lara theme of PrimeReact 10 styles no secondary / contrast Tag (they fall back to the primary blue). */
const UNTHEMED: Partial<Record<Severity, string>> = {
  secondary: 'bg-slate-200 text-slate-700',
  contrast: 'bg-slate-900 text-white',
};

export function StatusTag({ severity, label }: { severity: Severity | undefined; label: string }) {
  return <Tag severity={tagSeverity(severity)} value={label} className={`whitespace-nowrap ${severity ? (UNTHEMED[severity] ?? '') : ''}`} />;
}

/** A workflow status (a row of a status catalogue) as a tag in its catalogue colour. */
export function WorkflowStatusTag({ status }: { status: StatusDisplay }) {
  const severity = SEVERITIES.find((s) => s === status.color);
  return <StatusTag severity={severity} label={status.name} />;
}

export function isStatusDisplay(value: unknown): value is StatusDisplay {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}
