import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/** pg_dump / pg_restore: on the PATH, or the newest /usr/lib/postgresql/<version>/bin (Debian). */
export async function findPgTool(name: 'pg_dump' | 'pg_restore'): Promise<string | null> {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const path = join(root, version, 'bin', name);
      if (existsSync(path)) return path;
    }
  }
  try {
    await run(name, ['--version']);
    return name;
  } catch {
    return null;
  }
}
