import type { WorkStatus } from '@goc/contracts';
import type { Db } from '../../src/db/client';
import { categories, companies, materialCategories, materials, suppliers, units, works } from '../../src/db/schema';

let counter = 0;

/** A company, a business line, a unit «saco» and the given works and materials, straight in the database. */
export async function stockFixtures(db: Db, workStatuses: readonly WorkStatus[], materialNames: readonly string[]) {
  counter += 1;
  const tag = `${counter}${Date.now() % 100000}`;
  const [company] = await db.insert(companies).values({ name: `Constructora Almacén ${tag}, S.A. de C.V.`, rfc: `CAL${tag.padStart(6, '0').slice(-6)}AB1` }).returning();
  const [category] = await db.insert(categories).values({ name: `Edificación ${tag}` }).returning();
  const [unit] = await db.insert(units).values({ abbreviation: `saco${tag}`, name: `Saco ${tag}` }).returning();
  const [materialCategory] = await db.insert(materialCategories).values({ name: `Cementantes ${tag}` }).returning();
  const workRows = await db
    .insert(works)
    .values(workStatuses.map((status, i) => ({ code: `ALM-${tag}-${i}`, name: `Obra ${i} ${tag}`, companyId: company!.id, categoryId: category!.id, status })))
    .returning({ id: works.id, name: works.name });
  const materialRows = await db
    .insert(materials)
    .values(materialNames.map((name, i) => ({ code: `MAT-${tag}-${i}`, name: `${name} ${tag}`, materialCategoryId: materialCategory!.id, unitId: unit!.id })))
    .returning({ id: materials.id, name: materials.name });
  const [supplier] = await db.insert(suppliers).values({ name: `Materiales del Centro ${tag}`, rfc: `MCE${tag.padStart(6, '0').slice(-6)}AB2` }).returning({ id: suppliers.id });
  return { works: workRows, materials: materialRows, unit: unit!.abbreviation, supplierId: supplier!.id };
}
