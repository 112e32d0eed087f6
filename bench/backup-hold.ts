import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { createBackupService } from '../apps/api/src/lib/backup/backup';

/*
 * node --import tsx bench/backup-hold.ts [MB] — how long a backup of the embedded database holds it.
 * Fills a new PGlite folder with MB megabytes of random bytes (1 MB rows, as documents are stored:
 * incompressible, STORAGE EXTERNAL), then backs it up while a probe runs `select 1` back to back:
 * the longest probe is the pause a request sees, the backup's own time is printed beside it.
 */

const megabytes = Number(process.argv[2] ?? 300);
const root = mkdtempSync(join(tmpdir(), 'goc-backup-hold-'));
const dataDir = join(root, 'data');
const log = (message: string) => process.stdout.write(`[backup-hold] ${message}\n`);

const database = await openDatabase({ pgliteDir: dataDir });
try {
  await database.db.execute(sql`create table filler (id int primary key, data bytea not null)`);
  await database.db.execute(sql`alter table filler alter column data set storage external`);
  const started = performance.now();
  for (let i = 0; i < megabytes; i += 1) await database.db.execute(sql`insert into filler values (${i}, ${randomBytes(1024 * 1024)})`);
  await database.db.execute(sql`checkpoint`);
  log(`${megabytes} MB written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const service = createBackupService(database, { dir: join(root, 'backups'), keep: 1, dataDir });
  let running = true;
  let longest = 0;
  let probes = 0;
  const probe = (async () => {
    while (running) {
      const at = performance.now();
      await database.db.execute(sql`select 1`);
      longest = Math.max(longest, performance.now() - at);
      probes += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const at = performance.now();
  const backup = await service.create();
  const seconds = (performance.now() - at) / 1000;
  running = false;
  await probe;
  log(`backup of ${(backup.size / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s; longest wait for the database ${(longest / 1000).toFixed(2)} s (${probes} probes)`);
} finally {
  await database.close();
  rmSync(root, { recursive: true, force: true });
}
