import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupSetupSchema } from '@goc/contracts';
import { bearer, createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';

/*
 * GET /admin/backup-settings: what Configuración → Respaldos shows of the server's backup setup
 * (GOC_BACKUP_DIR, GOC_BACKUP_SCHEDULE, GOC_BACKUP_KEEP), to the admin module's viewers only.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const URL = '/api/v2/admin/backup-settings';
let t: TestApp | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

describe('backup settings', () => {
  it('names the folder, the daily time, the count kept and the next run in Mexico City time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:30:00Z') });
    t = await createTestApp({ config: { backups: { dir: '/srv/goc/respaldos', schedule: { hour: 3, minute: 5 }, keep: 7 } } });
    const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer((await login(t.app)).token) });
    expect(res.statusCode, res.body).toBe(200);
    // 03:05 in Mexico City (UTC−6) the next day is 09:05 UTC.
    expect(backupSetupSchema.parse(res.json())).toEqual({ dir: '/srv/goc/respaldos', schedule: '03:05', keep: 7, nextRunAt: '2026-11-27T09:05:00.000Z' });
  });

  it('says when the automatic backup is off; refuses who lacks the admin module', async () => {
    t = await createTestApp({ config: { backups: { dir: '/srv/goc/respaldos', schedule: 'off', keep: 14 } } });
    const admin = await login(t.app);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(admin.token) })).json()).toEqual({ dir: '/srv/goc/respaldos', schedule: null, keep: 14, nextRunAt: null });

    const viewer = await createUser(t.app, { roleId: await createRole(t.db, 'Consulta de respaldos', { admin: ['view'] }) });
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer((await login(t.app, viewer.username, viewer.password)).token) })).statusCode).toBe(200);
    const outsider = await createUser(t.app, { roleId: await createRole(t.db, 'Sin administración', { works: ['view'] }) });
    const refused = await t.app.inject({ method: 'GET', url: URL, headers: bearer((await login(t.app, outsider.username, outsider.password)).token) });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
