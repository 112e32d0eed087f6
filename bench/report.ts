import { readFileSync, writeFileSync } from 'node:fs';
import type { CapturedQuery } from './capture';
import type { Explained } from './explain';
import type { Measurement } from './load';

/*
 * The figures section of bench/README.md, rewritten on every run between two markers; the
 * explanatory text around it stays as written.
 */

export const FIGURES_START = '<!-- figures:start -->';
export const FIGURES_END = '<!-- figures:end -->';

export interface Row {
  database: string;
  server: string;
  measurement: Measurement;
  peakRssMiB: number | null;
  /** req/s of this row over its baseline's; null for a baseline row. */
  ratio: number | null;
}

export interface ScenarioNotes {
  database: string;
  seedSeconds: number;
  total: number;
  items: number;
  statements: number;
  /** The statements other than the page and its count (the access check). */
  otherStatements: string[];
  page: Explained;
  count: Explained;
  pageSql: CapturedQuery;
  countSql: CapturedQuery;
}

export interface Report {
  date: Date;
  machine: string;
  node: string;
  /** 1-minute load average at the start: other work on the machine skews the figures. */
  loadAverage: number;
  rows: number;
  units: number;
  categories: number;
  request: string;
  connections: number;
  warmupSeconds: number;
  measureSeconds: number;
  results: Row[];
  scenarios: ScenarioNotes[];
  skipped: string[];
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const thousands = (value: number) => value.toLocaleString('en-US').replaceAll(',', ' ');

export function renderFigures(report: Report): string {
  const lines: string[] = [];
  lines.push(
    `Run of ${report.date.toISOString().slice(0, 16).replace('T', ' ')} UTC — machine: ${report.machine}, Node ${report.node}; ` +
      `load average ${fixed(report.loadAverage, 2)} when the run started.`,
    `Dataset: ${thousands(report.rows)} materials, ${report.units} units, ${report.categories} material categories.`,
    `Request: \`${report.request}\` as admin (bearer token), ${report.connections} connections,`,
    `${report.warmupSeconds} s warm-up (not counted) then ${report.measureSeconds} s measured per row.`,
    '',
    '| Database | Server | req/s | p50 (ms) | p99 (ms) | API / baseline (req/s) | server CPU per request (ms) | peak RSS (MiB) | requests measured | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of report.results) {
    const m = row.measurement;
    lines.push(
      `| ${row.database} | ${row.server} | ${fixed(m.requestsPerSecond)} | ${fixed(m.p50Ms, 0)} | ${fixed(m.p99Ms, 0)} | ${
        row.ratio === null ? '—' : Number.isFinite(row.ratio) ? `${fixed(row.ratio * 100, 0)} %` : 'n/a'
      } | ${m.cpuMsPerRequest === null ? 'n/a' : fixed(m.cpuMsPerRequest)} | ${row.peakRssMiB === null ? 'n/a' : fixed(row.peakRssMiB, 0)} | ${m.completed} | ${m.failures} |`,
    );
  }
  for (const skipped of report.skipped) lines.push('', skipped);
  lines.push('', 'The database alone (`EXPLAIN ANALYZE` of the captured statements, best of 3, warm cache):', '');
  lines.push('| Database | Statement | ms | Plan |', '|---|---|---:|---|');
  for (const s of report.scenarios) {
    lines.push(`| ${s.database} | page | ${fixed(s.page.executionMs)} | ${s.page.plan} |`);
    lines.push(`| ${s.database} | count | ${fixed(s.count.executionMs)} | ${s.count.plan} |`);
  }
  lines.push('');
  for (const s of report.scenarios) {
    lines.push(
      `- ${s.database}: seeded in ${fixed(s.seedSeconds)} s; the filter matches ${thousands(s.total)} rows, page 50 holds ${s.items}; ` +
        `the API issues ${s.statements} statements per request (page, count${
          s.otherStatements.length > 0 ? `, and ${s.otherStatements.length} for the access check` : ''
        }).`,
    );
  }
  const first = report.scenarios[0];
  if (first) {
    const same = report.scenarios.every((s) => s.pageSql.text === first.pageSql.text && s.countSql.text === first.countSql.text);
    lines.push('', `The captured statements${same ? ' (identical on every database)' : ` (${first.database})`}:`, '');
    for (const q of [first.pageSql, first.countSql]) {
      lines.push('```sql', q.text, `-- parameters: ${JSON.stringify(q.params)}`, '```');
    }
  }
  return lines.join('\n');
}

export function writeFigures(readmePath: string, report: Report): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(FIGURES_START);
  const end = readme.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error(`${readmePath} has no ${FIGURES_START} … ${FIGURES_END} section`);
  const next = `${readme.slice(0, start + FIGURES_START.length)}\n${renderFigures(report)}\n${readme.slice(end)}`;
  writeFileSync(readmePath, next);
}
