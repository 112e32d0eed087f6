import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { BROWSER_SESSION_COOKIE, CHROMIUM_PATH } from './support/constants';
import { adminStorage } from './support/measuring';
import { startServer } from './support/server';

/*
 * Lighthouse's performance, accessibility and best-practices scores of the main screens, on a phone
 * (Lighthouse's default, Moto G Power) and a desktop, against the built app (`npm run build` first) on a fresh
 * embedded database with the demo data: `npm run lighthouse`. Chromium is Debian's; Playwright
 * opens it with a DevTools port that Lighthouse drives, and puts the administrator's session into
 * its localStorage (Lighthouse keeps the storage: disableStorageReset). Prints a Markdown table.
 */

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3460);
const DEVTOOLS_PORT = PORT + 1;
const BASE_URL = `http://127.0.0.1:${PORT}`;

const SCREENS = [
  { name: 'Iniciar sesión', path: '/login', signedIn: false },
  { name: 'Inicio (dashboard)', path: '/', signedIn: true },
  { name: 'Mis Pedidos', path: '/pedidos/mis-pedidos', signedIn: true },
  // The new-order form as a link opens it (CrudPage's `?nuevo`): a residente's most frequent screen on a phone.
  { name: 'Mis Pedidos, «Nuevo» abierto', path: '/pedidos/mis-pedidos?nuevo', signedIn: true },
  { name: 'Histórico de Pedidos', path: '/pedidos/historico', signedIn: true },
  { name: 'Materiales (catálogo)', path: '/catalogos/materiales', signedIn: true },
  { name: 'Crear Oficina (formulario)', path: '/registro/oficina/create', signedIn: true },
] as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const DEVICES = ['phone', 'desktop'] as const;
type Device = (typeof DEVICES)[number];
const PERFORMANCE_METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
const RUN_METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'] as const;

/** LIGHTHOUSE_SCREENS=/,/login: only those paths (each one of SCREENS). */
function chosenScreens() {
  const only = process.env.LIGHTHOUSE_SCREENS?.split(',');
  if (!only) return SCREENS;
  const unknown = only.filter((path) => !SCREENS.some((s) => s.path === path));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_SCREENS: ${unknown.join(', ')} is not one of ${SCREENS.map((s) => s.path).join(', ')}`);
  return SCREENS.filter((s) => only.includes(s.path));
}

/** LIGHTHOUSE_DEVICES=phone: only those devices (each one of DEVICES). */
function chosenDevices(): readonly Device[] {
  const only = process.env.LIGHTHOUSE_DEVICES?.split(',');
  if (!only) return DEVICES;
  const unknown = only.filter((device) => !DEVICES.includes(device as Device));
  if (unknown.length > 0) throw new Error(`LIGHTHOUSE_DEVICES: ${unknown.join(', ')} is not one of ${DEVICES.join(', ')}`);
  return DEVICES.filter((device) => only.includes(device));
}

/** LIGHTHOUSE_RUNS=5: each screen measured that many times, the median run reported (Lighthouse's own advice). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS: ${process.env.LIGHTHOUSE_RUNS} is not a whole number of runs`);

/**
 * LIGHTHOUSE_CACHE=warm: measured as a returning user, the screen's files already in the HTTP cache
 * (they are immutable, named by their hash) and the service worker installed with its precache; by
 * default a first visit, with an empty cache and no service worker.
 */
const CACHE = process.env.LIGHTHOUSE_CACHE ?? 'cold';
if (CACHE !== 'cold' && CACHE !== 'warm') throw new Error(`LIGHTHOUSE_CACHE: ${CACHE} is neither cold nor warm`);

/** LIGHTHOUSE_REPORTS=<folder> keeps each whole report (JSON) to look into. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

async function main() {
  const screens = chosenScreens();
  const devices = chosenDevices();
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const server = await startServer(PORT);
  const browser = await chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${DEVTOOLS_PORT}`, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const stored = await adminStorage(BASE_URL);
    const rows: string[] = [];
    for (const screen of screens) {
      const cells: string[] = [];
      for (const device of devices) {
        // The login page is measured signed out (a session would send it on to Inicio).
        const page = await browser.newPage();
        await page.goto(`${BASE_URL}/login`);
        await page.evaluate(
          ({ values, cookie }) => {
            localStorage.clear();
            if (!values) return;
            for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
            // As the login page leaves it: the browser session's mark (without it the session counts as left by a closed browser).
            document.cookie = `${cookie}=1; Path=/; SameSite=Strict`;
          },
          { values: screen.signedIn ? stored : null, cookie: BROWSER_SESSION_COOKIE },
        );
        // Its service worker installed and active: one still installing when the storage is cleared below
        // outlived the clearing and served the first run from its precache (a first visit scored as a return).
        await page.evaluate(async () => void (await navigator.serviceWorker.ready));
        await page.close();
        const reports = [];
        for (let run = 0; run < RUNS; run++) {
          // Lighthouse keeps the HTTP cache along with the storage it is told to keep: emptied for a first
          // visit, filled by a visit of the screen for a returning user's.
          const before = await browser.newPage();
          const cdp = await browser.newCDPSession(before);
          await cdp.send('Network.clearBrowserCache');
          // The service worker (registered by the sign-in page above, or the previous run) serves the precached
          // shell: a first visit has none, a returning user has it installed by the visit below.
          await cdp.send('Storage.clearDataForOrigin', { origin: BASE_URL, storageTypes: 'service_workers,cache_storage' });
          if (CACHE === 'warm') await before.goto(`${BASE_URL}${screen.path}`, { waitUntil: 'networkidle' });
          await before.close();
          const result = await lighthouse(
            `${BASE_URL}${screen.path}`,
            { port: DEVTOOLS_PORT, logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
            device === 'desktop' ? desktopConfig : undefined,
          );
          if (!result?.lhr) throw new Error(`no Lighthouse result for ${screen.path}`);
          reports.push(result.lhr);
        }
        // The run whose performance is the median stands for the screen: one run swings by ±5 on a busy machine.
        // A run Lighthouse could not record (a trace without its navigation start, say) has no score and is left out.
        const scored = reports.filter((r) => !r.runtimeError);
        const byPerformance = [...(scored.length > 0 ? scored : reports)].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
        const lhr = byPerformance[Math.floor(byPerformance.length / 2)]!;
        if (RUNS > 1) {
          console.error(`${screen.path} ${device}: performance of the ${byPerformance.length} runs scored (of ${RUNS}) ${byPerformance.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}`);
          // Each run's paints and blocking time, in the order run: a median run alone hides which metric moved.
          for (const r of reports) {
            // A run Lighthouse could not score says why (no paint, a protocol timeout…).
            const failure = r.runtimeError ? ` — ${r.runtimeError.code}: ${r.runtimeError.message}` : '';
            console.error(`  ${Math.round((r.categories.performance?.score ?? 0) * 100)}: ${RUN_METRICS.map((id) => `${id} ${r.audits[id]?.displayValue ?? '?'}`).join(', ')}${failure}`);
          }
        }
        if (REPORTS) writeFileSync(join(REPORTS, `${screen.path.replace(/\W+/g, '_')}-${device}.json`), JSON.stringify(lhr));
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        cells.push(...CATEGORIES.map((c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100))));
        if (failing.length > 0) console.error(`${screen.path} ${device}: ${failing.join(', ')}`);
        // What a performance below 90 is made of: Lighthouse's metrics as it displays them.
        if ((lhr.categories.performance?.score ?? 1) < 0.9) {
          const metrics = PERFORMANCE_METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`);
          console.error(`${screen.path} ${device}: ${metrics.join(', ')}`);
        }
        // A page may tidy its own address (`?nuevo` leaves once the form is open): only another path is news.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${BASE_URL}${screen.path}`).pathname) console.error(`${screen.path} ${device}: measured ${lhr.finalDisplayedUrl}`);
      }
      rows.push(`| ${screen.name} \`${screen.path}\` | ${cells.join(' | ')} |`);
    }
    const columns = devices.flatMap((device) => CATEGORIES.map((category) => `${device}: ${category}`));
    console.log(`| Screen | ${columns.join(' | ')} |`);
    console.log(`|---|${columns.map(() => '---:').join('|')}|`);
    for (const row of rows) console.log(row);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
