import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, suppliers, units } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { statementsOf } from '../helpers/statements';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  token = (await login(t.app)).token;
});
afterAll(async () => t?.close());

/** The SQL text of every statement `run` sends. */
const textsOf = async (run: () => Promise<unknown>) => (await statementsOf(t.database, run)).map((s) => s.text);

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/units?${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: number }[]; total: number };
};
/** A list's count of `table`: the event dispatcher, running beside the test, counts too. */
const listCounts = (statements: string[], table: string) => statements.filter((s) => /count\(\*\)::int/i.test(s) && s.includes(`from "${table}"`));
const counts = (statements: string[], table = 'units') => listCounts(statements, table).length;

describe('list totals', () => {
  it('are counted once per filter, not on every page', async () => {
    const first = await list('page=1&pageSize=2&q=a');
    let second: Awaited<ReturnType<typeof list>> | undefined;
    let again: Awaited<ReturnType<typeof list>> | undefined;
    const sent = await textsOf(async () => {
      second = await list('page=2&pageSize=2&q=a');
      again = await list('page=1&pageSize=2&q=a');
    });
    expect(counts(sent)).toBe(0);
    expect(second?.total).toBe(first.total);
    expect(again).toEqual(first);

    expect(counts(await textsOf(() => list('page=1&pageSize=2&q=zz')))).toBe(1);
  });

  it('are exact right after a write, whoever makes it (API or another process writing straight to the database)', async () => {
    const before = (await list('page=1&pageSize=5')).total;
    const created = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { abbreviation: 'qq', name: 'Quintal' } });
    expect(created.statusCode).toBe(201);
    expect((await list('page=1&pageSize=5')).total).toBe(before + 1);

    await t.db.delete(units).where(eq(units.abbreviation, 'qq'));
    expect((await list('page=1&pageSize=5')).total).toBe(before);
  });

  it('stay cached across writes to tables the list does not read, and are counted again after a write to one it reads', async () => {
    const materialsList = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/materials?page=1&pageSize=2&q=pza', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { total: number }).total;
    };
    let total = 0;
    const [count] = listCounts(await textsOf(async () => (total = await materialsList())), 'materials');
    // The search reaches the unit's name: the count reads the units table too.
    expect(count).toContain('"units"');
    expect(total).toBeGreaterThan(0);
    // Writes straight to the database stand for another API process: the counters live there.
    const countsAfter = async (write: () => Promise<unknown>) => {
      await write();
      return counts(await textsOf(async () => expect(await materialsList()).toBe(total)), 'materials');
    };
    expect(await countsAfter(() => t.db.update(suppliers).set({ name: sql`${suppliers.name}` }))).toBe(0);
    expect(await countsAfter(() => t.db.update(units).set({ name: sql`${units.name}` }))).toBe(1);
    expect(await countsAfter(async () => undefined)).toBe(0);
    expect(await countsAfter(() => t.db.update(materials).set({ name: sql`${materials.name}` }))).toBe(1);
  });

  it('every table but the bookkeeping ones raises the write counter', async () => {
    const result = await t.db.execute<{ table: string }>(sql`
      select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_bump_table_version')
      order by 1`);
    expect(result.rows.map((r) => r.table)).toEqual([
      'api_keys',
      'audit_log',
      'domain_events',
      'event_subscribers',
      'idempotency_keys',
      'jobs',
      'oidc_identities',
      'oidc_sign_ins',
      'passkey_credentials',
      'refresh_tokens',
      'role_access_versions',
      'session_devices',
      'table_versions',
      'webauthn_challenges',
      'webhook_deliveries',
    ]);
  });
});
