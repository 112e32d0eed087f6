import { Tag } from 'primereact/tag';
import type { Severity } from '@goc/contracts';

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
