import { defineConfig } from 'vitest/config';

/** The date tests run again under two zones other than Mexico City's: nothing may depend on the process's zone. */
const dateZones = ['UTC', 'America/Hermosillo'].map((zone) => ({
  extends: true as const,
  test: { name: `dates TZ=${zone}`, include: ['test/dates/**/*.test.ts'], env: { TZ: zone } },
}));

export default defineConfig({
  test: {
    // The property tests run a few hundred cases each: beside the rest of CI on two cores one took 5.1 s.
    // A timeout here guards against a hang, not against slowness (speed lives in the benchmarks).
    testTimeout: 30_000,
    projects: [{ extends: true, test: { name: 'contracts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } }, ...dateZones],
  },
});
