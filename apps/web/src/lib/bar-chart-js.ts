import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

/*
 * Chart.js with only what the dashboard's bar charts use. `chart.js/auto` (what PrimeReact's Chart
 * loads) registers every chart type, scale and plugin: 61 kB brotli to download and evaluate on a phone.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
