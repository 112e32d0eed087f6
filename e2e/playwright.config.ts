import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_PATH } from './support/constants';

/**
 * The e2e suite drives the built app (API + SPA in one process) in Debian's Chromium (no browser
 * download). Spec files are shared out to parallel workers; each worker starts its own app on its own
 * port and fresh embedded database (support/test.ts, fixture `server`), and a file's tests run in order
 * in one worker.
 */
/** The specs that close weekly cuts. */
const CLOSING_CUTS = /(registry-cuts|keyboard-cut)\.spec\.ts/;

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  // Each worker is a browser and an app of its own. One by default: on the two-core CI machine two
  // (E2E_WORKERS=2) pass but take as long (16.7 against 16.9 minutes, 28 Nov 2026): the cores are the bound.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    // This worker's app: the config is read again in each worker process, where BASE_URL is that worker's.
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  // Closing a cut freezes it for every later capture on that database. A worker runs the tests of one
  // project only, so the closing specs, in a project of their own, get workers and apps (databases) that
  // no other spec uses; queued after the others, they fill a worker that has run out of other files.
  projects: [
    { name: 'chromium', testIgnore: CLOSING_CUTS },
    { name: 'closing-the-week', testMatch: CLOSING_CUTS },
  ],
});
