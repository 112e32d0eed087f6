import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, ID_MESSAGE, MALFORMED_TEXT_MESSAGE, MAX_ID, MESSAGES } from '@goc/contracts';
import { auditLog, roles, units } from '../src/db/schema';
import { toApiError } from '../src/lib/api-errors';
import { createTestApp, login, postLogin, type TestApp } from './helpers/app';
import { resolved } from './helpers/openapi';
import { API, apiFor, listUrl, type Api } from './catalogs/support';

/* Bad input is a 400 in Spanish, never a 500 from the database (issue 7, item 6). */

let t: TestApp;
let admin: Api;
let adminRoleId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = apiFor(t.app, (await login(t.app)).token);
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrador'));
  adminRoleId = role!.id;
});
afterAll(async () => t?.close());

const malformed = (field: string) => ({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation, fields: { [field]: MALFORMED_TEXT_MESSAGE } });
const badId = { statusCode: 400, error: 'Bad Request', message: MESSAGES.validation, fields: { id: ID_MESSAGE } };
const unitCount = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(units))[0]!.n);

describe('a NUL character or a lone surrogate in any text', () => {
  it('in the search, a filter value or the export query', async () => {
    expect((await admin.get(`${API}/units?q=a%00b`)).json()).toEqual(malformed('q'));
    const filter = { name: { operator: 'and' as const, constraints: [{ matchMode: 'contains' as const, value: 'x\u0000' }] } };
    expect((await admin.get(listUrl('/units', { filters: filter }))).json()).toEqual(malformed('filters.name.constraints.0.value'));
    // A lone surrogate only travels as a JSON escape (UTF-8 cannot carry one): "\ud800" in the filters.
    const lone = { name: { operator: 'and' as const, constraints: [{ matchMode: 'contains' as const, value: 'x\ud800' }] } };
    expect((await admin.get(listUrl('/units', { filters: lone }))).json()).toEqual(malformed('filters.name.constraints.0.value'));
    const exported = await admin.get(`${API}/units/export?format=csv&q=%00`);
    expect(exported.statusCode).toBe(400);
    expect(exported.json()).toEqual(malformed('q'));
  });

  it('in a body field: refused, nothing stored', async () => {
    const before = await unitCount();
    expect((await admin.post(`${API}/units`, { abbreviation: 'a\u0000', name: 'Nula' })).json()).toEqual(malformed('abbreviation'));
    expect((await admin.post(`${API}/units`, { abbreviation: 'ab', name: 'Media \ud800' })).json()).toEqual(malformed('name'));
    expect(await unitCount()).toBe(before);
  });

  it('in the login username: 400, and the attempt is audited with the text made storable', async () => {
    expect((await postLogin(t.app, 'adm\u0000in', 'x')).json()).toEqual(malformed('username'));
    const res = await postLogin(t.app, 'adm\ud800in', 'x');
    expect(res.json()).toEqual(malformed('username'));
    const rows = await t.db.select().from(auditLog).where(sql`${auditLog.action} = 'auth.login_failed' and ${auditLog.metadata}->>'reason' = 'malformed_input'`);
    expect(rows.map((r) => r.metadata)).toEqual([
      { username: 'adm\uFFFDin', reason: 'malformed_input' },
      { username: 'adm\uFFFDin', reason: 'malformed_input' },
    ]);
  });
});

describe('ids', () => {
  it('in the path: only the canonical decimal of an id in range', async () => {
    expect((await admin.get(`${API}/roles/${String(adminRoleId)}`)).statusCode).toBe(200);
    for (const id of ['0x1', '1e0', '01', '+1', '%201', '1.0', '0', String(MAX_ID + 1), '99999999999']) {
      const res = await admin.get(`${API}/roles/${id}`);
      expect(res.json(), id).toEqual(badId);
    }
    expect((await admin.get(`${API}/roles/${String(MAX_ID)}`)).statusCode).toBe(404);
  });

  it('in a reference filter and a body reference: above 2 147 483 647 is not an id', async () => {
    const filter = { roleId: { operator: 'and' as const, constraints: [{ matchMode: 'equals' as const, value: MAX_ID + 1 }] } };
    const listed = await admin.get(listUrl('/users', { filters: filter }));
    expect(listed.statusCode).toBe(400);
    expect(listed.json().message).toBe('El valor del filtro "Rol" debe ser un identificador');
    const body = await admin.post(`${API}/users`, { username: 'rango', password: 'Andamio-Seguro-2026', roleId: MAX_ID + 1 });
    expect(body.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation, fields: { roleId: FIELD_MESSAGES.option } });
  });

  it('the OpenAPI document advertises the real maximum of a reference id', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = resolved(spec, spec.paths['/api/v2/users'].post.requestBody.content['application/json'].schema);
    expect(schema?.properties?.roleId?.maximum).toBe(MAX_ID);
  });
});

describe('a data exception from the database', () => {
  it('is a 400 in Spanish, not a 500 (values the schemas let through, e.g. out of an integer column range)', () => {
    const error = new Error('query failed', { cause: Object.assign(new Error('value "3000000000" is out of range for type integer'), { code: '22003' }) });
    expect(toApiError(error)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Algún dato de la solicitud no es válido o está fuera del rango permitido' });
  });
});
