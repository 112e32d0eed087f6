import { sql } from 'drizzle-orm';
import { WORK_STATUS_OPTIONS, type WorkStatus } from '@goc/contracts';
import { check, date, foreignKey, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower, money } from './columns';
import { companies } from './companies';
import { categories, subcategories } from './business-lines';

/** Lifecycle of a work (docs/product.md "Configuration catalogues"), as the contracts list it. */
const WORK_STATUSES = WORK_STATUS_OPTIONS.map((o) => o.value);

/** Employment status of an employee (docs/product.md "Configuration catalogues"). */
export const EMPLOYEE_STATUSES = ['activo', 'baja'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Obras (config_work). Works and employees reference each other (resident ↔ assignment), so they share this file. */
export const works = pgTable(
  'works',
  {
    id: idColumn(),
    code: text('code').notNull(),
    codeFolded: foldedColumn('code'),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id'),
    address: text('address'),
    city: text('city'),
    // Entidad federativa.
    state: text('state'),
    startDate: date('start_date', { mode: 'string' }),
    estimatedEndDate: date('estimated_end_date', { mode: 'string' }),
    budget: money('budget').notNull().default('0'),
    sirocNumber: text('siroc_number'),
    residentId: integer('resident_id').references((): AnyPgColumn => employees.id, { onDelete: 'restrict' }),
    status: text('status').$type<WorkStatus>().notNull().default('planeacion'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('works_code_lower_uq').on(lower(t.code)),
    index('works_company_idx').on(t.companyId),
    index('works_category_idx').on(t.categoryId),
    index('works_subcategory_idx').on(t.subcategoryId),
    index('works_resident_idx').on(t.residentId),
    index('works_code_fold_idx').on(t.codeFolded, t.id),
    index('works_name_fold_idx').on(t.nameFolded, t.id),
    // The subcategory must belong to the work's category; enforced by the database, not only the form.
    foreignKey({
      name: 'works_subcategory_category_fk',
      columns: [t.subcategoryId, t.categoryId],
      foreignColumns: [subcategories.id, subcategories.categoryId],
    }).onDelete('restrict'),
    check('works_status_ck', sql`${t.status} in (${inList(WORK_STATUSES)})`),
    check('works_dates_ck', sql`${t.estimatedEndDate} is null or ${t.startDate} is null or ${t.estimatedEndDate} >= ${t.startDate}`),
    check('works_budget_ck', sql`${t.budget} >= 0`),
  ],
);

/** Empleados (config_employees). */
export const employees = pgTable(
  'employees',
  {
    id: idColumn(),
    employeeNumber: text('employee_number').notNull(),
    employeeNumberFolded: foldedColumn('employee_number'),
    firstName: text('first_name').notNull(),
    firstNameFolded: foldedColumn('first_name'),
    lastName: text('last_name').notNull(),
    lastNameFolded: foldedColumn('last_name'),
    secondLastName: text('second_last_name'),
    secondLastNameFolded: foldedColumn('second_last_name'),
    curp: text('curp').notNull(),
    curpFolded: foldedColumn('curp'),
    rfc: text('rfc'),
    nss: text('nss'),
    nssFolded: foldedColumn('nss'),
    // Puesto.
    position: text('position'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    // Current assignment; null for office staff.
    workId: integer('work_id').references((): AnyPgColumn => works.id, { onDelete: 'restrict' }),
    email: text('email'),
    phone: text('phone'),
    photoUrl: text('photo_url'),
    hireDate: date('hire_date', { mode: 'string' }),
    dailySalary: money('daily_salary'),
    // Salario diario integrado (IMSS).
    sdi: money('sdi'),
    status: text('status').$type<EmployeeStatus>().notNull().default('activo'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('employees_employee_number_lower_uq').on(lower(t.employeeNumber)),
    uniqueIndex('employees_curp_lower_uq').on(lower(t.curp)),
    uniqueIndex('employees_nss_uq').on(t.nss).where(sql`${t.nss} is not null`),
    index('employees_company_idx').on(t.companyId),
    index('employees_work_idx').on(t.workId),
    index('employees_full_name_fold_idx').on(t.lastNameFolded, t.secondLastNameFolded, t.firstNameFolded, t.id),
    check('employees_status_ck', sql`${t.status} in (${inList(EMPLOYEE_STATUSES)})`),
    check('employees_salary_ck', sql`(${t.dailySalary} is null or ${t.dailySalary} >= 0) and (${t.sdi} is null or ${t.sdi} >= 0)`),
  ],
);
