import { SEVERITIES, type Severity } from '@goc/contracts';

/** A status row's colour as a Tag severity (undefined for anything else). */
export const severityOf = (color: string | null | undefined): Severity | undefined => SEVERITIES.find((s) => s === color);

/**
 * How each status colour is drawn, in one place: tags as a solid fill whose text keeps at least
 * 4.5:1 (Tailwind classes; PrimeReact's Lara tags put white on light fills, ~2.3:1) and chart bars
 * in the same hue, at least 3:1 against the white card. Eight hues, so one workflow's statuses
 * never share a colour.
 */
export const STATUS_PALETTE: Record<Severity, { tag: string; chart: string }> = {
  secondary: { tag: 'bg-slate-200 text-slate-800', chart: '#64748b' },
  info: { tag: 'bg-blue-700 text-white', chart: '#1d4ed8' },
  cyan: { tag: 'bg-cyan-700 text-white', chart: '#0e7490' },
  purple: { tag: 'bg-violet-700 text-white', chart: '#6d28d9' },
  warn: { tag: 'bg-amber-700 text-white', chart: '#b45309' },
  success: { tag: 'bg-green-700 text-white', chart: '#15803d' },
  danger: { tag: 'bg-red-700 text-white', chart: '#b91c1c' },
  contrast: { tag: 'bg-slate-900 text-white', chart: '#0f172a' },
};

/** A status colour as a chart colour (grey for an unknown one). */
export const chartColorOf = (color: string | null | undefined): string => STATUS_PALETTE[severityOf(color) ?? 'secondary'].chart;
