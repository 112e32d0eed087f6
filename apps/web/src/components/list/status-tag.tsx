import { Tag } from 'primereact/tag';
import type { Severity } from '@goc/contracts';

/** The contracts' severities use PrimeVue's 'warn'; PrimeReact's Tag calls it 'warning'. */
export function tagSeverity(severity: Severity | undefined): 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast' | undefined {
  return severity === 'warn' ? 'warning' : severity;
}

export function StatusTag({ severity, label }: { severity: Severity | undefined; label: string }) {
  return <Tag severity={tagSeverity(severity)} value={label} className="whitespace-nowrap" />;
}
