import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../helpers/api-process';
import { bearer, createTestApp, createUser, login, type TestApp } from '../helpers/app';

/*
 * Two real API processes on one PostgreSQL (TEST_DATABASE_URL): a session ended through this test's
 * app is refused by process A at its very next request, though A had just answered from that session.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let processA: ApiProcess | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  processA = await startApiProcess(t);
}, 120_000);

afterAll(async () => {
  await processA?.stop();
  await t?.close();
});

const meOnA = (token: string) => fetch(`${processA!.url}/api/v2/auth/me`, { headers: bearer(token) });

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  it("refuses a session ended through this process at process A's next request", async () => {
    const user = await createUser(t.app);
    const mine = await login(t.app, user.username, user.password);
    const other = await login(t.app, user.username, user.password);
    // A answers from the session, so it keeps it in memory.
    expect((await meOnA(other.token)).status).toBe(200);
    expect((await meOnA(other.token)).status).toBe(200);
    const familyId = JSON.parse(Buffer.from(other.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v2/auth/sessions/${familyId}`, payload: { password: user.password }, headers: bearer(mine.token) });
    expect(res.statusCode, res.body).toBe(204);
    expect((await meOnA(other.token)).status).toBe(401);
    expect((await meOnA(mine.token)).status).toBe(200);
  });

  it("refuses every session an administrator ended at process A's next request", async () => {
    const admin = await login(t.app);
    const user = await createUser(t.app);
    const session = await login(t.app, user.username, user.password);
    expect((await meOnA(session.token)).status).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/users/${user.id}/sessions`, headers: bearer(admin.token) })).statusCode).toBe(204);
    expect((await meOnA(session.token)).status).toBe(401);
  });
});
