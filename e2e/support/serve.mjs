// Runs the built app (API + SPA, apps/api/dist/server.js) for the e2e suite on a fresh embedded
// database, and deletes that database once the app has stopped. E2E_DATA_DIR (when not empty) keeps a chosen folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chosen = process.env.E2E_DATA_DIR || undefined;
const dataDir = chosen ?? mkdtempSync(join(tmpdir(), 'goc-e2e-'));
mkdirSync(dataDir, { recursive: true });
const app = spawn(process.execPath, ['apps/api/dist/server.js'], { stdio: 'inherit', env: { ...process.env, GOC_DATA_DIR: dataDir } });

// Playwright signals the whole process group: the app receives the signal itself and shuts down;
// this process only has to outlive it to clean up.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined);

app.on('exit', (code, signal) => {
  if (!chosen) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
