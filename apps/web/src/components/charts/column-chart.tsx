import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { countScale } from './count-scale';

export interface ColumnSeries {
  label: string;
  values: readonly number[];
  /** The series' colour (at least 3:1 against the card). */
  color: string;
}

interface ColumnChartProps {
  /** One per column: a month, a week. */
  labels: readonly string[];
  /** One series draws plain columns; several are stacked, in this order from the bottom, with a legend. */
  series: readonly ColumnSeries[];
  /** What the chart shows in one sentence: its accessible name and the caption of its data table. */
  summary: string;
  /** Header of the data table's column of labels ("Mes", "Semana"). */
  labelHeader: string;
  /** Where a click on a column leads, if anywhere. */
  linkOf?: (index: number) => string | undefined;
}

const percent = (value: number, top: number) => `${(value / top) * 100}%`;

/** The y axis's width, beside the columns and beside their labels. */
const AXIS = 'w-6 shrink-0';
/** The columns' spacing, shared by the row of labels under them so each label sits under its column. */
const ROW = 'flex gap-1 px-0.5 sm:gap-2 sm:px-1';

/**
 * Columns of counts drawn with HTML and CSS: nothing to download or measure before they show, and
 * each column's figure printed above it (a phone has no hover). The drawing is hidden from screen
 * readers, who get the same numbers as a table (WCAG 1.1.1); a column's link is a shortcut for the
 * pointer, its page being reachable from the widget's own links.
 */
export function ColumnChart({ labels, series, summary, labelHeader, linkOf }: ColumnChartProps) {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const { top, ticks } = countScale(Math.max(0, ...totals));
  return (
    <figure className="m-0 flex h-full min-w-0 flex-col gap-1.5" aria-label={summary}>
      <div aria-hidden="true" className="flex min-h-0 flex-1 gap-1.5">
        <div className={`relative ${AXIS} text-right text-[11px] leading-none text-slate-500`}>
          {ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2" style={{ bottom: percent(tick, top) }}>
              {formatNumber(tick)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1 border-b border-slate-300">
          {ticks.slice(1).map((tick) => (
            <div key={tick} className="absolute inset-x-0 border-t border-slate-200" style={{ bottom: percent(tick, top) }} />
          ))}
          <div className={`absolute inset-0 items-end ${ROW}`}>
            {labels.map((label, i) => {
              const total = totals[i] ?? 0;
              const column = (
                <>
                  <span className="text-[11px] font-medium leading-4 text-slate-700">{formatNumber(total)}</span>
                  <span className="flex w-full max-w-12 flex-col-reverse overflow-hidden rounded-t-sm" style={{ height: percent(total, top) }}>
                    {series.map((s) => {
                      const value = s.values[i] ?? 0;
                      return value > 0 ? <span key={s.label} title={`${s.label}: ${formatNumber(value)}`} style={{ height: percent(value, total), background: s.color }} /> : null;
                    })}
                  </span>
                </>
              );
              const to = linkOf?.(i);
              const className = 'flex h-full min-w-0 flex-1 flex-col items-center justify-end';
              return to ? (
                <Link key={label} to={to} tabIndex={-1} className={`${className} no-underline hover:opacity-80`}>
                  {column}
                </Link>
              ) : (
                <div key={label} className={className}>
                  {column}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div aria-hidden="true" className="flex gap-1.5">
        <div className={AXIS} />
        <div className={`min-w-0 flex-1 ${ROW}`}>
          {labels.map((label) => (
            <span key={label} className="min-w-0 flex-1 truncate text-center text-[11px] text-slate-600">
              {label}
            </span>
          ))}
        </div>
      </div>
      {series.length > 1 && (
        <div aria-hidden="true" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600">
          {series.map((s) => (
            <span key={s.label} className="flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
      {/* The wrapper hides the table: a table itself grows to its content whatever its width says. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{formatNumber(s.values[row] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
