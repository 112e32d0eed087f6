import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The e2e suite drives the built app (API + SPA in one process) on its own port and a fresh embedded database. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN_PASSWORD = 'E2e-Admin-Goc-2026!';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'goc-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/v2/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      GOC_DATA_DIR: dataDir,
      GOC_ADMIN_PASSWORD: ADMIN_PASSWORD,
      GOC_DEMO_DATA: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
