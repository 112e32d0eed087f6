import { eq } from 'drizzle-orm';
import type { ModuleName } from '@goc/contracts';
import type { Executor } from '../client';
import { categories, companies, employees, icons, materialCategories, materials, subcategories, supplierMaterialCategories, suppliers, units, works } from '../schema';
import {
  DEMO_CATEGORIES,
  DEMO_COMPANIES,
  DEMO_EMPLOYEES,
  DEMO_ICONS,
  DEMO_MATERIAL_CATEGORIES,
  DEMO_MATERIALS,
  DEMO_ROLES,
  DEMO_SUPPLIERS,
  DEMO_UNITS,
  DEMO_WORKS,
  type DemoEmployee,
} from './demo-data';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoOrders, seedDemoUsers } from './demo-orders';
import { curpFor, nssFor, rfcFor } from './mexican-people';
import { seedDemoProjects, tightenDemoBudgets } from './demo-projects';
import { seedDemoRegistry } from './demo-registry';
import { seedRole, type Grants } from './system';

/** Factor de integración of the minimum benefits (aguinaldo 15 días, 12 días de vacaciones, prima 25 %). */
const SDI_FACTOR = 1.0493;

const byKey = <T, K extends string>(rows: readonly T[], key: (row: T) => K) => new Map(rows.map((r) => [key(r), r]));

function required<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Dato demo inconsistente: ${what} ${String(key)}`);
  return value;
}

/** Identifiers and contact data derived from a demo person. */
export function demoEmployeeRecord(p: DemoEmployee, index: number) {
  const emailUser = `${p.firstName}.${p.lastName}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return {
    employeeNumber: `EMP-${String(index + 1).padStart(4, '0')}`,
    firstName: p.firstName,
    lastName: p.lastName,
    secondLastName: p.secondLastName,
    curp: curpFor(p),
    rfc: rfcFor(p, index),
    nss: nssFor(p, 10 + (index % 40), Number(p.hireDate.slice(0, 4)), 1000 + index * 37),
    position: p.position,
    email: `${emailUser}@orozco.example`,
    phone: `442 ${String(300 + index * 7).padStart(3, '0')} ${String(1000 + index * 131).slice(-4)}`,
    photoUrl: null,
    hireDate: p.hireDate,
    dailySalary: p.dailySalary,
    sdi: (Number(p.dailySalary) * SDI_FACTOR).toFixed(2),
    status: p.status,
  };
}

/**
 * Realistic companies, business lines, catalogues, works, people, users who order and buy, the works'
 * projects, and their orders; only into an empty database. `userPasswordHash` is the hash of a password nobody is told.
 */
export async function seedDemoData(tx: Executor, modules: Map<ModuleName, number>, userPasswordHash: string): Promise<boolean> {
  const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1);
  if (existing) return false;

  for (const role of DEMO_ROLES) {
    await seedRole(tx, modules, role.name, role.description, role.grants as Grants, { requiresMfa: 'requiresMfa' in role && role.requiresMfa });
  }

  const companyRows = await tx
    .insert(companies)
    .values(DEMO_COMPANIES.map(({ key: _key, ...c }) => c))
    .returning({ id: companies.id, rfc: companies.rfc });
  const companyId = new Map(DEMO_COMPANIES.map((c) => [c.key, required(byKey(companyRows, (r) => r.rfc), c.rfc, 'empresa').id]));

  const iconRows = await tx.insert(icons).values([...DEMO_ICONS]).returning({ id: icons.id, value: icons.value });
  const iconId = byKey(iconRows, (r) => r.value);

  const categoryId = new Map<string, number>();
  const subcategoryId = new Map<string, number>();
  for (const c of DEMO_CATEGORIES) {
    const [row] = await tx
      .insert(categories)
      .values({ name: c.name, description: c.description, color: c.color, iconId: required(iconId, c.icon, 'icono').id })
      .returning({ id: categories.id });
    if (!row) throw new Error('categoría sin id');
    categoryId.set(c.name, row.id);
    const subs = await tx
      .insert(subcategories)
      .values(c.subcategories.map((name) => ({ name, categoryId: row.id })))
      .returning({ id: subcategories.id, name: subcategories.name });
    for (const s of subs) subcategoryId.set(`${c.name}/${s.name}`, s.id);
  }

  const unitRows = await tx.insert(units).values([...DEMO_UNITS]).returning({ id: units.id, abbreviation: units.abbreviation });
  const unitId = byKey(unitRows, (r) => r.abbreviation);
  const materialCategoryRows = await tx
    .insert(materialCategories)
    .values([...DEMO_MATERIAL_CATEGORIES])
    .returning({ id: materialCategories.id, name: materialCategories.name });
  const materialCategoryId = byKey(materialCategoryRows, (r) => r.name);

  await tx.insert(materials).values(
    DEMO_MATERIALS.map(([name, category, unit, price], index) => ({
      code: `MAT-${String(index + 1).padStart(4, '0')}`,
      name,
      materialCategoryId: required(materialCategoryId, category, 'categoría de material').id,
      unitId: required(unitId, unit, 'unidad').id,
      referencePrice: price,
    })),
  );

  for (const { categories: supplied, ...supplier } of DEMO_SUPPLIERS) {
    const [row] = await tx.insert(suppliers).values(supplier).returning({ id: suppliers.id });
    if (!row) throw new Error('proveedor sin id');
    await tx
      .insert(supplierMaterialCategories)
      .values(supplied.map((name) => ({ supplierId: row.id, materialCategoryId: required(materialCategoryId, name, 'categoría de material').id })));
  }

  // Works first (without residents), then the people assigned to them, then each work's resident.
  const workRows = await tx
    .insert(works)
    .values(
      DEMO_WORKS.map(({ company, category, subcategory, resident: _resident, ...w }) => ({
        ...w,
        companyId: required(companyId, company, 'empresa'),
        categoryId: required(categoryId, category, 'categoría'),
        subcategoryId: required(subcategoryId, `${category}/${subcategory}`, 'subcategoría'),
      })),
    )
    .returning({ id: works.id, code: works.code });
  const workId = byKey(workRows, (r) => r.code);

  const employeeRows = await tx
    .insert(employees)
    .values(
      DEMO_EMPLOYEES.map((p, index) => ({
        ...demoEmployeeRecord(p, index),
        companyId: required(companyId, p.company, 'empresa'),
        workId: p.work ? required(workId, p.work, 'obra').id : null,
      })),
    )
    .returning({ id: employees.id, employeeNumber: employees.employeeNumber });
  const employeeIds = byKey(employeeRows, (r) => r.employeeNumber);

  for (const w of DEMO_WORKS) {
    const resident = required(employeeIds, `EMP-${String(w.resident + 1).padStart(4, '0')}`, 'residente');
    await tx.update(works).set({ residentId: resident.id }).where(eq(works.id, required(workId, w.code, 'obra').id));
  }
  await seedDemoUsers(tx, userPasswordHash);
  await seedDemoProjects(tx);
  await seedDemoOrders(tx);
  await tightenDemoBudgets(tx);
  await seedDemoInvoices(tx);
  await seedDemoRegistry(tx);
  return true;
}
