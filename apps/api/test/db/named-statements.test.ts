import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';

/*
 * A record read by id goes as a statement prepared under its name, on PGlite as on PostgreSQL: its
 * answer is the one the list gives for the same row, and a statement the database forgot, or whose
 * table changed under it, is prepared again instead of failing the request. On PGlite the statements
 * of writes go by name too, under a bounded set of names.
 */

const onPglite = !process.env.TEST_DATABASE_URL;
let t: TestApp;
let token: string;
let created: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp({ build: { dispatcher: false } as never });
  token = (await login(t.app)).token;
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Tramo', abbreviation: 'tr' } });
  expect(res.statusCode, res.body).toBe(201);
  created = res.json();
});
afterAll(async () => t?.close());

const read = async (id: unknown) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/units/${String(id)}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

it('answers a record by id as the list and the create answer it, again and again', async () => {
  const list = await t.app.inject({ method: 'GET', url: '/api/v2/units?pageSize=100', headers: bearer(token) });
  const listed = (list.json() as { items: { id: number }[] }).items.find((item) => item.id === created.id);
  expect(listed).toEqual(created);
  expect(await read(created.id)).toEqual(created);
  expect(await read(created.id)).toEqual(created);
  expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  const missing = await t.app.inject({ method: 'GET', url: '/api/v2/units/999999', headers: bearer(token) });
  expect(missing.statusCode).toBe(404);
});

it('keeps dates, timestamps and intervals as text, as drizzle asks for them', async () => {
  const { rows } = await t.db.execute<{ at: unknown; day: unknown; span: unknown }>(
    sql`select timestamptz '2026-11-26 10:00:00+00' as at, date '2026-11-26' as day, interval '2 days' as span`,
  );
  expect(rows[0]).toEqual({ at: '2026-11-26 10:00:00+00', day: '2026-11-26', span: '2 days' });
});

describe.skipIf(!onPglite)('on PGlite', () => {
  const prepared = async () =>
    (await t.db.execute<{ name: string }>(sql`select name from pg_prepared_statements order by name`)).rows.map((row) => row.name);

  it('sends the read by id and the access check by name, prepared once', async () => {
    await read(created.id);
    expect(await prepared()).toEqual(expect.arrayContaining(['goc_access_session', 'goc_find_units']));
  });

  it("sends a write's statements by name, and a write the database refuses leaves the next one whole", async () => {
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Otro tramo', abbreviation: 'tr' } });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    const next = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Rollo', abbreviation: 'rl' } });
    expect(next.statusCode, next.body).toBe(201);
    expect(await read((next.json() as { id: number }).id)).toEqual(next.json());
    expect((await prepared()).filter((name) => name.startsWith('goc_w')).length).toBeGreaterThan(0);
  });

  it("delivers a write's events with the job runner's statements by name", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Bulto', abbreviation: 'bto' } });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.events.drain();
    // Scheduled slots (the reminder, the purges) wait for their time; the event's deliveries are done.
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where state = 'pending' and key is distinct from 'schedule'`);
    expect(rows).toEqual([{ n: 0 }]);
    expect(await prepared()).toEqual(expect.arrayContaining(['goc_jobs_claim', 'goc_jobs_complete']));
  });

  it('keeps at most 200 statements of writes prepared, each still answering its own', async () => {
    for (let i = 0; i < 230; i += 1) {
      const { rows } = await t.db.transaction((tx) => tx.execute<{ n: number }>(sql.raw(`select ${i}::int as n`)));
      expect(rows).toEqual([{ n: i }]);
    }
    expect((await prepared()).filter((name) => name.startsWith('goc_w')).length).toBe(200);
  });

  it('prepares a statement again when the database no longer has it', async () => {
    await read(created.id);
    await t.db.execute(sql`deallocate goc_find_units`);
    expect(await prepared()).not.toContain('goc_find_units');
    expect(await read(created.id)).toEqual(created);
    expect(await prepared()).toContain('goc_find_units');
  });

  it('prepares a statement again when a column it reads changed its type', async () => {
    await read(created.id);
    await t.db.execute(sql`alter table units alter column created_at type timestamptz(6)`);
    expect(await read(created.id)).toEqual(created);
  });
});
