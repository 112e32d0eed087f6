import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, domainEvents } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';

/*
 * Every write of the mechanism records an audit row and a domain event: one statement for both (the
 * audit insert a CTE of the event's), so a create costs its transaction one round trip less.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ build: { dispatcher: false } as never });
  token = (await login(t.app)).token;
});
afterAll(async () => t?.close());

type QueryFn = (...args: unknown[]) => unknown;
type Queryable = { query: QueryFn };

/** The SQL of every statement `run` sends, transactions included (PostgreSQL: any pooled client; PGlite: its transactions). */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const recording = (original: QueryFn): QueryFn =>
    function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      seen.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text ?? ''));
      return original.apply(this, args);
    };
  if (t.database.driver.kind === 'postgres') {
    const prototype = pg.Client.prototype as unknown as Queryable;
    const original = prototype.query;
    prototype.query = recording(original);
    try {
      await run();
    } finally {
      prototype.query = original;
    }
    return seen;
  }
  const client = t.database.driver.client as unknown as Queryable & { transaction: (fn: (tx: Queryable) => unknown) => unknown };
  const [query, transaction] = [client.query, client.transaction];
  client.query = recording(query);
  client.transaction = function (this: unknown, fn: (tx: Queryable) => unknown) {
    return transaction.call(this, (tx: Queryable) => {
      tx.query = recording(tx.query);
      return fn(tx);
    });
  };
  try {
    await run();
  } finally {
    Object.assign(client, { query, transaction });
  }
  return seen;
}

it('writes a change\'s audit row and its event in one statement, both committed', async () => {
  let res: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
  const seen = await statementsOf(async () => {
    res = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Tramo', abbreviation: 'tr' } });
  });
  if (!res) throw new Error('no answer');
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  const writes = seen.filter((s) => /insert into "(audit_log|domain_events)"/.test(s));
  expect(writes).toHaveLength(1);
  expect(writes[0]).toMatch(/^with audited as \(insert into "audit_log".*\) insert into "domain_events"/s);

  const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'units')).orderBy(desc(auditLog.id)).limit(1);
  expect(audit).toMatchObject({ action: 'create', entityId: id });
  const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.resource, 'units')).orderBy(desc(domainEvents.id)).limit(1);
  expect(event).toMatchObject({ type: 'record.created', recordId: id });
  expect(event?.changes).toEqual(audit?.changes);
});
