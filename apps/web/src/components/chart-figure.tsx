import type { ChartOptions } from 'chart.js';
import { formatNumber } from '../lib/format';
import { BarChart } from './bar-chart';

export interface ChartData {
  labels: string[];
  datasets: { label: string; data: number[]; backgroundColor: string | string[] | undefined }[];
}

interface ChartFigureProps {
  data: ChartData;
  options: ChartOptions<'bar'>;
  /** What the chart shows in one sentence: the canvas's accessible name. */
  summary: string;
  /** Header of the column of labels in the data table ("Estatus", "Mes", "Semana"). */
  labelHeader: string;
}

/**
 * A bar chart with its text alternative (WCAG 1.1.1): the canvas is an image named by a summary, and
 * the same numbers follow as a table only screen readers see, one row per label and one column
 * per series.
 */
export function ChartFigure({ data, options, summary, labelHeader }: ChartFigureProps) {
  return (
    <>
      <BarChart data={data} options={options} ariaLabel={summary} />
      {/* The wrapper hides the table: a table itself grows to its content whatever its width says. */}
      <div className="sr-only">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {data.datasets.map((set) => (
                <th key={set.label} scope="col">
                  {set.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {data.datasets.map((set) => (
                  <td key={set.label}>{formatNumber(set.data[row] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
