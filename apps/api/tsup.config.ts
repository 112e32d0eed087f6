import { cpSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * One ESM bundle, dist/server.js, and one per parser worker (lib/parser-pool.ts finds them beside
 * it). @goc/contracts is TypeScript source, so it is bundled; every npm package stays external
 * (node_modules). The SQL migrations are copied beside the bundle, where
 * src/db/migrate.ts looks for them (`./migrations` relative to the running module).
 */
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    'read-worker': 'src/lib/import/read-worker.ts',
    'cfdi-worker': 'src/modules/orders/cfdi-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@goc/contracts'],
  onSuccess: async () => {
    rmSync('dist/migrations', { recursive: true, force: true });
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
