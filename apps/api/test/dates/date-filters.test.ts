import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FilterConstraint, MatchMode } from '@goc/contracts';
import { constraintCondition } from '../../src/lib/list/filters';
import type { ScalarListField } from '../../src/lib/list/fields';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

/*
 * Date filters on a real database: a day is a Mexico City day, whatever the zone of the Node process
 * (package.json runs this file again under TZ=UTC) and of the database session (set here to Tokyo).
 * Mexico City is UTC-6 all year since daylight saving ended in October 2022.
 */

let t: TestDatabase;

const ROWS: [id: number, at: string, day: string][] = [
  [1, '2026-11-23T05:59:59.999Z', '2026-11-22'], // Sunday 23:59:59.999 in Mexico City
  [2, '2026-11-23T06:00:00.000Z', '2026-11-23'], // Monday 00:00
  [3, '2026-11-24T05:59:00.000Z', '2026-11-23'], // Monday 23:59
  [4, '2026-11-24T06:00:00.000Z', '2026-11-24'], // Tuesday 00:00
  [5, '2022-07-01T04:59:00.000Z', '2022-06-30'], // summer time of 2022: UTC-5
  [6, '2022-07-01T05:00:00.000Z', '2022-07-01'],
];

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.execute(sql`create table date_filter_probe (id int primary key, at timestamptz, day date)`);
  for (const [id, at, day] of ROWS) await t.database.db.execute(sql`insert into date_filter_probe values (${id}, ${at}::timestamptz, ${day}::date)`);
  await t.database.db.execute(sql`insert into date_filter_probe values (7, null, null)`);
});
afterAll(async () => t?.close());

const field = (kind: 'date' | 'datetime', column: 'at' | 'day'): ScalarListField => ({
  name: column,
  label: column,
  kind,
  expr: sql.identifier(column),
  filterable: true,
  sortable: true,
  searchable: false,
});

async function ids(f: ScalarListField, matchMode: MatchMode, value: string): Promise<number[]> {
  const constraint: FilterConstraint = { matchMode, value };
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'Asia/Tokyo'`);
    const { rows } = await tx.execute<{ id: number }>(sql`select id from date_filter_probe where ${constraintCondition(f, constraint)} order by id`);
    return rows.map((r) => Number(r.id));
  });
}

describe('timestamp filters by Mexico City day', () => {
  const at = field('datetime', 'at');

  it('dateIs takes the instants from Mexico City midnight to the next', async () => {
    expect(await ids(at, 'dateIs', '2026-11-23')).toEqual([2, 3]);
    expect(await ids(at, 'dateIs', '2026-11-22')).toEqual([1]);
    expect(await ids(at, 'dateIs', '2022-07-01')).toEqual([6]);
    expect(await ids(at, 'dateIs', '2022-06-30')).toEqual([5]);
  });

  it('dateIsNot keeps the other days and the empty values', async () => {
    expect(await ids(at, 'dateIsNot', '2026-11-23')).toEqual([1, 4, 5, 6, 7]);
  });

  it('dateBefore and dateAfter exclude the day itself', async () => {
    expect(await ids(at, 'dateBefore', '2026-11-23')).toEqual([1, 5, 6]);
    expect(await ids(at, 'dateAfter', '2026-11-23')).toEqual([4]);
    expect(await ids(at, 'dateAfter', '2022-06-30')).toEqual([1, 2, 3, 4, 6]);
  });
});

describe('calendar-day filters', () => {
  const day = field('date', 'day');

  it('compare days as days', async () => {
    expect(await ids(day, 'dateIs', '2026-11-23')).toEqual([2, 3]);
    expect(await ids(day, 'dateIsNot', '2026-11-23')).toEqual([1, 4, 5, 6, 7]);
    expect(await ids(day, 'dateBefore', '2026-11-23')).toEqual([1, 5, 6]);
    expect(await ids(day, 'dateAfter', '2026-11-23')).toEqual([4]);
  });
});
