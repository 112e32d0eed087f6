import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_FREE_TESTS } from './test/database-free';

/**
 * API tests run against a real database: in-memory PGlite per test file, or a fresh PostgreSQL
 * database per file when TEST_DATABASE_URL is set. Starting PGlite and migrating takes a few seconds.
 * The date tests run again under TZ=UTC and America/Hermosillo: days, filters and exports must not
 * depend on the process's zone. On PostgreSQL the files that never open the run's database are left
 * out (test/database-free.ts): they ran unchanged with the embedded one.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default on two cores is one worker; PGlite runs inside the worker, so a second one uses the idle core.
    maxWorkers: 2,
    // Test files share a worker's loaded modules instead of importing the app again for each file: the
    // imports were a third of the suite's time. Each file still builds its own app on its own database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'api', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...(onServer ? DATABASE_FREE_TESTS : [])] } },
      ...['UTC', 'America/Hermosillo'].map((zone) => ({
        extends: true as const,
        test: { name: `dates TZ=${zone}`, include: ['test/dates/**/*.test.ts'], env: { TZ: zone } },
      })),
    ],
  },
});
