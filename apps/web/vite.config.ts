import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { loginBudget } from './build/login-budget.ts';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';
import { shellChunk } from './build/shell-chunk.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), loginBudget(), shellChunk(), pwa(), precompress()],
  resolve: {
    // The Lara theme's Inter (346 + 381 kB) replaced by what the screens use of it (26 + 28 kB): src/assets/fonts/README.md.
    alias: [
      { find: /^\.\/fonts\/InterVariable\.woff2$/, replacement: fileURLToPath(new URL('./src/assets/fonts/inter-latin-es.woff2', import.meta.url)) },
      { find: /^\.\/fonts\/InterVariable-Italic\.woff2$/, replacement: fileURLToPath(new URL('./src/assets/fonts/inter-latin-es-italic.woff2', import.meta.url)) },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  preview: { port: 4173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // Vitest's default on two cores is one worker; the suite then leaves a core idle (8 min against 5.5 with two).
    maxWorkers: 2,
    // Component tests render lazy pages and PrimeReact overlays; on a shared, busy machine 5 s is too tight.
    testTimeout: 30_000,
    // Under a zone other than Mexico City's (and the CI machine's): what users see must not depend on the
    // browser's zone. Lint keeps every zone-dependent date call in the dates module, whose tests run in more zones.
    env: { TZ: 'America/Hermosillo' },
  },
});
