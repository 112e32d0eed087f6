import { chromium, type CDPSession } from 'playwright-core';
import { BROWSER_SESSION_COOKIE, CHROMIUM_PATH } from './support/constants';
import { adminStorage } from './support/measuring';
import { startServer } from './support/server';

/*
 * Where a phone's first visit spends its main thread: `npm run build && npm run profile:phone`.
 * Lighthouse says how long the page blocked; this says on what. Each visit of the built app (fresh
 * embedded database, demo data, signed in as the administrator, empty cache, no service worker) runs
 * with the CPU slowed 4× as Lighthouse's phone assumes, under a CPU profile and a trace. It prints the
 * largest paint, every long task the page itself reported, and for each task over 100 ms the
 * functions that took its time (their own time, then with what they called), and the style and
 * layout passes. A non-minified build (`npx vite build --minify false` in apps/web) gives readable
 * names. PROFILE_SCREENS=/,/pedidos/historico chooses the paths, PROFILE_VISITS=3 the visits of each.
 * Not a test and not in CI: its times move with the machine's load.
 */

const PORT = Number(process.env.PROFILE_PORT ?? 3470);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const SCREENS = (process.env.PROFILE_SCREENS ?? '/').split(',');
const VISITS = Number(process.env.PROFILE_VISITS ?? 1);
const SETTLE_MS = Number(process.env.PROFILE_SETTLE_MS ?? 9000);
const CPU_SLOWDOWN = 4;
/** Tasks at least this long are broken down by function. */
const EXPLAINED_TASK_MS = 100;
const TOP = 10;
/** A function the page runs first, whose samples tie the profile's clock to the page's. */
const MARKER = '__gocProfileMarker';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}
interface PageFacts {
  tasks: { start: number; duration: number }[];
  largestPaint: { time: number; element: string } | null;
  markerAt: number;
}

/** Seeds the session, marks the clock and starts the observers, before any of the page's scripts. */
function initScript(values: Record<string, string>): string {
  return `
    for (const [key, value] of Object.entries(${JSON.stringify(values)})) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    window.__facts = { tasks: [], largestPaint: null, markerAt: performance.now() };
    (function ${MARKER}() { const end = performance.now() + 15; while (performance.now() < end) {} })();
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__facts.tasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__facts.largestPaint = { time: e.startTime, element: e.element ? e.element.outerHTML.slice(0, 100) : '' }; }).observe({ type: 'largest-contentful-paint', buffered: true });
  `;
}

const label = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber}`;
const ms = (value: number) => `${Math.round(value)}`.padStart(5);
const top = (totals: Map<string, number>) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, time]) => `      ${ms(time)} ${name}`)
    .join('\n');

/** Each long task's own and inclusive time by function, from the samples that fall inside it. */
function explainTasks(profile: CpuProfile, facts: PageFacts): string[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  let clock = profile.startTime;
  const sampledAt = profile.timeDeltas.map((delta) => (clock += delta) / 1000);
  const markerSample = profile.samples.findIndex((id) => nodes.get(id)?.callFrame.functionName === MARKER);
  if (markerSample < 0) return ['  (the profile missed the clock marker: tasks not broken down)'];
  const offset = sampledAt[markerSample]! - facts.markerAt;
  const lines: string[] = [];
  for (const task of facts.tasks.filter((t) => t.duration >= EXPLAINED_TASK_MS)) {
    const own = new Map<string, number>();
    const inclusive = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const at = sampledAt[i]! - offset;
      if (at < task.start || at > task.start + task.duration) return;
      const weight = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const leaf = nodes.get(id);
      if (!leaf) return;
      own.set(label(leaf), (own.get(label(leaf)) ?? 0) + weight);
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = leaf; node; node = nodes.get(parents.get(node.id) ?? -1)) {
        const name = label(node);
        if (!node.callFrame.url || seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
      }
    });
    lines.push(`  task at ${ms(task.start)} ms, ${ms(task.duration)} ms long`, '    own time:', top(own), '    with what it called:', top(inclusive));
  }
  return lines;
}

/** Style and layout over the visit, and each pass of more than 20 ms. */
function styleAndLayout(events: TraceEvent[]): string[] {
  const passes = events.filter((e) => e.name === 'UpdateLayoutTree' || e.name === 'Layout');
  const total = (name: string) => passes.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  const lines = [`  style ${ms(total('UpdateLayoutTree'))} ms, layout ${ms(total('Layout'))} ms (${passes.length} passes)`];
  for (const pass of passes.filter((e) => (e.dur ?? 0) > 20_000)) {
    const what = pass.name === 'Layout' ? `${pass.args?.beginData?.dirtyObjects} of ${pass.args?.beginData?.totalObjects} objects` : `${pass.args?.elementCount} elements`;
    lines.push(`    ${pass.name === 'Layout' ? 'layout' : 'style '} ${ms((pass.dur ?? 0) / 1000)} ms: ${what}`);
  }
  return lines;
}

async function traced(cdp: CDPSession, visit: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  // Playwright types the events' fields as strings; the trace's are numbers and objects.
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await visit();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

async function main() {
  if (!CHROMIUM_PATH) throw new Error('No Chromium at /usr/bin/chromium: apt-get install chromium, or set CHROMIUM_PATH');
  const server = await startServer(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const stored = await adminStorage(BASE_URL);
    for (const path of SCREENS) {
      for (let visit = 1; visit <= VISITS; visit++) {
        // Lighthouse's phone: a Moto G Power's screen.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
        await context.addCookies([{ name: BROWSER_SESSION_COOKIE, value: '1', url: BASE_URL }]);
        await context.addInitScript(initScript(stored));
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        const trace = await traced(cdp, async () => {
          await page.goto(BASE_URL + path);
          await page.waitForTimeout(SETTLE_MS);
        });
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        const facts = (await page.evaluate('window.__facts')) as PageFacts;
        const blocking = facts.tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
        console.log(`\n${path}, visit ${visit}: largest paint at ${facts.largestPaint ? `${Math.round(facts.largestPaint.time)} ms, ${facts.largestPaint.element}` : '—'}`);
        console.log(`  long tasks (start+duration, ms): ${facts.tasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(', ')}`);
        console.log(`  blocking ${Math.round(blocking)} ms over ${facts.tasks.length} long tasks (observed, CPU slowed ${CPU_SLOWDOWN}×)`);
        console.log([...styleAndLayout(trace), ...explainTasks(profile, facts)].join('\n'));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
