import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCurp, isValidEmployerRegistration, isValidRfc, MODULES, nssHasValidCheckDigit, STATUS_SEEDS, WORK_STATUS_OPTIONS } from '@goc/contracts';
import {
  categories,
  companies,
  counters,
  employees,
  errorStatuses,
  icons,
  materials,
  orderLines,
  orderStatuses,
  orders,
  permissionModules,
  projectMembers,
  projects,
  recordTimeline,
  registrationStatuses,
  registryCuts,
  registryMovements,
  rolePermissions,
  roles,
  stampStatuses,
  subcategories,
  supplierMaterialCategories,
  suppliers,
  units,
  users,
  wageParameters,
  works,
} from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { DEMO_SUPPLIERS } from '../src/db/seed/demo-data';
import { createPasswordHasher } from '../src/lib/passwords';
import { FAST_ARGON2 } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';

const passwords = createPasswordHasher(FAST_ARGON2);

describe('first-start seed without demo data', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb?.close());

  it('creates modules, Administrador, admin with a generated password shown once, and the status rows', async () => {
    const first = await seedDatabase(testDb.database, { demoData: false, passwords });
    expect(first.adminCreated).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.demoLoaded).toBe(false);
    const db = testDb.database.db;

    const modules = await db.select().from(permissionModules).orderBy(permissionModules.sortOrder);
    expect(modules.map((m) => [m.name, m.label])).toEqual(MODULES.map((m) => [m.name, m.label]));

    const [admin] = await db.select().from(users);
    expect(admin).toMatchObject({ username: 'admin', active: true, employeeId: null });
    expect(await passwords.verify(admin!.passwordHash, first.generatedAdminPassword!)).toBe(true);
    const [role] = await db.select().from(roles).where(eq(roles.id, admin!.roleId));
    expect(role!.name).toBe('Administrador');
    const flags = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect(flags).toHaveLength(25);
    expect(flags.every((f) => f.canView && f.canCreate && f.canEdit && f.canDelete)).toBe(true);

    expect(await db.select({ n: count() }).from(companies)).toEqual([{ n: 0 }]);
  });

  it('seeds the status catalogues with fixed codes, Spanish names and exactly one default each', async () => {
    const db = testDb.database.db;
    const expected: [typeof orderStatuses, string[], string][] = [
      [orderStatuses, ['borrador', 'enviado', 'autorizado', 'rechazado', 'comprado', 'entregado_parcial', 'entregado', 'cancelado'], 'borrador'],
      [registrationStatuses, ['pendiente', 'en_tramite', 'aplicado', 'rechazado', 'cancelado'], 'pendiente'],
      [stampStatuses, ['pendiente', 'timbrado', 'error', 'cancelado'], 'pendiente'],
      [errorStatuses, ['sin_error', 'nss_invalido', 'curp_invalida', 'salario_fuera_de_rango', 'fuera_de_plazo', 'documentacion_incompleta', 'error_pac'], 'sin_error'],
    ];
    for (const [table, codes, defaultCode] of expected) {
      const rows = await db.select().from(table).orderBy(table.sortOrder);
      expect(rows.map((r) => r.code)).toEqual(codes);
      expect(rows.filter((r) => r.isDefault).map((r) => r.code)).toEqual([defaultCode]);
      expect(rows.every((r) => r.name.length > 0 && r.active)).toBe(true);
    }
    const [entregadoParcial] = await db.select().from(orderStatuses).where(eq(orderStatuses.code, 'entregado_parcial'));
    expect(entregadoParcial).toMatchObject({ name: 'Entregado parcial', color: 'warn' });
    // Each order status has a colour of its own (a chart bar or tag never stands for two of them).
    const colours = (await db.select({ color: orderStatuses.color }).from(orderStatuses)).map((r) => r.color);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('is idempotent and never recreates admin nor prints a password again', async () => {
    const db = testDb.database.db;
    const before = await Promise.all([db.select({ n: count() }).from(permissionModules), db.select({ n: count() }).from(rolePermissions), db.select({ n: count() }).from(orderStatuses)]);
    const again = await seedDatabase(testDb.database, { demoData: false, passwords, adminPassword: 'Otra-Clave-Distinta' });
    expect(again).toEqual({ adminCreated: false, generatedAdminPassword: null, demoLoaded: false });
    const after = await Promise.all([db.select({ n: count() }).from(permissionModules), db.select({ n: count() }).from(rolePermissions), db.select({ n: count() }).from(orderStatuses)]);
    expect(after).toEqual(before);
    expect(await db.select({ n: count() }).from(users)).toEqual([{ n: 1 }]);
  });

  it('keeps what an administrator changed: renamed statuses and reduced flags', async () => {
    const db = testDb.database.db;
    await db.update(orderStatuses).set({ name: 'En borrador' }).where(eq(orderStatuses.code, 'borrador'));
    const [role] = await db.select().from(roles).where(eq(roles.name, 'Administrador'));
    const [works] = await db.select().from(permissionModules).where(eq(permissionModules.name, 'works'));
    await db.update(rolePermissions).set({ canDelete: false }).where(sql`${rolePermissions.roleId} = ${role!.id} and ${rolePermissions.moduleId} = ${works!.id}`);
    await seedDatabase(testDb.database, { demoData: false, passwords });
    const [status] = await db.select().from(orderStatuses).where(eq(orderStatuses.code, 'borrador'));
    expect(status!.name).toBe('En borrador');
    const [flag] = await db.select().from(rolePermissions).where(sql`${rolePermissions.roleId} = ${role!.id} and ${rolePermissions.moduleId} = ${works!.id}`);
    expect(flag!.canDelete).toBe(false);
  });
});

describe('demo data', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDatabase(testDb.database, { demoData: true, passwords, adminPassword: 'Clave-Admin-Demo' });
  });
  afterAll(async () => testDb?.close());

  it('loads companies with valid RFC and registro patronal', async () => {
    const rows = await testDb.database.db.select().from(companies);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(4);
    for (const c of rows) {
      expect(isValidRfc(c.rfc, 'moral'), c.rfc).toBe(true);
      expect(isValidEmployerRegistration(c.employerRegistration!), c.employerRegistration!).toBe(true);
    }
  });

  it('loads ~40 employees with valid CURP (check digit), RFC and NSS (Luhn), unique numbers', async () => {
    const rows = await testDb.database.db.select().from(employees);
    expect(rows.length).toBeGreaterThanOrEqual(35);
    for (const e of rows) {
      expect(isValidCurp(e.curp), e.curp).toBe(true);
      expect(isValidRfc(e.rfc!, 'fisica'), e.rfc!).toBe(true);
      expect(nssHasValidCheckDigit(e.nss!), e.nss!).toBe(true);
      expect(Number(e.sdi)).toBeGreaterThan(Number(e.dailySalary));
    }
    expect(new Set(rows.map((e) => e.curp)).size).toBe(rows.length);
    expect(rows.some((e) => e.status === 'baja')).toBe(true);
  });

  it('loads a few weeks of movements — applied ones matching their employee, some late, some with errors — and one closed cut', async () => {
    const db = testDb.database.db;
    const movements = await db
      .select({ type: registryMovements.type, late: registryMovements.late, code: registrationStatuses.code, employeeStatus: employees.status, cutId: registryMovements.cutId, errorDetail: registryMovements.errorDetail })
      .from(registryMovements)
      .innerJoin(registrationStatuses, eq(registrationStatuses.id, registryMovements.registrationStatusId))
      .innerJoin(employees, eq(employees.id, registryMovements.employeeId));
    expect(movements.length).toBeGreaterThanOrEqual(20);
    for (const m of movements.filter((x) => x.code === 'aplicado')) expect(m.employeeStatus).toBe(m.type === 'baja' ? 'baja' : 'activo');
    expect(new Set(movements.map((m) => m.type)).size).toBe(3);
    expect(movements.some((m) => m.late)).toBe(true);
    expect(movements.some((m) => m.errorDetail !== null)).toBe(true);
    const cuts = await db.select().from(registryCuts);
    expect(cuts.length).toBeGreaterThanOrEqual(4);
    expect(cuts.filter((c) => c.status === 'cerrado')).toHaveLength(1);
    expect(new Set(movements.map((m) => m.cutId)).size).toBe(cuts.length);
    expect(await db.$count(wageParameters)).toBe(4);
  });

  it('loads works in every status across companies, each with a resident who is an employee', async () => {
    const db = testDb.database.db;
    const rows = await db.select().from(works);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((w) => w.status))).toEqual(new Set(WORK_STATUS_OPTIONS.map((o) => o.value)));
    expect(new Set(rows.map((w) => w.companyId)).size).toBeGreaterThanOrEqual(3);
    const residents = await db.select({ id: employees.id, position: employees.position }).from(employees);
    for (const w of rows) {
      const resident = residents.find((r) => r.id === w.residentId);
      expect(resident?.position, w.code).toMatch(/^Residente de obra/);
    }
    const assigned = await db.select({ n: count() }).from(employees).where(sql`${employees.workId} is not null`);
    expect(assigned[0]!.n).toBeGreaterThan(15);
  });

  it('loads business lines with icons and colors, subcategories, units, material categories, materials and suppliers', async () => {
    const db = testDb.database.db;
    const lines = await db.select({ name: categories.name, icon: icons.value, color: categories.color }).from(categories).innerJoin(icons, eq(icons.id, categories.iconId));
    expect(lines.map((l) => l.name)).toEqual(expect.arrayContaining(['Vivienda', 'Infraestructura', 'Industrial', 'Comercial']));
    expect(lines.every((l) => l.icon.startsWith('pi pi-') && /^#[0-9a-f]{6}$/.test(l.color!))).toBe(true);
    expect((await db.select({ n: count() }).from(subcategories))[0]!.n).toBeGreaterThanOrEqual(10);
    expect((await db.select({ abbreviation: units.abbreviation }).from(units)).map((u) => u.abbreviation)).toEqual(
      expect.arrayContaining(['m3', 'kg', 'pza', 'm2', 'ton', 'l', 'm', 'saco']),
    );
    const mats = await db.select().from(materials);
    expect(mats.length).toBeGreaterThanOrEqual(40);
    expect(mats.every((m) => Number(m.referencePrice) > 0 && /^MAT-\d{4}$/.test(m.code))).toBe(true);
    const sups = await db.select().from(suppliers);
    expect(sups).toHaveLength(DEMO_SUPPLIERS.length);
    for (const s of sups) expect(isValidRfc(s.rfc, 'moral'), s.rfc).toBe(true);
    expect((await db.select({ n: count() }).from(supplierMaterialCategories))[0]!.n).toBeGreaterThanOrEqual(sups.length);
  });

  it('adds the demo roles with partial permissions', async () => {
    const db = testDb.database.db;
    const names = (await db.select({ name: roles.name }).from(roles)).map((r) => r.name).sort();
    expect(names).toEqual(['Administrador', 'Compras', 'Dirección', 'Recursos Humanos', 'Residente de obra']);
    const [hr] = await db.select().from(roles).where(eq(roles.name, 'Recursos Humanos'));
    const granted = await db
      .select({ module: permissionModules.name })
      .from(rolePermissions)
      .innerJoin(permissionModules, eq(permissionModules.id, rolePermissions.moduleId))
      .where(sql`${rolePermissions.roleId} = ${hr!.id} and (${rolePermissions.canView} or ${rolePermissions.canCreate} or ${rolePermissions.canEdit} or ${rolePermissions.canDelete})`);
    expect(granted.map((g) => g.module)).toContain('config_employees');
    expect(granted.map((g) => g.module)).not.toContain('config_permissions');
  });

  it('adds residents and buyers as users of their employees, with a password nobody is told', async () => {
    const db = testDb.database.db;
    const rows = await db
      .select({ username: users.username, role: roles.name, employeeId: users.employeeId, hash: users.passwordHash })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(users.id);
    expect(rows.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'Administrador'],
      ['alejandro.ramirez', 'Residente de obra'],
      ['carlos.trevino', 'Residente de obra'],
      ['fernanda.orozco', 'Residente de obra'],
      ['luis.hernandez', 'Residente de obra'],
      ['ricardo.mendoza', 'Residente de obra'],
      ['adriana.velazquez', 'Residente de obra'],
      ['veronica.chavez', 'Compras'],
      ['tomas.nava', 'Compras'],
      ['alicia.figueroa', 'Dirección'],
    ]);
    expect(rows.slice(1).every((u) => u.employeeId !== null)).toBe(true);
    expect(await passwords.verify(rows[1]!.hash, 'Clave-Admin-Demo')).toBe(false);
  });

  it('gives companies approval limits, leaves projects near their budget and invoices delivered orders in every invoice status', async () => {
    const db = testDb.database.db;
    const limits = await db.select({ limit: companies.approvalLimit }).from(companies);
    expect(limits.every((c) => c.limit !== null)).toBe(true);
    const waiting = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders o join order_statuses s on s.id = o.status_id join works w on w.id = o.work_id join companies c on c.id = w.company_id where s.code = 'enviado' and o.total >= c.approval_limit`,
    );
    expect(Number(waiting.rows[0]!.n)).toBeGreaterThan(0);
    const near = await db.execute<{ used: string }>(
      sql`select sum(o.total) / p.budget as used from projects p join orders o on o.project_id = p.id join order_statuses s on s.id = o.status_id where s.code in ('autorizado', 'comprado', 'entregado_parcial', 'entregado') group by p.id, p.budget having sum(o.total) / p.budget > 0.9`,
    );
    expect(near.rows.length).toBe(2);
    expect(near.rows.every((r) => Number(r.used) <= 1)).toBe(true);
    const statuses = await db.selectDistinct({ status: orders.invoiceStatus }).from(orders);
    expect(statuses.map((r) => r.status).sort()).toEqual(['diferencia', 'facturado', 'parcial', 'sin_factura']);
  });

  it('loads ~60 orders in every status with consistent lines, totals, deliveries and timelines', async () => {
    const db = testDb.database.db;
    const rows = await db.select({ id: orders.id, folio: orders.folio, total: orders.total, lineCount: orders.lineCount, code: orderStatuses.code, supplierId: orders.supplierId }).from(orders).innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId)).orderBy(orders.id);
    expect(rows).toHaveLength(60);
    expect(rows.map((o) => o.folio)).toEqual(rows.map((_, i) => `PED-${String(i + 1).padStart(6, '0')}`));
    expect(new Set(rows.map((o) => o.code))).toEqual(new Set(STATUS_SEEDS.orderStatuses.map((s) => s.code)));
    const [counter] = await db.select().from(counters).where(eq(counters.name, 'orders'));
    expect(counter!.value).toBe(60);
    const requesters = await db.selectDistinct({ id: orders.requestedById }).from(orders);
    expect(requesters.length).toBeGreaterThanOrEqual(4);

    const lines = await db.select().from(orderLines);
    const timeline = await db.select({ entityId: recordTimeline.entityId, to: orderStatuses.code }).from(recordTimeline).innerJoin(orderStatuses, eq(orderStatuses.id, recordTimeline.toStatusId)).where(eq(recordTimeline.entity, 'orders')).orderBy(recordTimeline.id);
    for (const order of rows) {
      const own = lines.filter((l) => l.orderId === order.id);
      expect(own.length, order.folio).toBe(order.lineCount);
      expect(own.length).toBeGreaterThan(0);
      const cents = own.reduce((sum, l) => sum + Math.round(Number(l.amount ?? 0) * 100), 0);
      expect(Math.round(Number(order.total) * 100), order.folio).toBe(cents);
      const complete = own.filter((l) => l.receivedQuantity === l.quantity).length;
      const some = own.filter((l) => Number(l.receivedQuantity) > 0).length;
      if (order.code === 'entregado') expect(complete, order.folio).toBe(own.length);
      else if (order.code === 'entregado_parcial') {
        expect(complete, order.folio).toBeLessThan(own.length);
        expect(some, order.folio).toBeGreaterThan(0);
      } else expect(some, order.folio).toBe(0);
      if (['comprado', 'entregado_parcial', 'entregado'].includes(order.code ?? '')) {
        expect(order.supplierId, order.folio).not.toBeNull();
        expect(own.every((l) => l.unitPrice !== null), order.folio).toBe(true);
      }
      const steps = timeline.filter((e) => e.entityId === order.id).map((e) => e.to);
      expect(steps[0], order.folio).toBe('borrador');
      expect(steps.at(-1), order.folio).toBe(order.code);
    }
  });

  it('loads projects of the works, managed by their resident with residents as members, and orders linked to them', async () => {
    const db = testDb.database.db;
    const rows = await db
      .select({ id: projects.id, code: projects.code, workId: projects.workId, residentId: works.residentId, managerEmployee: users.employeeId, budget: projects.budget, progress: projects.progress, status: projects.status })
      .from(projects)
      .innerJoin(works, eq(works.id, projects.workId))
      .innerJoin(users, eq(users.id, projects.managerId))
      .orderBy(projects.id);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((p) => p.workId)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((p) => p.status))).toEqual(new Set(['planeado', 'activo', 'pausado', 'terminado']));
    for (const p of rows) {
      expect(p.managerEmployee, p.code).toBe(p.residentId);
      expect(Number(p.budget), p.code).toBeGreaterThan(0);
      if (p.status === 'terminado') expect(p.progress, p.code).toBe(100);
      if (p.status === 'planeado') expect(p.progress, p.code).toBe(0);
    }
    const members = await db
      .select({ projectId: projectMembers.projectId, role: roles.name })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .innerJoin(roles, eq(roles.id, users.roleId));
    expect(new Set(members.map((m) => m.projectId)).size).toBeGreaterThanOrEqual(5);
    expect(members.every((m) => m.role === 'Residente de obra')).toBe(true);
    const linked = await db.select({ projectId: orders.projectId, workId: orders.workId }).from(orders).where(sql`${orders.projectId} is not null`);
    expect(linked.length).toBeGreaterThanOrEqual(20);
    for (const o of linked) expect(rows.find((p) => p.id === o.projectId)?.workId).toBe(o.workId);
  });

  it('does not load the demo twice', async () => {
    const again = await seedDatabase(testDb.database, { demoData: true, passwords });
    expect(again.demoLoaded).toBe(false);
  });
});
