import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, companies, employees, materialCategories, materials, orderStatuses, subcategories, units, works } from '../src/db/schema';
import { diffChanges, recordAudit } from '../src/lib/audit';
import { isReferenceViolation, PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorInfo } from '../src/lib/db-errors';
import { createTestDatabase, type TestDatabase } from './helpers/database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.close());

const db = () => testDb.database.db;
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgErrorInfo(error);
  }
  throw new Error('se esperaba un error de la base de datos');
}

describe('database schema', () => {
  it('goc_fold() folds accents and case for Spanish search', async () => {
    const { rows } = await db().execute<{ folded: string }>(sql`select goc_fold('Categoría ÑANDÚ Pingüino Àèìòù') as folded`);
    expect(rows[0]!.folded).toBe('categoria nandu pinguino aeiou');
    const { rows: volatility } = await db().execute<{ v: string }>(sql`select provolatile as v from pg_proc where proname = 'goc_fold'`);
    expect(volatility[0]!.v).toBe('i');
  });

  it('enforces case-insensitive uniqueness (unit abbreviation)', async () => {
    await db().insert(units).values({ abbreviation: 'm3', name: 'Metro cúbico' });
    const info = await failure(db().insert(units).values({ abbreviation: 'M3', name: 'Otro' }));
    expect(info).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: 'units_abbreviation_lower_uq' });
  });

  it('refuses deleting a row others reference (ON DELETE RESTRICT)', async () => {
    const [unit] = await db().insert(units).values({ abbreviation: 'pza', name: 'Pieza' }).returning();
    const [category] = await db().insert(materialCategories).values({ name: 'Acero' }).returning();
    await db().insert(materials).values({ code: 'MAT-1', name: 'Varilla', unitId: unit!.id, materialCategoryId: category!.id, referencePrice: '21500.50' });
    const info = await failure(db().delete(units).where(eq(units.id, unit!.id)));
    expect(isReferenceViolation(info)).toBe(true);
    expect(info!.constraint).toBe('materials_unit_id_units_id_fk');
    const [material] = await db().select().from(materials);
    expect(material!.referencePrice).toBe('21500.50');
    expect(material!.version).toBe(1);
    expect(material!.active).toBe(true);
  });

  it("requires a work's subcategory to belong to the work's category", async () => {
    const [company] = await db().insert(companies).values({ name: 'Constructora Prueba', rfc: 'CPR200101AB1' }).returning();
    const [housing] = await db().insert(categories).values({ name: 'Vivienda' }).returning();
    const [industry] = await db().insert(categories).values({ name: 'Industrial' }).returning();
    const [warehouse] = await db().insert(subcategories).values({ name: 'Naves', categoryId: industry!.id }).returning();
    const wrong = await failure(
      db().insert(works).values({ code: 'OB-1', name: 'Obra', companyId: company!.id, categoryId: housing!.id, subcategoryId: warehouse!.id }),
    );
    expect(wrong).toMatchObject({ code: PG_FOREIGN_KEY_VIOLATION, constraint: 'works_subcategory_category_fk' });
    const [ok] = await db()
      .insert(works)
      .values({ code: 'OB-2', name: 'Nave', companyId: company!.id, categoryId: industry!.id, subcategoryId: warehouse!.id, startDate: '2026-01-05', budget: '1500000.00' })
      .returning();
    expect(ok).toMatchObject({ status: 'planeacion', startDate: '2026-01-05', budget: '1500000.00' });
    const badStatus = await failure(db().update(works).set({ status: 'cerrada' as never }).where(eq(works.id, ok!.id)));
    expect(badStatus?.code).toBe(PG_CHECK_VIOLATION);
  });

  it('allows at most one default row per status catalogue', async () => {
    await db().insert(orderStatuses).values({ name: 'Uno', isDefault: true, code: 'uno' });
    const info = await failure(db().insert(orderStatuses).values({ name: 'Dos', isDefault: true }));
    expect(info).toMatchObject({ code: PG_UNIQUE_VIOLATION, constraint: 'order_statuses_single_default_uq' });
    await db().insert(orderStatuses).values([{ name: 'Tres' }, { name: 'Cuatro' }]);
  });

  it('keeps dates as YYYY-MM-DD strings on both drivers', async () => {
    const [company] = await db().insert(companies).values({ name: 'Empresa Fechas', rfc: 'EFE200101AB1' }).returning();
    const [employee] = await db()
      .insert(employees)
      .values({ employeeNumber: 'E-1', firstName: 'Ana', lastName: 'López', curp: 'LOPA900101MQTPNN08', companyId: company!.id, hireDate: '2024-02-29' })
      .returning();
    const [read] = await db().select({ hireDate: employees.hireDate }).from(employees).where(eq(employees.id, employee!.id));
    expect(read!.hireDate).toBe('2024-02-29');
  });
});

describe('audit helper', () => {
  it('writes inside a transaction and rolls back with it', async () => {
    await db()
      .transaction(async (tx) => {
        await recordAudit(tx, { userId: null, action: 'create', entity: 'units', entityId: 99 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, 99))).toHaveLength(0);
    await db().transaction((tx) => recordAudit(tx, { userId: null, action: 'create', entity: 'units', entityId: 98, changes: { name: { old: null, new: 'Pieza' } } }));
    const [row] = await db().select().from(auditLog).where(eq(auditLog.entityId, 98));
    expect(row).toMatchObject({ action: 'create', entity: 'units', changes: { name: { old: null, new: 'Pieza' } } });
  });

  it('never stores secret-looking keys', async () => {
    await recordAudit(db(), {
      userId: null,
      action: 'update',
      entity: 'users',
      entityId: 97,
      changes: { passwordHash: { old: 'a', new: 'b' }, username: { old: 'x', new: 'y' } },
      metadata: { refreshToken: 'abc', nested: { password: 'p' } },
    });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.entityId, 97));
    expect(row!.changes).toEqual({ passwordHash: '[oculto]', username: { old: 'x', new: 'y' } });
    expect(row!.metadata).toEqual({ refreshToken: '[oculto]', nested: { password: '[oculto]' } });
  });

  it('diffChanges lists only the fields that changed', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(diffChanges({ name: 'Pieza', abbreviation: 'pz', updatedAt: at, version: 1 }, { name: 'Pieza', abbreviation: 'pza', updatedAt: new Date(), version: 2 })).toEqual({
      abbreviation: { old: 'pz', new: 'pza' },
    });
    expect(diffChanges(null, { name: 'Nueva' })).toEqual({ name: { old: null, new: 'Nueva' } });
    expect(diffChanges({ name: 'Vieja', at }, null)).toEqual({ name: { old: 'Vieja', new: null }, at: { old: at.toISOString(), new: null } });
  });
});
