import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, unitsCatalog } from '@goc/contracts';
import { auditLog, units } from '../../src/db/schema';
import { columnLimit } from '../../src/lib/import/read';
import { createTestApp, login, type TestApp } from '../helpers/app';
import { bigCellXlsx, bigSharedStringXlsx, blankLinesCsv, blankRecordsCsv, strayColumnXlsx, wideCsv } from '../helpers/hostile-files';
import { expectResponsive, healthWhile } from '../helpers/responsive';
import { csv, upload } from './support';

/*
 * Spreadsheets built to hurt the reader (issue 46), each committed to POST /units/import: the answer
 * names the bound it passed, nothing is written, and GET /health answers within 100 ms all along —
 * the file is read in a parser worker, not on the event loop. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */

const HEADERS = ['Abreviatura', 'Nombre'];

describe('hostile spreadsheets', () => {
  let t: TestApp;
  let token: string;

  const stored = async () => ({
    units: (await t.db.select({ id: units.id }).from(units)).length,
    imports: (await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'import'))).length,
  });

  /** Commits `content`, measuring /health while it is read; expects `status` and `message`, and nothing written. */
  async function refused(fileName: string, content: Buffer, status: number, message: string) {
    const before = await stored();
    const { answer, durations, healthStatuses } = await healthWhile(t.app, () => upload(t.app, token, '/units', fileName, content, { mode: 'commit' }));
    expect([answer.statusCode, answer.json().message]).toEqual([status, message]);
    expect(await stored()).toEqual(before);
    expect([...healthStatuses]).toEqual([200]);
    expectResponsive(durations);
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = (await login(t.app)).token;
  });
  afterAll(async () => t?.close());

  it('refuses a 300 KB workbook whose one cell inflates to 300 MB, before inflating it (413)', async () => {
    const file = bigCellXlsx(300);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    await refused('celda.xlsx', file, 413, IMPORT_MESSAGES.inflatedTooLarge);
  }, 120_000);

  it('refuses a 400 KB workbook whose shared strings inflate to 400 MB, before inflating them (413)', async () => {
    const file = bigSharedStringXlsx(400);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    await refused('compartida.xlsx', file, 413, IMPORT_MESSAGES.inflatedTooLarge);
  }, 120_000);

  it('refuses a cell longer than Excel allows (413), naming its row', async () => {
    await refused('larga.csv', Buffer.from(csv(HEADERS, [['m', 'Metro'], ['kg', 'k'.repeat(IMPORT_LIMITS.maxCellChars + 1)]])), 413, IMPORT_MESSAGES.cellTooLong(3));
  });

  it('refuses a header with a stray cell at XFD1 over 2 000 rows, without visiting its width (413)', async () => {
    const limit = columnLimit(unitsCatalog);
    expect(limit).toBe(3 + IMPORT_LIMITS.columnMargin);
    await refused('ancha.xlsx', strayColumnXlsx(HEADERS, 2_000), 413, IMPORT_MESSAGES.tooManyColumns(limit));
  });

  it('refuses a CSV whose header has 100 000 empty columns over 4 000 rows (413)', async () => {
    await refused('ancha.csv', wideCsv(100_000, 4_000), 413, IMPORT_MESSAGES.tooManyColumns(IMPORT_LIMITS.maxColumns));
  });

  it('skips a million blank lines cheaply: the file has no rows (400)', async () => {
    await refused('vacia.csv', blankLinesCsv(HEADERS, 1_000_000), 400, IMPORT_MESSAGES.empty);
  });

  it('stops at the first blank record past the limit when every line holds only a comma (413)', async () => {
    await refused('comas.csv', blankRecordsCsv(HEADERS, 1_000_000), 413, IMPORT_MESSAGES.tooManyBlankRecords);
  });

  it('still imports a file with a blank stray cell far right and blank lines at its end', async () => {
    const file = Buffer.from(`${csv(HEADERS, [['m', 'Metro'], ['kg', 'Kilogramo']])}${'\n'.repeat(5_000)}${',\n'.repeat(100)}`);
    const res = await upload(t.app, token, '/units', 'unidades.csv', file, { mode: 'commit' });
    expect([res.statusCode, res.json().created, res.json().errors]).toEqual([200, 2, []]);
    expect((await stored()).units).toBe(2);
  });
});
