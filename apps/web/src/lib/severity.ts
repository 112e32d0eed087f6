import { SEVERITIES, type Severity } from '@goc/contracts';

/** A status row's colour as a Tag severity (undefined for anything else). */
export const severityOf = (color: string | null | undefined): Severity | undefined => SEVERITIES.find((s) => s === color);
