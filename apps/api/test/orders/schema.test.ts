import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  companies,
  materialCategories,
  materials,
  orderLines,
  orderStatuses,
  orders,
  projectMembers,
  projects,
  roles,
  units,
  users,
  works,
} from '../../src/db/schema';
import { seedStatuses } from '../../src/db/seed/system';
import { isReferenceViolation, PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorInfo } from '../../src/lib/db-errors';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let testDb: TestDatabase;
const db = () => testDb.database.db;

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgErrorInfo(error);
  }
  throw new Error('se esperaba un error de la base de datos');
}

const ids = { work: 0, otherWork: 0, project: 0, otherProject: 0, user: 0, material: 0, unit: 0, draft: 0 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedStatuses(db());
  const [company] = await db().insert(companies).values({ name: 'Constructora Prueba', rfc: 'CPR200101AB1' }).returning();
  const [category] = await db().insert(categories).values({ name: 'Vivienda' }).returning();
  const [work, otherWork] = await db()
    .insert(works)
    .values([
      { code: 'OB-1', name: 'Torre', companyId: company!.id, categoryId: category!.id },
      { code: 'OB-2', name: 'Puente', companyId: company!.id, categoryId: category!.id },
    ])
    .returning();
  const [role] = await db().insert(roles).values({ name: 'Residente' }).returning();
  const [user] = await db().insert(users).values({ username: 'residente', passwordHash: 'x', roleId: role!.id }).returning();
  const [project, otherProject] = await db()
    .insert(projects)
    .values([
      { code: 'PR-1', name: 'Cimentación', workId: work!.id, managerId: user!.id },
      { code: 'PR-2', name: 'Estribos', workId: otherWork!.id, managerId: user!.id },
    ])
    .returning();
  const [unit] = await db().insert(units).values({ abbreviation: 'm3', name: 'Metro cúbico' }).returning();
  const [materialCategory] = await db().insert(materialCategories).values({ name: 'Concreto' }).returning();
  const [material] = await db()
    .insert(materials)
    .values({ code: 'CON-250', name: 'Concreto f´c 250', materialCategoryId: materialCategory!.id, unitId: unit!.id })
    .returning();
  const [draft] = await db().select({ id: orderStatuses.id }).from(orderStatuses).where(eq(orderStatuses.code, 'borrador'));
  Object.assign(ids, {
    work: work!.id,
    otherWork: otherWork!.id,
    project: project!.id,
    otherProject: otherProject!.id,
    user: user!.id,
    material: material!.id,
    unit: unit!.id,
    draft: draft!.id,
  });
});
afterAll(async () => testDb?.close());

const order = (folio: string, extra: Partial<typeof orders.$inferInsert> = {}) => ({
  folio,
  workId: ids.work,
  requestedById: ids.user,
  requiredDate: '2026-12-01',
  statusId: ids.draft,
  ...extra,
});

describe('orders schema', () => {
  it('seeds every order status the workflow needs', async () => {
    const codes = (await db().select({ code: orderStatuses.code }).from(orderStatuses)).map((r) => r.code);
    expect(codes.sort()).toEqual(['autorizado', 'borrador', 'cancelado', 'comprado', 'entregado', 'entregado_parcial', 'enviado', 'rechazado']);
  });

  it("requires an order's project to belong to its work", async () => {
    const wrong = await failure(db().insert(orders).values(order('PED-000001', { projectId: ids.otherProject })));
    expect(wrong).toMatchObject({ code: PG_FOREIGN_KEY_VIOLATION, constraint: 'orders_project_work_fk' });
    const [ok] = await db().insert(orders).values(order('PED-000001', { projectId: ids.project })).returning();
    expect(ok!.projectId).toBe(ids.project);
  });

  it('keeps folios unique', async () => {
    const info = await failure(db().insert(orders).values(order('PED-000001')));
    expect(info).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: 'orders_folio_uq' });
  });

  it('computes line amounts in the database, exactly', async () => {
    const [created] = await db().insert(orders).values(order('PED-000002')).returning();
    const line = { orderId: created!.id, materialId: ids.material, unitId: ids.unit };
    await db()
      .insert(orderLines)
      .values([
        { ...line, position: 0, quantity: '0.105', unitPrice: '2.15' },
        { ...line, position: 1, quantity: '3', unitPrice: null },
      ]);
    const rows = await db().select({ amount: orderLines.amount }).from(orderLines).where(eq(orderLines.orderId, created!.id)).orderBy(orderLines.position);
    // 0.105 × 2.15 = 0.22575 → 0.23 (a float product gives 0.22574999…).
    expect(rows.map((r) => r.amount)).toEqual(['0.23', null]);
  });

  it('refuses a quantity of 0 and a received quantity above the ordered one', async () => {
    const [created] = await db().insert(orders).values(order('PED-000003')).returning();
    const line = { orderId: created!.id, materialId: ids.material, unitId: ids.unit, position: 0 };
    expect(await failure(db().insert(orderLines).values({ ...line, quantity: '0' }))).toMatchObject({
      code: PG_CHECK_VIOLATION,
      constraint: 'order_lines_quantity_ck',
    });
    expect(await failure(db().insert(orderLines).values({ ...line, quantity: '2', receivedQuantity: '2.001' }))).toMatchObject({
      code: PG_CHECK_VIOLATION,
      constraint: 'order_lines_received_ck',
    });
    await db().insert(orderLines).values({ ...line, quantity: '2', receivedQuantity: '2' });
  });

  it('deletes an order with its lines, a project with its members', async () => {
    const [created] = await db().insert(orders).values(order('PED-000004')).returning();
    await db().insert(orderLines).values({ orderId: created!.id, materialId: ids.material, unitId: ids.unit, position: 0, quantity: '1' });
    await db().delete(orders).where(eq(orders.id, created!.id));
    expect(await db().select().from(orderLines).where(eq(orderLines.orderId, created!.id))).toEqual([]);

    const [project] = await db().insert(projects).values({ code: 'PR-3', name: 'Acabados', workId: ids.work, managerId: ids.user }).returning();
    await db().insert(projectMembers).values({ projectId: project!.id, userId: ids.user });
    await db().delete(projects).where(eq(projects.id, project!.id));
    expect(await db().select().from(projectMembers).where(eq(projectMembers.projectId, project!.id))).toEqual([]);
  });

  it('refuses deleting a material that order lines use', async () => {
    const info = await failure(db().delete(materials).where(eq(materials.id, ids.material)));
    expect(isReferenceViolation(info)).toBe(true);
    expect(info!.constraint).toBe('order_lines_material_id_materials_id_fk');
  });
});
