import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { ADMIN_PASSWORD, BASE_URL, E2E_PORT, JWT_SECRET } from './support/constants';

/**
 * The e2e suite drives the built app (API + SPA in one process) on its own port and a fresh
 * embedded database, in Debian's Chromium (no browser download). One worker, one server.
 */
/** The specs that close weekly cuts. */
const CLOSING_CUTS = /(registry-cuts|keyboard-cut)\.spec\.ts/;

const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 768 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'node e2e/support/serve.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/v2/health`,
    reuseExistingServer: false,
    // First start migrates, seeds the demo data and hashes the admin password (argon2id): slow on a busy machine.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'true',
      GOC_JWT_SECRET: JWT_SECRET,
      // Empty means unset for the API's config: the embedded database and in-memory throttling, whatever the shell exports.
      DATABASE_URL: '',
      REDIS_URL: '',
      // The integrations spec receives webhooks on 127.0.0.1 over plain http. Never set in production.
      GOC_WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
  // Closing a cut freezes it for every later capture: those specs run once all others have.
  projects: [
    { name: 'chromium', testIgnore: CLOSING_CUTS },
    { name: 'closing-the-week', testMatch: CLOSING_CUTS, dependencies: ['chromium'] },
  ],
});
