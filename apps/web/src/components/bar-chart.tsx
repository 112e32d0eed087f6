import { useEffect, useRef } from 'react';
import type { Chart, ChartData, ChartOptions } from 'chart.js';

interface BarChartProps {
  data: ChartData<'bar'>;
  options: ChartOptions<'bar'>;
  /** The canvas's accessible name. */
  ariaLabel: string;
}

/**
 * A Chart.js bar chart filling its container. Chart.js loads on demand (lib/bar-chart-js); new
 * data or options update the chart drawn rather than building another.
 */
export function BarChart({ data, options, ariaLabel }: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<'bar'> | null>(null);
  // What the chart is built with once Chart.js has loaded: the latest props by then.
  const latest = useRef({ data, options });

  useEffect(() => {
    latest.current = { data, options };
    const chart = chartRef.current;
    if (!chart) return;
    chart.data = data;
    chart.options = options;
    chart.update();
  }, [data, options]);

  useEffect(() => {
    let mounted = true;
    let build: ReturnType<typeof setTimeout> | undefined;
    void import('../lib/bar-chart-js').then(({ Chart }) => {
      // Each chart in a task of its own: built together, a phone's main thread is blocked for all of them at once.
      build = setTimeout(() => {
        if (mounted && canvasRef.current) chartRef.current = new Chart(canvasRef.current, { type: 'bar', ...latest.current });
      });
    });
    return () => {
      mounted = false;
      clearTimeout(build);
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, []);

  return (
    <div className="relative h-full w-full">
      <canvas ref={canvasRef} role="img" aria-label={ariaLabel} />
    </div>
  );
}
