import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBusinessDays, businessToday, IDSE_RECORD_LENGTH, idseText, MESSAGES, notFoundMessage, parseIdseRecord, REGISTRY_MESSAGES, registryCutsResource, weekOfDay } from '@goc/contracts';
import { auditLog, domainEvents, employees, refreshTokens, registrationStatuses, registryCuts, registryMovements, stampStatuses } from '../../src/db/schema';
import { createRole, createTestApp, createUser, login, type TestApp } from '../helpers/app';
import { API, apiFor, created, firstId, listUrl, nss, rfcMoral, validCurp, type Api, type Row } from '../catalogs/support';

/*
 * Altas y bajas through the HTTP API on a real database: every rule of a movement, its scopes and
 * permissions, applying it to the employee, the weekly cut of its capture (around Sunday 23:59 /
 * Monday 00:00 Mexico City), closing and freezing a cut, its exports and the IDSE file.
 */

const MOVEMENTS = `${API}/registry/movements`;
const CUTS = `${API}/registry/cuts`;

let t: TestApp;
let admin: Api;
let office: Api; // registry_office: everything
let field: Api; // registry_works: everything
let historian: Api; // registry_history: view + edit
let officeReader: Api; // registry_office: view only
let companyId: number;
let otherCompanyId: number;
let workId: number;
let otherWorkId: number;
let seq = 100;
let statusIds: Record<string, number>;

const today = () => businessToday();

async function session(grants: Parameters<typeof createRole>[2], name: string): Promise<Api> {
  const roleId = await createRole(t.db, name, grants);
  const user = await createUser(t.app, { roleId });
  return apiFor(t.app, (await login(t.app, user.username, user.password)).token);
}

/** An active employee of the test company (via the catalogue). */
async function activeEmployee(over: Row = {}): Promise<Row> {
  seq += 1;
  return created(admin, '/employees', {
    employeeNumber: `R-${seq}`,
    firstName: 'José',
    lastName: 'Peña',
    secondLastName: 'Núñez',
    curp: validCurp(seq),
    nss: nss(seq),
    companyId,
    hireDate: '2026-01-05',
    dailySalary: 400,
    sdi: 420,
    ...over,
  });
}

function newEmployee(): Row {
  seq += 1;
  return { employeeNumber: `N-${seq}`, firstName: 'María José', lastName: 'Gómez', secondLastName: 'Ávila', curp: validCurp(seq), nss: nss(seq) };
}

const alta = (over: Row = {}): Row => ({
  type: 'alta',
  scope: 'oficina',
  companyId,
  effectiveDate: today(),
  workerType: 'permanente',
  dailySalary: 400,
  sdi: 420,
  employee: newEmployee(),
  ...over,
});

async function createdMovement(api: Api, body: Row): Promise<Row> {
  const res = await api.post(MOVEMENTS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

const setStatus = (api: Api, movement: Row, body: Row) => api.patch(`${MOVEMENTS}/${movement.id as number}/status`, { version: movement.version, ...body });

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = apiFor(t.app, (await login(t.app)).token);
  office = await session({ registry_office: ['view', 'create', 'edit', 'delete'] }, 'RH oficina');
  field = await session({ registry_works: ['view', 'create', 'edit', 'delete'] }, 'RH obras');
  historian = await session({ registry_history: ['view', 'edit'] }, 'RH histórico');
  officeReader = await session({ registry_office: ['view'] }, 'RH lector');
  const company = await created(admin, '/companies', { name: 'Constructora Registro SA de CV', rfc: rfcMoral(901), employerRegistration: 'A1234567890', imssGuide: '12345' });
  companyId = company.id as number;
  otherCompanyId = (await created(admin, '/companies', { name: 'Otra Empresa SA de CV', rfc: rfcMoral(902) })).id as number;
  const categoryId = await firstId(admin, '/categories');
  workId = (await created(admin, '/works', { code: 'REG-01', name: 'Torre Registro', companyId, categoryId })).id as number;
  otherWorkId = (await created(admin, '/works', { code: 'REG-02', name: 'Obra Ajena', companyId: otherCompanyId, categoryId })).id as number;
  const rows = await t.db.select({ id: registrationStatuses.id, code: registrationStatuses.code }).from(registrationStatuses);
  statusIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});

afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

describe('creating movements', () => {
  it('creates an alta with a new employee, at the catalogue defaults, in this week’s cut', async () => {
    const body = alta();
    const movement = await createdMovement(office, body);
    expect(movement).toMatchObject({
      version: 1,
      type: 'alta',
      scope: 'oficina',
      late: false,
      workId: null,
      registrationStatus: { code: 'pendiente', name: 'Pendiente' },
      stampStatus: { code: 'pendiente' },
      errorStatus: { code: 'sin_error' },
      employeeNumber: (body.employee as Row).employeeNumber,
      cutStatus: 'abierto',
    });
    const [employee] = await t.db.select().from(employees).where(eq(employees.id, movement.employeeId as number));
    // Not active until the IMSS applies the alta.
    expect(employee).toMatchObject({ status: 'baja', companyId, hireDate: today(), firstName: 'María José', sdi: '420.00' });
    const [cut] = await t.db.select().from(registryCuts).where(eq(registryCuts.id, movement.cutId as number));
    expect(cut!.startDate <= today() && today() <= cut!.endDate).toBe(true);
    expect((movement.cut as Row).label).toBe(cut!.label);
  });

  it('refuses a new employee with the catalogue’s validation and uniqueness, and stores nothing', async () => {
    const existing = await activeEmployee();
    const before = await t.db.$count(registryMovements);
    const badCurp = await office.post(MOVEMENTS, alta({ employee: { ...newEmployee(), curp: 'XXXX' } }));
    expect(badCurp.statusCode).toBe(400);
    expect(Object.keys(badCurp.json().fields)).toEqual(['employee.curp']);
    const taken = await office.post(MOVEMENTS, alta({ employee: { ...newEmployee(), employeeNumber: existing.employeeNumber } }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ 'employee.employeeNumber': `Ya existe un empleado con número de empleado «${existing.employeeNumber as string}»` });
    const both = await office.post(MOVEMENTS, alta({ employeeId: existing.id }));
    expect(both.json().fields).toEqual({ employeeId: REGISTRY_MESSAGES.employeeTwice });
    const neither = await office.post(MOVEMENTS, alta({ employee: undefined }));
    expect(neither.json().fields).toEqual({ employeeId: REGISTRY_MESSAGES.employeeRequired });
    const bajaWithNew = await office.post(MOVEMENTS, alta({ type: 'baja', bajaReason: '2', dailySalary: null, sdi: null }));
    expect(bajaWithNew.json().fields).toEqual({ employeeId: REGISTRY_MESSAGES.newEmployeeOnlyOnAlta });
    expect(await t.db.$count(registryMovements)).toBe(before);
  });

  it('refuses an alta of an active employee, but takes a reingreso of a former one', async () => {
    const employee = await activeEmployee();
    const res = await office.post(MOVEMENTS, alta({ employee: undefined, employeeId: employee.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ employeeId: REGISTRY_MESSAGES.altaOfActive });
    const former = await activeEmployee({ status: 'baja' });
    await createdMovement(office, alta({ employee: undefined, employeeId: former.id }));
  });

  it('needs a baja reason, an active employee and a date not before the hire date', async () => {
    const employee = await activeEmployee();
    const baja = { type: 'baja', scope: 'oficina', companyId, employeeId: employee.id, effectiveDate: today(), workerType: 'permanente' };
    const noReason = await office.post(MOVEMENTS, baja);
    expect(noReason.json().fields).toEqual({ bajaReason: REGISTRY_MESSAGES.bajaReasonRequired });
    const badReason = await office.post(MOVEMENTS, { ...baja, bajaReason: 'Z' });
    expect(badReason.statusCode).toBe(400);
    expect(Object.keys(badReason.json().fields)).toEqual(['bajaReason']);
    const early = await office.post(MOVEMENTS, { ...baja, bajaReason: '1', effectiveDate: '2026-01-02' });
    expect(early.json().fields).toEqual({ effectiveDate: 'La fecha de la baja no puede ser anterior a la fecha de ingreso (05/01/26)' });
    const inactive = await activeEmployee({ status: 'baja' });
    const notActive = await office.post(MOVEMENTS, { ...baja, employeeId: inactive.id, bajaReason: '1' });
    expect(notActive.json().fields).toEqual({ employeeId: REGISTRY_MESSAGES.bajaOfInactive });
    const ok = await createdMovement(office, { ...baja, bajaReason: 'A' });
    expect(ok).toMatchObject({ bajaReason: 'A', dailySalary: null, sdi: null });
  });

  it('refuses a baja or a salary change under a company other than the employee’s; an alta of a former employee may change it', async () => {
    const employee = await activeEmployee();
    const baja = { type: 'baja', scope: 'oficina', companyId: otherCompanyId, employeeId: employee.id, effectiveDate: today(), workerType: 'permanente', bajaReason: '2' };
    const wrong = await office.post(MOVEMENTS, baja);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ companyId: 'El empleado es de la empresa «Constructora Registro SA de CV»: el movimiento debe ser de esa empresa' });
    const change = { type: 'modificacion_salario', scope: 'oficina', companyId: otherCompanyId, employeeId: employee.id, effectiveDate: today(), workerType: 'permanente', dailySalary: 450, sdi: 470 };
    expect((await office.post(MOVEMENTS, change)).json().fields).toEqual({ companyId: REGISTRY_MESSAGES.companyOfEmployee('Constructora Registro SA de CV') });
    expect(await createdMovement(office, { ...baja, companyId })).toMatchObject({ companyId, employeeId: employee.id });
    const former = await activeEmployee({ status: 'baja' });
    expect(await createdMovement(office, alta({ employee: undefined, employeeId: former.id, companyId: otherCompanyId }))).toMatchObject({ companyId: otherCompanyId });
  });

  it('offers a baja or salary change only active employees and an alta only those not active', async () => {
    const active = await activeEmployee();
    const former = await activeEmployee({ status: 'baja' });
    const offered = async (filter: string) =>
      ((await office.get(`${API}/employees/options?limit=200&filter=${filter}&q=${encodeURIComponent('José Peña')}`)).json().items as { value: number }[]).map((o) => o.value);
    const forBaja = await offered('activo');
    expect(forBaja).toContain(active.id);
    expect(forBaja).not.toContain(former.id);
    const forAlta = await offered('baja');
    expect(forAlta).toContain(former.id);
    expect(forAlta).not.toContain(active.id);
  });

  it('gives a new movement the employee’s company, latest worker type and salary in force, to those who capture or correct movements', async () => {
    const employee = await activeEmployee({ dailySalary: 512.5, sdi: 530 });
    const defaults = (id: unknown, api: Api = office) => api.get(`${API}/registry/employees/${id as number}/defaults`);
    const fresh = await defaults(employee.id);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ employeeId: employee.id, companyId, workId: null, workerType: null, dailySalary: 512.5, sdi: 530 });
    const atWork = await activeEmployee({ workId });
    expect((await defaults(atWork.id)).json()).toMatchObject({ companyId, workId });
    await createdMovement(office, { type: 'modificacion_salario', scope: 'oficina', companyId, employeeId: employee.id, effectiveDate: today(), workerType: 'eventual_construccion', dailySalary: 520, sdi: 540 });
    expect((await defaults(employee.id, field)).json()).toMatchObject({ workerType: 'eventual_construccion', dailySalary: 512.5 });
    const missing = await defaults(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REGISTRY_MESSAGES.employeeNotFound);
    expect((await defaults(employee.id, officeReader)).statusCode).toBe(403);
    expect((await defaults(employee.id, historian)).statusCode).toBe(403);
  });

  it('checks salary and SDI against the wage parameters in force on the effective date', async () => {
    const employee = await activeEmployee();
    const change = { type: 'modificacion_salario', scope: 'oficina', companyId, employeeId: employee.id, effectiveDate: '2026-03-02', workerType: 'permanente' };
    expect((await office.post(MOVEMENTS, { ...change, sdi: 400 })).json().fields).toEqual({ dailySalary: REGISTRY_MESSAGES.dailySalaryRequired });
    expect((await office.post(MOVEMENTS, { ...change, dailySalary: 300 })).json().fields).toEqual({ sdi: REGISTRY_MESSAGES.sdiRequired });
    expect((await office.post(MOVEMENTS, { ...change, dailySalary: 400, sdi: 399 })).json().fields).toEqual({ sdi: 'El SDI no puede ser menor que el salario diario' });
    // 2026: minimum wage 315.04; 25 UMA from 1 February = 25 × 117.31.
    expect((await office.post(MOVEMENTS, { ...change, dailySalary: 300, sdi: 315 })).json().fields).toEqual({ sdi: 'El SDI no puede ser menor que el salario mínimo vigente ($315.04)' });
    expect((await office.post(MOVEMENTS, { ...change, dailySalary: 300, sdi: 2932.76 })).json().fields).toEqual({ sdi: 'El SDI no puede ser mayor que 25 UMA ($2,932.75)' });
    // In January 2026 the UMA of 2025 (113.14) still caps it: 25 × 113.14 = 2 828.50.
    expect((await office.post(MOVEMENTS, { ...change, effectiveDate: '2026-01-20', dailySalary: 300, sdi: 2900 })).json().fields).toEqual({ sdi: 'El SDI no puede ser mayor que 25 UMA ($2,828.50)' });
    const [first] = await Promise.all([createdMovement(office, { ...change, dailySalary: 300, sdi: 2932.75 })]);
    expect(first).toMatchObject({ sdi: 2932.75, late: true });
    // Two open movements of the same type for the same employee are refused.
    const twin = await office.post(MOVEMENTS, { ...change, dailySalary: 320, sdi: 330 });
    expect(twin.json().fields).toEqual({ employeeId: 'El empleado ya tiene un movimiento de modificación de salario abierto' });
  });

  it('flags "fuera de plazo" after 5 business days, without refusing', async () => {
    const five = await createdMovement(office, alta({ effectiveDate: addBusinessDays(today(), -7) }));
    const late = await createdMovement(office, alta({ effectiveDate: '2026-01-05' }));
    expect(late.late).toBe(true);
    // 7 calendar days back hold 5 weekdays, whatever today is.
    expect(five.late).toBe(false);
    const listed = await office.get(listUrl('/registry/movements', { pageSize: 100, filters: { late: { operator: 'and', constraints: [{ value: true, matchMode: 'equals' }] } } }));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((r: Row) => r.id)).toContain(late.id);
    expect(listed.json().items.every((r: Row) => r.late === true)).toBe(true);
  });

  it('needs a work of the same company for obra movements', async () => {
    const noWork = await field.post(MOVEMENTS, alta({ scope: 'obra' }));
    expect(noWork.json().fields).toEqual({ workId: REGISTRY_MESSAGES.workRequired });
    const foreign = await field.post(MOVEMENTS, alta({ scope: 'obra', workId: otherWorkId }));
    expect(foreign.json().fields).toEqual({ workId: REGISTRY_MESSAGES.workOfOtherCompany });
    const ok = await createdMovement(field, alta({ scope: 'obra', workId, workerType: 'eventual_construccion' }));
    expect(ok.work).toMatchObject({ id: workId });
  });
});

describe('scopes and permissions', () => {
  let officeMovement: Row;
  let workMovement: Row;
  beforeAll(async () => {
    officeMovement = await createdMovement(office, alta());
    workMovement = await createdMovement(field, alta({ scope: 'obra', workId }));
  });

  it('lists each scope to its module only', async () => {
    const mine = await office.get(`${MOVEMENTS}?scope=oficina&pageSize=100`);
    expect(mine.json().items.every((r: Row) => r.scope === 'oficina')).toBe(true);
    expect((await office.get(`${MOVEMENTS}?scope=obra`)).statusCode).toBe(403);
    expect((await field.get(`${MOVEMENTS}?scope=oficina`)).statusCode).toBe(403);
    const works = await field.get(`${MOVEMENTS}?scope=obra&pageSize=100`);
    expect(works.json().items.map((r: Row) => r.id)).toContain(workMovement.id);
  });

  it('answers 404 outside the caller’s scopes and 403 without the scope’s flag', async () => {
    expect((await office.get(`${MOVEMENTS}/${workMovement.id as number}`)).statusCode).toBe(404);
    expect((await setStatus(office, workMovement, { stampStatusId: 1 })).statusCode).toBe(404);
    expect((await field.post(MOVEMENTS, alta())).statusCode).toBe(403);
    expect((await officeReader.post(MOVEMENTS, alta())).statusCode).toBe(403);
    expect((await officeReader.get(`${MOVEMENTS}/${officeMovement.id as number}`)).statusCode).toBe(200);
    expect((await historian.get(`${MOVEMENTS}/${workMovement.id as number}`)).statusCode).toBe(200);
    expect((await historian.post(MOVEMENTS, alta())).statusCode).toBe(403);
  });

  it('never deletes a movement', async () => {
    const res = await admin.del(`${MOVEMENTS}/${officeMovement.id as number}`);
    expect(res.statusCode).toBe(404);
    expect(await t.db.$count(registryMovements, eq(registryMovements.id, officeMovement.id as number))).toBe(1);
  });
});

describe('statuses and applying', () => {
  it('applies an alta: the employee becomes active with the movement’s company, work and salary, audited', async () => {
    const movement = await createdMovement(field, alta({ scope: 'obra', workId, dailySalary: 500, sdi: 525.5 }));
    const res = await setStatus(field, movement, { registrationStatusId: statusIds.aplicado, stampStatusId: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, registrationStatus: { code: 'aplicado' } });
    const [employee] = await t.db.select().from(employees).where(eq(employees.id, movement.employeeId as number));
    expect(employee).toMatchObject({ status: 'activo', companyId, workId, dailySalary: '500.00', sdi: '525.50', hireDate: today() });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'employees'), eq(auditLog.entityId, employee!.id))).orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]!.changes).toMatchObject({ status: { old: 'baja', new: 'activo' } });
    // Its fields are final; its registration status too; the other statuses still change.
    const edit = await field.patch(`${MOVEMENTS}/${movement.id as number}`, { version: 2, notes: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('El movimiento está «Aplicado»: solo cambian sus estatus de timbre y error');
    const back = await setStatus(field, { ...movement, version: 2 }, { registrationStatusId: statusIds.pendiente });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('El movimiento ya está «Aplicado»; su estatus de alta ya no cambia');
    expect((await setStatus(field, { ...movement, version: 2 }, { errorStatusId: 1, errorDetail: 'Revisado' })).statusCode).toBe(200);
  });

  it('applies a baja and a salary change', async () => {
    const employee = await activeEmployee();
    const change = await createdMovement(office, { type: 'modificacion_salario', scope: 'oficina', companyId, employeeId: employee.id, effectiveDate: today(), workerType: 'permanente', dailySalary: 450, sdi: 470 });
    expect((await setStatus(office, change, { registrationStatusId: statusIds.aplicado })).statusCode).toBe(200);
    let [row] = await t.db.select().from(employees).where(eq(employees.id, employee.id as number));
    expect(row).toMatchObject({ status: 'activo', dailySalary: '450.00', sdi: '470.00' });
    // The employee's user is signed in; the baja signs them out (ASVS 7.4.2), nobody else.
    const linked = await createUser(t.app, { employeeId: employee.id as number });
    const linkedSession = await login(t.app, linked.username, linked.password);
    const me = (token: string) => t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { authorization: `Bearer ${token}` } });
    const baja = await createdMovement(office, { type: 'baja', scope: 'oficina', companyId, employeeId: employee.id, effectiveDate: today(), workerType: 'permanente', bajaReason: '2' });
    expect((await me(linkedSession.token)).statusCode).toBe(200);
    expect((await setStatus(office, baja, { registrationStatusId: statusIds.aplicado })).statusCode).toBe(200);
    [row] = await t.db.select().from(employees).where(eq(employees.id, employee.id as number));
    expect(row!.status).toBe('baja');
    expect((await me(linkedSession.token)).statusCode).toBe(401);
    const renewal = await t.app.inject({ method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken: linkedSession.refreshToken }, headers: { authorization: `Bearer ${linkedSession.token}` } });
    expect(renewal.statusCode).toBe(401);
    const revoked = await t.db.select({ reason: refreshTokens.revokedReason }).from(refreshTokens).where(eq(refreshTokens.userId, linked.id));
    expect(revoked.map((r) => r.reason)).toEqual(['employee_baja']);
    expect((await office.get(`${API}/auth/me`)).statusCode).toBe(200);
  });

  it('a baja given from the employees catalogue ends the linked user\'s sessions too', async () => {
    const employee = await activeEmployee();
    const linked = await createUser(t.app, { employeeId: employee.id as number });
    const linkedSession = await login(t.app, linked.username, linked.password);
    const res = await admin.patch(`${API}/employees/${employee.id as number}`, { version: employee.version, status: 'baja' });
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: `${API}/auth/me`, headers: { authorization: `Bearer ${linkedSession.token}` } });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an unknown status and a stale version, changing nothing', async () => {
    const movement = await createdMovement(office, alta());
    const unknown = await setStatus(office, movement, { stampStatusId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ stampStatusId: REGISTRY_MESSAGES.statusNotFound });
    const stale = await setStatus(office, { ...movement, version: 9 }, { errorStatusId: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('El registro fue modificado por otro usuario');
    const cancelled = await setStatus(office, movement, { registrationStatusId: statusIds.cancelado });
    expect(cancelled.statusCode).toBe(200);
    const [employee] = await t.db.select().from(employees).where(eq(employees.id, movement.employeeId as number));
    expect(employee!.status).toBe('baja');
  });
});

describe('weekly cuts', () => {
  it('puts a movement captured Sunday 23:59 and one captured Monday 00:00 (Mexico City) in different cuts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sunday 13 September 2026, 23:59 in Mexico City (UTC−6); a week the demo data leaves empty.
    vi.setSystemTime(new Date('2026-09-14T05:59:00Z'));
    const sunday = apiFor(t.app, (await login(t.app)).token);
    const late = await createdMovement(sunday, alta({ effectiveDate: '2026-09-11' }));
    vi.setSystemTime(new Date('2026-09-14T06:00:00Z'));
    const early = await createdMovement(sunday, alta({ effectiveDate: '2026-09-14' }));
    vi.useRealTimers();
    expect((late.cut as Row).label).toBe('2026-S37');
    expect((early.cut as Row).label).toBe('2026-S38');
    const res = await historian.get(`${CUTS}/${early.cutId as number}`);
    expect(res.json()).toMatchObject({ label: '2026-S38', startDate: '2026-09-14', endDate: '2026-09-20', status: 'abierto' });
  });

  it('lists cuts newest first with their totals and summarises a cut per work', async () => {
    const res = await historian.get(`${CUTS}?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const cuts = res.json().items as Row[];
    const starts = cuts.map((c) => c.startDate as string);
    expect(starts).toEqual([...starts].sort().reverse());
    const current = cuts[0]!;
    const stored = await t.db.select().from(registryMovements).where(eq(registryMovements.cutId, current.id as number));
    expect(current.totals).toMatchObject({
      movements: stored.length,
      altas: stored.filter((m) => m.type === 'alta').length,
      bajas: stored.filter((m) => m.type === 'baja').length,
      obra: stored.filter((m) => m.scope === 'obra').length,
      late: stored.filter((m) => m.late).length,
    });
    const detail = (await historian.get(`${CUTS}/${current.id as number}`)).json();
    const atWork = (detail.works as Row[]).find((w) => (w.work as Row | null)?.id === workId);
    expect(atWork?.altas).toBe(stored.filter((m) => m.workId === workId && m.type === 'alta').length);
    expect((await office.get(`${CUTS}`)).statusCode).toBe(403);
  });

  it('closes a past cut once, freezing its movements’ fields but not their statuses', async () => {
    // A week no other test uses and always before the demo's oldest one (closed by the seed, which
    // spreads its movements over the 25 days before the run): the movement opens a cut of its own.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-08-05T18:00:00Z'));
    const past = apiFor(t.app, (await login(t.app)).token);
    const movement = await createdMovement(past, alta({ effectiveDate: '2026-08-05' }));
    vi.useRealTimers();
    const cut = (await historian.get(`${CUTS}/${movement.cutId as number}`)).json() as Row;
    expect(cut.label).toBe('2026-S32');
    expect((await office.post(`${CUTS}/${cut.id as number}/close`, { version: cut.version })).statusCode).toBe(403);
    const closed = await historian.post(`${CUTS}/${cut.id as number}/close`, { version: cut.version });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'cerrado', closedBy: { label: expect.any(String) }, version: (cut.version as number) + 1 });
    const again = await historian.post(`${CUTS}/${cut.id as number}/close`, { version: closed.json().version });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REGISTRY_MESSAGES.cutAlreadyClosed);
    const edit = await office.patch(`${MOVEMENTS}/${movement.id as number}`, { version: 1, notes: 'tarde' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(REGISTRY_MESSAGES.cutClosed);
    expect((await setStatus(office, movement, { registrationStatusId: statusIds.en_tramite })).statusCode).toBe(200);
    const [stored] = await t.db.select().from(registryMovements).where(eq(registryMovements.id, movement.id as number));
    expect(stored).toMatchObject({ notes: null, registrationStatusId: statusIds.en_tramite });
    // Both status routes leave a transition event in their transaction; the refusals leave none.
    const eventsOf = (resource: string, id: number) =>
      t.db.select().from(domainEvents).where(and(eq(domainEvents.resource, resource), eq(domainEvents.recordId, id))).orderBy(domainEvents.id);
    const cutEvents = await eventsOf('registryCuts', cut.id as number);
    expect(cutEvents.filter((e) => e.type === 'record.transitioned')).toMatchObject([
      { fromStatus: 'abierto', toStatus: 'cerrado', changes: { status: { old: 'abierto', new: 'cerrado' } } },
    ]);
    const movementEvents = await eventsOf('registryMovements', movement.id as number);
    expect(movementEvents.map((e) => e.type)).toEqual(['record.created', 'record.transitioned']);
    expect(movementEvents[1]).toMatchObject({ fromStatus: 'pendiente', toStatus: 'en_tramite', changes: { registrationStatusId: { new: statusIds.en_tramite } } });
  });

  it('refuses to close the current week before it ends unless forced', async () => {
    const movement = await createdMovement(office, alta());
    const cut = (await historian.get(`${CUTS}/${movement.cutId as number}`)).json() as Row;
    const early = await historian.post(`${CUTS}/${cut.id as number}/close`, { version: cut.version });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^La semana del corte termina el \d{2}\/\d{2}\/\d{2}/);
    const forced = await historian.post(`${CUTS}/${cut.id as number}/close`, { version: cut.version, force: true });
    expect(forced.statusCode).toBe(200);
    // A capture after the early close belongs to the next week's cut, created for it; the form is told first.
    const nextWeek = weekOfDay(addBusinessDays(String(cut.endDate), 1));
    const nextLabel = nextWeek.key.replace('-W', '-S');
    const capture = await office.get(`${CUTS}/capture`);
    expect(capture.statusCode, capture.body).toBe(200);
    expect(capture.json()).toEqual({ label: nextLabel, closedLabel: cut.label });
    expect(REGISTRY_MESSAGES.nextCut(String(cut.label), nextLabel)).toBe(`El corte de esta semana (${String(cut.label)}) ya está cerrado: este movimiento irá al corte ${nextLabel}`);
    expect((await officeReader.get(`${CUTS}/capture`)).statusCode).toBe(403);
    const later = await createdMovement(office, alta());
    const [next] = await t.db.select().from(registryCuts).where(eq(registryCuts.id, later.cutId as number));
    expect(next).toMatchObject({ label: nextLabel, weekKey: nextWeek.key, startDate: nextWeek.start, endDate: nextWeek.end, status: 'abierto' });
    const closedTotals = (await historian.get(`${CUTS}/${cut.id as number}`)).json().totals as { movements: number };
    expect(closedTotals.movements).toBe((cut.totals as { movements: number }).movements);
    await t.db.update(registryCuts).set({ status: 'abierto', closedAt: null, closedById: null }).where(eq(registryCuts.id, cut.id as number));
    expect((await office.get(`${CUTS}/capture`)).json()).toEqual({ label: cut.label, closedLabel: null });
  });

  it('marks several movements of a cut at once, all or none, and the IDSE file leaves out the applied ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-04T18:00:00Z'));
    const api = apiFor(t.app, (await login(t.app)).token);
    const first = await createdMovement(api, alta());
    const second = await createdMovement(api, alta({ scope: 'obra', workId }));
    const third = await createdMovement(api, alta());
    vi.useRealTimers();
    const cutId = first.cutId as number;
    const url = `${CUTS}/${cutId}/movements/status`;
    const idse = async () => ((await historian.get(`${CUTS}/${cutId}/idse?companyId=${companyId}&type=alta&format=json`)).json() as { records: number }).records;
    expect(await idse()).toBe(3);

    const empty = await office.post(url, { items: [], registrationStatusId: statusIds.aplicado });
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { items: REGISTRY_MESSAGES.bulkEmpty }]);
    const nothing = await office.post(url, { items: [{ id: first.id, version: first.version }] });
    expect([nothing.statusCode, nothing.json().fields]).toEqual([400, { registrationStatusId: REGISTRY_MESSAGES.bulkNothing }]);
    const [elsewhere] = await t.db.select({ id: registryMovements.id, version: registryMovements.version }).from(registryMovements).where(ne(registryMovements.cutId, cutId)).limit(1);
    const outside = await office.post(url, { items: [{ id: first.id, version: first.version }, elsewhere], registrationStatusId: statusIds.aplicado });
    expect([outside.statusCode, outside.json().fields]).toEqual([400, { 'items.1.id': REGISTRY_MESSAGES.bulkOutsideCut(elsewhere!.id) }]);
    // The office alone does not see the works' movement: nothing changes, not even the first.
    const scoped = await office.post(url, { items: [{ id: first.id, version: first.version }, { id: second.id, version: second.version }], registrationStatusId: statusIds.aplicado });
    expect(scoped.statusCode).toBe(404);
    const stale = await admin.post(url, { items: [{ id: first.id, version: first.version }, { id: third.id, version: (third.version as number) + 1 }], registrationStatusId: statusIds.aplicado });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(`Movimiento ${third.id as number}: ${MESSAGES.staleVersion}`);
    const mine = [first.id as number, second.id as number, third.id as number];
    const untouched = await t.db.select({ status: registryMovements.registrationStatusId, version: registryMovements.version }).from(registryMovements).where(inArray(registryMovements.id, mine));
    expect(untouched).toEqual(mine.map(() => ({ status: first.registrationStatusId, version: first.version })));

    const done = await admin.post(url, { items: [{ id: first.id, version: first.version }, { id: second.id, version: second.version }], registrationStatusId: statusIds.aplicado, stampStatusId: (await t.db.select({ id: stampStatuses.id }).from(stampStatuses).where(eq(stampStatuses.code, 'timbrado')))[0]!.id });
    expect([done.statusCode, done.json()]).toEqual([200, { updated: 2 }]);
    const applied = await t.db.select().from(employees).where(inArray(employees.id, [first.employeeId as number, second.employeeId as number]));
    expect(applied.map((e) => e.status)).toEqual(['activo', 'activo']);
    const audits = await t.db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.entity, 'registryMovements'), inArray(auditLog.entityId, [first.id as number, second.id as number]), ne(auditLog.action, 'create')));
    expect(audits.length).toBe(2);
    // Only the movement IMSS has not applied goes in the file again.
    expect(await idse()).toBe(1);
    expect((await officeReader.post(url, { items: [{ id: third.id, version: third.version }], registrationStatusId: statusIds.aplicado })).statusCode).toBe(403);
  });

  it('lists a cut’s movements with the list protocol and exports a workbook with a summary sheet', async () => {
    const [cut] = await t.db.select().from(registryCuts).where(eq(registryCuts.label, '2026-S38'));
    const res = await historian.get(`${CUTS}/${cut!.id}/movements?pageSize=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(1);
    const [item] = res.json().items as Row[];
    expect(item!.cutId).toBe(cut!.id);
    // The employee's number and NSS come from the joined employee, and q finds the movement by them.
    const [stored] = await t.db.select().from(employees).where(eq(employees.id, item!.employeeId as number));
    expect([item!.employeeNumber, item!.employeeNss, item!.cutStatus]).toEqual([stored!.employeeNumber, stored!.nss, cut!.status]);
    for (const q of [stored!.employeeNumber, stored!.nss!]) {
      expect((await historian.get(`${CUTS}/${cut!.id}/movements?q=${encodeURIComponent(q)}`)).json().total, q).toBe(1);
    }
    expect((await historian.get(`${CUTS}/${cut!.id}/movements?q=sin-coincidencias`)).json().total).toBe(0);
    const file = await historian.get(`${CUTS}/${cut!.id}/export?format=xlsx`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen', 'Movimientos']);
    expect(book.getWorksheet('Resumen')!.getRow(1).values).toEqual([undefined, 'Corte semanal', '2026-S38']);
    expect(book.getWorksheet('Resumen')!.getRow(2).values).toEqual([undefined, 'Semana', '14/09/26 – 20/09/26']);
    const sheet = book.getWorksheet('Movimientos')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Tipo', 'Ámbito']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Alta');
    const unknown = await historian.get(`${CUTS}/999999/movements`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, notFoundMessage(registryCutsResource.nouns)]);
  });
});

describe('IDSE files', () => {
  it('answers the file itself: one 168-character record per movement that parses back to it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-14T18:00:00Z'));
    const api = apiFor(t.app, (await login(t.app)).token);
    const good = await createdMovement(api, alta({ effectiveDate: '2026-10-12', sdi: 1234.56, dailySalary: 1000, workerType: 'eventual' }));
    // A new employee's alta needs the NSS; one stored without it (older data) is refused by the export.
    const refusedNss = await api.post(MOVEMENTS, alta({ employee: { ...newEmployee(), nss: null } }));
    expect([refusedNss.statusCode, refusedNss.json().fields]).toEqual([400, { 'employee.nss': REGISTRY_MESSAGES.nssRequired }]);
    const noNss = await createdMovement(api, alta());
    await t.db.update(employees).set({ nss: null }).where(eq(employees.id, noNss.employeeId as number));
    // Capture only warns about the check digit; the export leaves the movement out.
    const wrongDigit = await createdMovement(api, alta({ employee: { ...newEmployee(), firstName: 'Ana', nss: nss(seq, false) } }));
    const field2 = await createdMovement(api, alta({ scope: 'obra', workId }));
    const cancelled = await createdMovement(api, alta());
    await setStatus(api, cancelled, { registrationStatusId: statusIds.cancelado });
    vi.useRealTimers();
    const res = await historian.get(`${CUTS}/${good.cutId as number}/idse?companyId=${companyId}&type=alta`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    expect(res.headers['content-disposition']).toBe('attachment; filename="IDSE-2026-S42-A1234567890-08.txt"');
    expect(res.rawPayload.every((byte) => byte < 0x80)).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toHaveLength(IDSE_RECORD_LENGTH);
    const [employee] = await t.db.select().from(employees).where(eq(employees.id, good.employeeId as number));
    // The clave del trabajador is upper case without symbols: 'N-123' → 'N 123'.
    const workerKey = idseText(employee!.employeeNumber);
    const record = lines.map(parseIdseRecord).find((r) => r.workerKey === workerKey)!;
    expect(record).toEqual({
      employerRegistration: 'A1234567890',
      nss: employee!.nss,
      lastName: 'GOMEZ',
      secondLastName: 'AVILA',
      firstName: 'MARIA JOSE',
      salary: '123456',
      filler1: '',
      workerType: '2',
      salaryType: '0',
      reducedWeek: '0',
      date: '12102026',
      medicalUnit: '',
      filler2: '',
      movementType: '08',
      guide: '12345',
      workerKey,
      filler3: '',
      curp: employee!.curp,
      formatId: '9',
    });
    const [atWork] = await t.db.select().from(employees).where(eq(employees.id, field2.employeeId as number));
    expect(lines.map(parseIdseRecord).map((r) => r.workerKey)).toContain(idseText(atWork!.employeeNumber));

    const json = await historian.get(`${CUTS}/${good.cutId as number}/idse?companyId=${companyId}&type=alta&format=json`);
    expect(json.statusCode).toBe(200);
    const file = json.json() as { fileName: string; content: string; records: number; refusals: Row[] };
    expect([file.fileName, file.records, file.content]).toEqual(['IDSE-2026-S42-A1234567890-08.txt', 2, res.body]);
    expect(file.refusals).toEqual([
      { movementId: wrongDigit.id, employee: 'Ana Gómez Ávila', reason: REGISTRY_MESSAGES.idseNssCheckDigit },
      { movementId: noNss.id, employee: 'María José Gómez Ávila', reason: REGISTRY_MESSAGES.idseNss },
    ]);
  });

  it('writes bajas (02) and salary changes (07) in their own layouts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-21T18:00:00Z'));
    const api = apiFor(t.app, (await login(t.app)).token);
    const leaving = await activeEmployee();
    const raised = await activeEmployee();
    const baja = await createdMovement(api, { type: 'baja', scope: 'oficina', companyId, employeeId: leaving.id, effectiveDate: '2026-10-20', workerType: 'permanente', bajaReason: '2' });
    await createdMovement(api, { type: 'modificacion_salario', scope: 'oficina', companyId, employeeId: raised.id, effectiveDate: '2026-10-20', workerType: 'permanente', dailySalary: 500, sdi: 525.25 });
    vi.useRealTimers();
    const cut = baja.cutId as number;
    const bajas = await historian.get(`${CUTS}/${cut}/idse?companyId=${companyId}&type=baja`);
    expect(bajas.headers['content-disposition']).toBe('attachment; filename="IDSE-2026-S43-A1234567890-02.txt"');
    const [bajaLine] = bajas.body.split('\r\n');
    expect(bajaLine).toHaveLength(168);
    expect(parseIdseRecord(bajaLine!)).toEqual({
      employerRegistration: 'A1234567890',
      nss: leaving.nss,
      lastName: 'PENA',
      secondLastName: 'NUNEZ',
      firstName: 'JOSE',
      filler1: '',
      date: '20102026',
      filler2: '',
      movementType: '02',
      guide: '12345',
      workerKey: idseText(leaving.employeeNumber as string),
      bajaReason: '2',
      filler3: '',
      formatId: '9',
    });
    expect(bajaLine!.slice(103, 118)).toBe(' '.repeat(15));
    expect(bajaLine!.slice(149, 167)).toBe(' '.repeat(18));
    const changes = await historian.get(`${CUTS}/${cut}/idse?companyId=${companyId}&type=modificacion_salario`);
    const [changeLine] = changes.body.split('\r\n');
    expect(parseIdseRecord(changeLine!)).toEqual({
      employerRegistration: 'A1234567890',
      nss: raised.nss,
      lastName: 'PENA',
      secondLastName: 'NUNEZ',
      firstName: 'JOSE',
      salary: '052525',
      filler1: '',
      filler2: '',
      salaryType: '0',
      reducedWeek: '0',
      date: '20102026',
      filler3: '',
      movementType: '07',
      guide: '12345',
      workerKey: idseText(raised.employeeNumber as string),
      filler4: '',
      curp: raised.curp,
      formatId: '9',
    });
    expect(changeLine!.slice(115, 116)).toBe(' ');
  });

  it('refuses every movement of a company without registro patronal, and checks its query', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-14T18:00:00Z'));
    const api = apiFor(t.app, (await login(t.app)).token);
    const movement = await createdMovement(api, alta({ companyId: otherCompanyId }));
    vi.useRealTimers();
    const res = await historian.get(`${CUTS}/${movement.cutId as number}/idse?companyId=${otherCompanyId}&type=alta&format=json`);
    expect(res.json()).toMatchObject({ records: 0, content: '', refusals: [{ movementId: movement.id, reason: REGISTRY_MESSAGES.idseNoEmployerRegistration }] });
    const empty = await historian.get(`${CUTS}/${movement.cutId as number}/idse?companyId=${otherCompanyId}&type=alta`);
    expect([empty.statusCode, empty.body]).toEqual([200, '']);
    const bad = await historian.get(`${CUTS}/${movement.cutId as number}/idse?companyId=${otherCompanyId}&type=reingreso&format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ type: REGISTRY_MESSAGES.idseType, format: REGISTRY_MESSAGES.idseFormat });
  });
});

describe('wage parameters', () => {
  it('are read by the registry modules and edited, audited, under config_permissions', async () => {
    const res = await officeReader.get(`${API}/registry/wage-parameters`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().items as Row[];
    expect(rows.map((r) => [r.effectiveFrom, r.minimumWage, r.minimumWageBorder, r.uma])).toEqual([
      ['2026-02-01', 315.04, 440.87, 117.31],
      ['2026-01-01', 315.04, 440.87, 113.14],
      ['2025-02-01', 278.8, 419.88, 113.14],
      ['2025-01-01', 278.8, 419.88, 108.57],
    ]);
    const row = rows[0]!;
    expect((await office.patch(`${API}/registry/wage-parameters/${row.id as number}`, { version: row.version, uma: 120 })).statusCode).toBe(403);
    const edited = await admin.patch(`${API}/registry/wage-parameters/${row.id as number}`, { version: row.version, uma: 120 });
    expect(edited.statusCode, edited.body).toBe(200);
    const history = (await admin.get(`${API}/registry/wage-parameters/${row.id as number}/history`)).json() as Row[];
    expect(history[0]).toMatchObject({ action: 'update', changes: { uma: { old: 117.31, new: 120 } } });
    await admin.patch(`${API}/registry/wage-parameters/${row.id as number}`, { version: (row.version as number) + 1, uma: 117.31 });
    expect((await admin.del(`${API}/registry/wage-parameters/${row.id as number}`)).statusCode).toBe(404);
  });
});
