import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropDatabase } from './postgres';
import { killAll } from './processes';

/*
 * What every bench script shares: the built API it measures, the environment of its children, its
 * section of bench/README.md, and a run that always ends (signals, a hard time limit, failures),
 * stopping its children and dropping its PostgreSQL database on the way out.
 */

export const ROOT = process.cwd();
export const SERVER_JS = join(ROOT, 'apps/api/dist/server.js');
export const README = join(ROOT, 'bench/README.md');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The API is measured as it ships: the tsup bundle, rebuilt when a source is newer than it. */
export function ensureBuiltApi(log: (message: string) => void): void {
  let built = 0;
  try {
    built = statSync(SERVER_JS).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sources = Math.max(newestMtime(join(ROOT, 'apps/api/src')), newestMtime(join(ROOT, 'packages/contracts/src')));
  if (built > sources) return;
  log('building the API (apps/api/dist)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w apps/api failed');
}

/** A child's environment: this process's, minus anything that would point the app elsewhere. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('GOC_') || ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** Rewrites what lies between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md. */
export function writeReadmeSection(name: string, content: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const readme = readFileSync(README, 'utf8');
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} section`);
  writeFileSync(README, `${readme.slice(0, from + start.length)}\n${content}\n${readme.slice(to)}`);
}

/**
 * Runs `main` so that it always ends: on a signal, after `hardLimitMs` or on a failure the children
 * are stopped, the database `cleanup()` names (if any) is dropped, and the process exits with 1.
 */
export function runBench(options: { log: (message: string) => void; hardLimitMs: number; cleanup?: () => string | null; main: () => Promise<void> }): void {
  const { log, hardLimitMs, cleanup, main } = options;
  const abort = (reason: string) => {
    log(`${reason}: stopping`);
    killAll();
    const name = cleanup?.() ?? null;
    const done = () => process.exit(1);
    if (name) dropDatabase(name).then(done, done);
    else done();
  };
  process.on('SIGINT', () => abort('interrupted'));
  process.on('SIGTERM', () => abort('terminated'));
  setTimeout(() => abort(`still running after ${hardLimitMs / 60_000} min`), hardLimitMs).unref();
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    abort('failed');
  });
}
