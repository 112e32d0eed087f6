import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/pg-cluster';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from '../src/db/data-lock';

/* One server per PGlite data folder (issue 7, item 3). */

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'goc-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const expectedMessage = (folder: string, pid: number) =>
  `La carpeta de datos ${folder} ya la usa otro proceso de GOC (pid ${pid}). Detén ese proceso antes de iniciar otro, o usa otra carpeta con GOC_DATA_DIR. Si ese proceso no es GOC, borra ${join(folder, LOCK_FILE)}.`;

describe('the data folder lock', () => {
  it('is refused while held, naming the folder and the holder; free again once released', () => {
    const folder = newFolder();
    const release = lockDataFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    expect(() => lockDataFolder(folder)).toThrow(new DataFolderInUseError(folder, process.pid));
    expect(() => lockDataFolder(folder)).toThrow(expectedMessage(folder, process.pid));
    release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    lockDataFolder(folder)();
  });

  it('takes over a lock left by a process that no longer exists (kill -9)', () => {
    const folder = newFolder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(folder, LOCK_FILE), `${gone}\n`);
    const release = lockDataFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    release();
  });

  it('a second server on the folder exits with the Spanish message, touching nothing', async () => {
    const folder = newFolder();
    const release = lockDataFolder(folder);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', GOC_DATA_DIR: folder, PORT: String(await freePort()), GOC_JWT_SECRET: 'secreto-de-pruebas-con-mas-de-treinta-y-dos-caracteres' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(`No se pudo iniciar GOC: ${expectedMessage(folder, process.pid)}\n`);
    // The running server's lock is still there, and no database was created beside it.
    expect(readFileSync(join(folder, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    expect(existsSync(join(folder, 'PG_VERSION'))).toBe(false);
    release();
  });
});
