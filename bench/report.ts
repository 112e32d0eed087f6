import type { BenchCase } from './cases';
import type { CapturedQuery } from './capture';
import type { Explained } from './explain';
import type { Measurement } from './load';
import { writeReadmeSection } from './harness';

/*
 * The figures section of bench/README.md, rewritten on every run between two markers; the
 * explanatory text around it stays as written.
 */


/** One server loaded with every case at every connection count. */
export interface ServerRun {
  database: string;
  server: 'goc' | 'baseline' | 'directus';
  name: string;
  peakRssMiB: number | null;
  measurements: { caseKey: string; connections: number; m: Measurement }[];
}

export interface CaseNotes {
  key: string;
  /** List: rows matching. Record: its id. */
  total: number;
  items: number;
  /** Statements the measured request of the case issued, and how many of them were not the case's own reads. */
  statements: number;
  otherStatements: number;
  explained: (Explained & { statement: CapturedQuery })[];
  /** List: the page statement of the first request, when it differs (capture.ts). */
  firstVisit?: Explained & { statement: CapturedQuery };
}

export interface ScenarioNotes {
  database: string;
  /** null when a kept database was measured again. */
  seedSeconds: number | null;
  cases: CaseNotes[];
}

export interface Report {
  date: Date;
  machine: string;
  node: string;
  /** 1-minute load average at the start and at the end: other work on the machine skews the figures. */
  loadAverage: number;
  loadAverageAfter: number;
  rows: number;
  units: number;
  categories: number;
  cases: BenchCase[];
  connections: number[];
  warmupSeconds: number;
  measureSeconds: number;
  /** Where Directus answered, when it was compared. */
  directus: string | null;
  runs: ServerRun[];
  scenarios: ScenarioNotes[];
  skipped: string[];
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const thousands = (value: number) => value.toLocaleString('en-US').replaceAll(',', ' ');
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '—' : b > 0 ? `${fixed(a / b, 2)}×` : 'n/a');
const cpu = (m: Measurement | undefined) => (m?.cpuMsPerRequest == null ? 'n/a' : fixed(m.cpuMsPerRequest));

function find(runs: ServerRun[], database: string, server: ServerRun['server'], caseKey: string, connections: number): Measurement | undefined {
  return runs.find((r) => r.database === database && r.server === server)?.measurements.find((x) => x.caseKey === caseKey && x.connections === connections)?.m;
}

export function renderFigures(report: Report): string {
  const lines: string[] = [];
  const withDirectus = report.runs.some((r) => r.server === 'directus');
  lines.push(
    `Run of ${report.date.toISOString().slice(0, 16).replace('T', ' ')} UTC — machine: ${report.machine}, Node ${report.node}; ` +
      `load average ${fixed(report.loadAverage, 2)} when the run started, ${fixed(report.loadAverageAfter, 2)} when it ended.`,
    `Dataset: ${thousands(report.rows)} materials, ${report.units} units, ${report.categories} material categories. ` +
      `Each request is warmed up ${report.warmupSeconds} s (not counted), then measured ${report.measureSeconds} s at each of ${report.connections.join(' and ')} connections; as admin (bearer token).`,
    '',
    'Requests:',
    '',
  );
  for (const c of report.cases) lines.push(`- ${c.title}: \`${c.text}\`${withDirectus ? `; Directus: \`GET ${c.directusPath}\`` : ''}`);
  lines.push(
    '',
    `| Database | Request | Conn. | GOC req/s | GOC p50 / p99 (ms) | GOC CPU per request (ms) | baseline req/s | baseline CPU per request (ms) | GOC / baseline |${
      withDirectus ? ' Directus req/s | Directus p50 / p99 (ms) | Directus CPU per request (ms) | **GOC / Directus** |' : ''
    }`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|${withDirectus ? '---:|---:|---:|---:|' : ''}`,
  );
  for (const s of report.scenarios) {
    for (const c of report.cases) {
      for (const n of report.connections) {
        const goc = find(report.runs, s.database, 'goc', c.key, n);
        const base = find(report.runs, s.database, 'baseline', c.key, n);
        const dir = find(report.runs, s.database, 'directus', c.key, n);
        const cells = [
          s.database,
          `(${c.key})`,
          String(n),
          goc ? fixed(goc.requestsPerSecond) : '—',
          goc ? `${fixed(goc.p50Ms, 0)} / ${fixed(goc.p99Ms, 0)}` : '—',
          cpu(goc),
          base ? fixed(base.requestsPerSecond) : '—',
          cpu(base),
          ratio(goc?.requestsPerSecond, base?.requestsPerSecond),
        ];
        if (withDirectus) {
          cells.push(
            dir ? fixed(dir.requestsPerSecond) : '—',
            dir ? `${fixed(dir.p50Ms, 0)} / ${fixed(dir.p99Ms, 0)}` : '—',
            cpu(dir),
            dir ? `**${ratio(goc?.requestsPerSecond, dir.requestsPerSecond)}**` : '—',
          );
        }
        lines.push(`| ${cells.join(' | ')} |`);
      }
    }
  }
  const failures = report.runs.flatMap((r) => r.measurements.filter((x) => x.m.failures > 0).map((x) => `${r.name} (${x.caseKey}) @${x.connections}: ${x.m.failures} (${x.m.failureDetail})`));
  lines.push('', failures.length === 0 ? 'No request failed.' : `Failed requests (the figures are not valid): ${failures.join('; ')}.`);
  lines.push('', `Peak RSS: ${report.runs.map((r) => `${r.name} ${r.peakRssMiB === null ? 'n/a' : `${fixed(r.peakRssMiB, 0)} MiB`}`).join(', ')}.`);
  for (const skipped of report.skipped) lines.push('', skipped);

  lines.push('', 'The database alone (`EXPLAIN ANALYZE` of the captured statements, best of 3, warm cache):', '');
  lines.push('| Database | Request | Statement | ms | Plan |', '|---|---|---|---:|---|');
  for (const s of report.scenarios) {
    for (const c of s.cases) {
      c.explained.forEach((e, i) => {
        const what = c.explained.length === 1 ? 'record' : i === 0 ? 'page' : 'count';
        lines.push(`| ${s.database} | (${c.key}) | ${what} | ${fixed(e.executionMs)} | ${e.plan} |`);
      });
      if (c.firstVisit) lines.push(`| ${s.database} | (${c.key}) | page, first visit | ${fixed(c.firstVisit.executionMs)} | ${c.firstVisit.plan} |`);
    }
  }
  lines.push('');
  for (const s of report.scenarios) {
    const seeded = s.seedSeconds === null ? 'kept database measured again' : `seeded in ${fixed(s.seedSeconds)} s`;
    const perCase = s.cases
      .map((c) => `(${c.key}) ${c.explained.length === 1 ? `id ${c.total}` : `${thousands(c.total)} rows, ${c.items} on the page`}, ${c.statements} statements on the measured request (${c.otherStatements} besides its own reads: access check, write signature)`)
      .join('; ');
    lines.push(`- ${s.database}: ${seeded}; ${perCase}.`);
  }
  const first = report.scenarios[0];
  if (first) {
    lines.push('', `The captured statements (${first.database}):`, '');
    for (const c of first.cases) {
      for (const e of c.explained) lines.push('```sql', `-- (${c.key})`, e.statement.text, `-- parameters: ${JSON.stringify(e.statement.params)}`, '```');
      if (c.firstVisit) lines.push('```sql', `-- (${c.key}) first visit`, c.firstVisit.statement.text, `-- parameters: ${JSON.stringify(c.firstVisit.statement.params)}`, '```');
    }
  }
  return lines.join('\n');
}

/** The figures section of bench/README.md. */
export function writeFigures(report: Report): void {
  writeReadmeSection('figures', renderFigures(report));
}
