import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, domainEvents } from '../../src/db/schema';
import { bearer, createTestApp, login, type TestApp } from '../helpers/app';
import { statementsOf } from '../helpers/statements';

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

it('writes a change\'s audit row and its event in one statement, both committed', async () => {
  let res: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
  const seen = await statementsOf(t.database, async () => {
    res = await t.app.inject({ method: 'POST', url: '/api/v2/units', headers: bearer(token), payload: { name: 'Tramo', abbreviation: 'tr' } });
  });
  if (!res) throw new Error('no answer');
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  const writes = seen.map((s) => s.text).filter((text) => /insert into "(audit_log|domain_events)"/.test(text));
  expect(writes).toHaveLength(1);
  expect(writes[0]).toMatch(/^with audited as \(insert into "audit_log".*\) insert into "domain_events"/s);
  // The event takes its changes from the audit row: they travel once.
  const [statement] = seen.filter((s) => s.text === writes[0]);
  expect(statement!.params.filter((p) => typeof p === 'string' && p.includes('"Tramo"'))).toHaveLength(1);

  const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'units')).orderBy(desc(auditLog.id)).limit(1);
  expect(audit).toMatchObject({ action: 'create', entityId: id });
  const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.resource, 'units')).orderBy(desc(domainEvents.id)).limit(1);
  expect(event).toMatchObject({ type: 'record.created', recordId: id });
  expect(event?.changes).toEqual(audit?.changes);
});
