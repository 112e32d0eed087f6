import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH as CHROMIUM } from '../e2e/support/constants';
import { materialRow, MAX_ROWS } from './dataset';
import { writeReadmeSection } from './harness';

/*
 * `npm run bench:offline-search` (docs/offline.md, issue 45): the whole materials catalogue on a
 * phone. In Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, as Lighthouse's
 * phone profile does), 100 000 materials go through the web app's own code (lib/offline/site-store.ts,
 * bundled by esbuild): made compact, written to IndexedDB as one record, read back after a reload,
 * then searched by code and words. Figures go to bench/README.md between the offline-search markers.
 */

const ROOT = join(import.meta.dirname, '..');
// https: a secure context, as GOC is served.
const ORIGIN = 'https://goc-bench.test';
const THROTTLE = 4;
const RUNS = 30;
const WARMUP = 5;
const LIMIT = 50;

/** The picker's searches: a code, a common word, three words, accents left out, nothing found (the whole string scanned), no text. */
const SEARCHES: readonly { name: string; q: string }[] = [
  { name: 'code `MAT-054321`', q: 'MAT-054321' },
  { name: 'word `cobre` (14.5 % of rows)', q: 'cobre' },
  { name: 'three words `codo cobre 1/2`', q: 'codo cobre 1/2' },
  { name: 'without accents `valvula laton`', q: 'valvula laton' },
  { name: 'no match `zzzz` (whole catalogue scanned)', q: 'zzzz' },
  { name: 'first page, no text', q: '' },
];

/** The page's side: site-store's functions and IndexedDB, on `window.siteBench`. */
const ENTRY = `
import { encodeRows, indexRows, packRows, searchRows, unpackRows } from './apps/web/src/lib/offline/site-store.ts';
const open = () => new Promise((resolve, reject) => {
  const request = indexedDB.open('goc-bench', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('siteData', { keyPath: 'name' });
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const done = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });
let index = null;
window.siteBench = {
  async store(options) {
    const t0 = performance.now();
    const rows = encodeRows(options);
    const stored = packRows(rows);
    const t1 = performance.now();
    const db = await open();
    const beforePut = performance.now();
    const put = db.transaction('siteData', 'readwrite').objectStore('siteData').put({ name: 'materials', rows: stored, syncedAt: Date.now(), cursor: null });
    // put() copies the value before it returns: the part of the write that holds the page's thread.
    const cloned = performance.now();
    await done(put);
    const t2 = performance.now();
    db.close();
    const bytes = stored.text.byteLength + rows.values.byteLength + rows.parentIds.byteLength + rows.amounts.byteLength;
    return { encodeMs: t1 - t0, cloneMs: cloned - beforePut, writeMs: t2 - t1, bytes };
  },
  async load() {
    const t0 = performance.now();
    const db = await open();
    const set = await done(db.transaction('siteData').objectStore('siteData').get('materials'));
    const t1 = performance.now();
    index = indexRows(unpackRows(set.rows));
    const first = searchRows(index, { q: 'cobre', limit: ${LIMIT} });
    const t2 = performance.now();
    db.close();
    return { readMs: t1 - t0, firstSearchMs: t2 - t1, count: set.rows.count, found: first.items.length };
  },
  search(q, runs, warmup) {
    const times = [];
    let found = 0;
    for (let i = 0; i < runs + warmup; i++) {
      const t0 = performance.now();
      found = searchRows(index, { q, limit: ${LIMIT} }).items.length;
      if (i >= warmup) times.push(performance.now() - t0);
    }
    return { times, found };
  },
};
`;

const log = (message: string) => process.stdout.write(`[offline-search] ${message}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] as number;
const ms = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('No Chromium found: set CHROMIUM_PATH');
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const options = Array.from({ length: MAX_ROWS }, (_, k) => {
    const row = materialRow(k);
    return { value: k + 1, label: `${row.code} · ${row.name}`, detail: row.unit, amount: 12.5 + ((k * 7919) % 250_000) / 100 };
  });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/bench.js')
        ? route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: script })
        : route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><meta charset="utf-8"><title>bench</title><script src="/bench.js"></script>' }),
    );
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${ORIGIN}/`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    log(`storing ${options.length} materials (CPU ${THROTTLE}× slower)`);
    const stored = await page.evaluate((rows) => (globalThis as unknown as { siteBench: { store(o: unknown): Promise<Record<string, number>> } }).siteBench.store(rows), options);
    // A new page: the set comes back from IndexedDB, not from memory.
    await page.reload();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    type Bench = { load(): Promise<Record<string, number>>; search(q: string, runs: number, warmup: number): { times: number[]; found: number } };
    const loaded = await page.evaluate(() => (globalThis as unknown as { siteBench: Bench }).siteBench.load());
    const rows: string[] = [];
    for (const search of SEARCHES) {
      const result = await page.evaluate(([q, runs, warmup]) => (globalThis as unknown as { siteBench: Bench }).siteBench.search(q as string, runs as number, warmup as number), [search.q, RUNS, WARMUP] as const);
      log(`${search.name}: median ${ms(median(result.times))} ms, p95 ${ms(p95(result.times))} ms, ${result.found} found`);
      rows.push(`| ${search.name} | ${result.found} | ${ms(median(result.times))} | ${ms(p95(result.times))} | ${ms(Math.max(...result.times))} |`);
    }
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    const version = browser.version();
    const section = [
      `Measured ${new Date().toISOString().slice(0, 10)} in Chromium ${version}, CPU throttled ${THROTTLE}× (CDP), ${loaded.count} materials, page of ${LIMIT}, ${RUNS} runs per search after ${WARMUP} discarded.`,
      '',
      '| Search | Found | Median ms | p95 ms | Max ms |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
      '| Step | Figure |',
      '|---|---:|',
      `| Make the set compact (fold, sort, columns, UTF-8) | ${ms(stored.encodeMs ?? 0)} ms |`,
      `| Write it to IndexedDB (one record), until committed | ${ms(stored.writeMs ?? 0)} ms |`,
      `| … of which the page's thread is held (put() copying the value) | ${ms(stored.cloneMs ?? 0)} ms |`,
      `| Its size as stored (UTF-8 text and typed arrays) | ${mb(stored.bytes ?? 0)} MB |`,
      `| After a reload: read it back from IndexedDB | ${ms(loaded.readMs ?? 0)} ms |`,
      `| … index it and answer the first search | ${ms(loaded.firstSearchMs ?? 0)} ms |`,
    ].join('\n');
    log(section);
    writeReadmeSection('offline-search', section);
    log('figures written to bench/README.md');
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
