import { defineConfig } from 'vitest/config';

/**
 * API tests run against a real database: in-memory PGlite per test file, or a fresh PostgreSQL
 * database per file when TEST_DATABASE_URL is set. Starting PGlite and migrating takes a few seconds.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
