import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@goc/contracts';
import { toApiError } from '../../src/lib/api-errors';
import { isDiskFull } from '../../src/lib/db-errors';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { API, apiFor, type Api } from '../catalogs/support';

/*
 * A write the disk has no room for: the database's refusal (raised here by a trigger with the SQLSTATE
 * and text PostgreSQL and PGlite give, through the real driver) or a file's ENOSPC answers 503 with the
 * one message, readiness says so until a write goes through, /metrics shows it, the log says it once.
 */

interface Family {
  name: string;
  metrics: { labels?: Record<string, string>; value?: string }[];
}

let t: TestApp;
let dataDir: string;
let admin: Api;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'goc-disk-data-'));
  t = await createTestApp({ config: { logLevel: 'info', dataDir, backups: { dir: join(dataDir, 'backups'), schedule: 'off', keep: 14 } }, build: { logStream: { write: (line) => void lines.push(line) } } });
  admin = apiFor(t.app, (await login(t.app)).token);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every insert into units fails as a full disk makes it fail, with the given SQLSTATE and text. */
async function failUnitInserts(code: string, message: string): Promise<void> {
  await t.db.execute(
    sql.raw(`create or replace function test_disk_full() returns trigger language plpgsql as $$
      begin raise exception using errcode = '${code}', message = '${message}'; end $$`),
  );
  await t.db.execute(sql`create or replace trigger test_disk_full before insert on units for each row execute function test_disk_full()`);
}

const freeTheDisk = () => t.db.execute(sql`drop trigger if exists test_disk_full on units`);

const metric = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  return (parsePrometheusTextFormat(res.body) as Family[]).find((f) => f.name === name)?.metrics ?? [];
};
const ready = () => t.app.inject({ method: 'GET', url: `${API}/health/ready` });
const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
const diskLines = () => logged().filter((l) => l.msg.startsWith('disco lleno') || l.msg.startsWith('hay espacio en disco'));
const unitCount = async (abbreviation: string) =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from units where abbreviation = ${abbreviation}`)).rows[0]!.n;

beforeEach(async () => {
  await freeTheDisk();
  // A write that goes through ends any episode a test left behind.
  await admin.post(`${API}/units`, { abbreviation: `ok${Date.now() % 100000}`, name: 'Unidad que cabe' });
  lines.length = 0;
});

describe('a write the database has no room for', () => {
  it.each([
    ['53100 disk_full', '53100', 'could not extend file "base/5/16385": No space left on device'],
    ['58030 io_error saying so', '58030', 'could not write to file "pg_wal/xlogtemp.42": No space left on device'],
  ])('%s: 503 with the message, nothing stored, readiness 503 until a write goes through, reads answer', async (_name, code, message) => {
    await failUnitInserts(code, message);
    const refused = await admin.post(`${API}/units`, { abbreviation: 'dl1', name: 'Unidad sin espacio' });
    expect([refused.statusCode, refused.json()]).toEqual([503, { statusCode: 503, error: 'Service Unavailable', message: MESSAGES.diskFull }]);
    expect(await unitCount('dl1')).toBe(0);
    expect([(await ready()).statusCode, (await ready()).json().message]).toEqual([503, MESSAGES.diskFull]);
    expect((await admin.get(`${API}/units?pageSize=5`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    expect((await metric('goc_disk_full'))[0]?.value).toBe('1');

    await freeTheDisk();
    // Readiness does not guess: it waits for a write that goes through.
    expect((await ready()).statusCode).toBe(503);
    const saved = await admin.post(`${API}/units`, { abbreviation: 'dl1', name: 'Unidad sin espacio' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await unitCount('dl1')).toBe(1);
    expect((await ready()).statusCode).toBe(200);
    expect((await metric('goc_disk_full'))[0]?.value).toBe('0');
    await t.db.execute(sql`delete from units where abbreviation = 'dl1'`);
  });

  it('logs one error line per episode, however many writes it refuses, and one line when it ends', async () => {
    await failUnitInserts('53100', 'could not extend file "base/5/16385": No space left on device');
    for (const n of [1, 2, 3]) expect((await admin.post(`${API}/units`, { abbreviation: `dl${n}`, name: `Unidad ${n}` })).statusCode).toBe(503);
    expect(diskLines().map((l) => [l.level, l.msg])).toEqual([[50, 'disco lleno: las escrituras se rechazan (503) hasta que se libere espacio']]);
    // Nor a per-request warning or error of the generic handler.
    expect(logged().filter((l) => l.level >= 40 && !l.msg.startsWith('disco lleno'))).toEqual([]);
    await freeTheDisk();
    expect((await admin.post(`${API}/units`, { abbreviation: 'dl4', name: 'Unidad 4' })).statusCode).toBe(201);
    expect(diskLines().map((l) => [l.level, l.msg])).toEqual([
      [50, 'disco lleno: las escrituras se rechazan (503) hasta que se libere espacio'],
      [30, 'hay espacio en disco de nuevo: las escrituras se aceptan'],
    ]);
    // A second episode is a second line.
    await failUnitInserts('53100', 'could not extend file "base/5/16385": No space left on device');
    expect((await admin.post(`${API}/units`, { abbreviation: 'dl5', name: 'Unidad 5' })).statusCode).toBe(503);
    expect(diskLines().filter((l) => l.level === 50)).toHaveLength(2);
    await t.db.execute(sql`delete from units where abbreviation = 'dl4'`);
  });
});

describe('/metrics', () => {
  it('gives the free bytes of the data and backups folders', async () => {
    const free = await metric('goc_disk_free_bytes');
    for (const [folder, path] of [['data', dataDir], ['backups', t.config.backups.dir]] as const) {
      const bytes = Number(free.find((m) => m.labels?.folder === folder)?.value);
      // The backups folder is made by the first backup: until then, its parent's file system.
      const size = statfsSync(existsSync(path) ? path : dirname(path));
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(size.blocks * size.bsize);
    }
  });
});

describe('which errors are a full disk', () => {
  const fsError = (code: string) => Object.assign(new Error(`${code}: no space left on device, write`), { code, errno: -28, syscall: 'write' });

  it('takes a file write’s ENOSPC or EDQUOT (attachments, backups), wrapped or not, for the same 503', () => {
    for (const error of [fsError('ENOSPC'), fsError('EDQUOT'), new Error('la copia falló', { cause: fsError('ENOSPC') })]) {
      expect(isDiskFull(error)).toBe(true);
      expect(toApiError(error)).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MESSAGES.diskFull });
    }
  });

  it('does not read a wrapper’s text, which quotes what the user wrote', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "units_name_key"'), { code: '23505' });
    const wrapper = new Error('Failed query: insert into "units" … params: No space left on device', { cause: unique });
    expect(isDiskFull(wrapper)).toBe(false);
    expect(toApiError(wrapper).statusCode).toBe(409);
  });
});
