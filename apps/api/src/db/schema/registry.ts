import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { auditColumns, idColumn, money } from './columns';
import { companies } from './companies';
import { errorStatuses, registrationStatuses, stampStatuses } from './statuses';
import { employees, works } from './workforce';

/*
 * Altas y bajas (docs/registry.md): personnel movements reported to the IMSS, the weekly cuts they
 * belong to, and the effective-dated wage parameters their SDI is checked against.
 */

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Weekly cuts: one per Monday–Sunday week (Mexico City), created on first use. */
export const registryCuts = pgTable(
  'registry_cuts',
  {
    id: idColumn(),
    // ISO week key '2026-W47'; `label` is how HR reads it ('2026-S47').
    weekKey: text('week_key').notNull(),
    label: text('label').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'abierto' | 'cerrado'>().notNull().default('abierto'),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('registry_cuts_week_uq').on(t.weekKey),
    index('registry_cuts_start_idx').on(t.startDate, t.id),
    check('registry_cuts_status_ck', sql`${t.status} in ('abierto', 'cerrado')`),
  ],
);

export const registryMovements = pgTable(
  'registry_movements',
  {
    id: idColumn(),
    type: text('type').$type<'alta' | 'baja' | 'modificacion_salario'>().notNull(),
    scope: text('scope').$type<'oficina' | 'obra'>().notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    workId: integer('work_id').references(() => works.id, { onDelete: 'restrict' }),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    // Decided when captured (and when the effective date changes): more than 5 business days late.
    late: boolean('late').notNull().default(false),
    workerType: text('worker_type').$type<'permanente' | 'eventual' | 'eventual_construccion'>().notNull(),
    dailySalary: money('daily_salary'),
    sdi: money('sdi'),
    bajaReason: text('baja_reason'),
    registrationStatusId: integer('registration_status_id')
      .notNull()
      .references(() => registrationStatuses.id, { onDelete: 'restrict' }),
    stampStatusId: integer('stamp_status_id')
      .notNull()
      .references(() => stampStatuses.id, { onDelete: 'restrict' }),
    errorStatusId: integer('error_status_id')
      .notNull()
      .references(() => errorStatuses.id, { onDelete: 'restrict' }),
    errorDetail: text('error_detail'),
    notes: text('notes'),
    cutId: integer('cut_id')
      .notNull()
      .references(() => registryCuts.id, { onDelete: 'restrict' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    // A cut's movements newest first (cut detail, 20 000-row bench), in the lists' exact order
    // (created_at desc nulls last, id): an index in another order leaves a sort of the whole cut.
    index('registry_movements_cut_created_idx').on(t.cutId, t.createdAt.desc().nullsLast(), t.id),
    index('registry_movements_scope_created_idx').on(t.scope, t.createdAt.desc().nullsLast(), t.id),
    index('registry_movements_employee_idx').on(t.employeeId, t.type),
    index('registry_movements_company_idx').on(t.companyId),
    index('registry_movements_work_idx').on(t.workId),
    index('registry_movements_effective_idx').on(t.effectiveDate, t.id),
    index('registry_movements_registration_idx').on(t.registrationStatusId),
    check('registry_movements_type_ck', sql`${t.type} in (${inList(['alta', 'baja', 'modificacion_salario'])})`),
    check('registry_movements_scope_ck', sql`${t.scope} in ('oficina', 'obra') and (${t.scope} = 'oficina' or ${t.workId} is not null)`),
    check('registry_movements_worker_type_ck', sql`${t.workerType} in (${inList(['permanente', 'eventual', 'eventual_construccion'])})`),
    check('registry_movements_salary_ck', sql`(${t.dailySalary} is null or ${t.dailySalary} >= 0) and (${t.sdi} is null or ${t.sdi} >= 0)`),
  ],
);

/** Minimum wages and UMA, each row in force from `effectiveFrom` until the next row's. */
export const wageParameters = pgTable(
  'wage_parameters',
  {
    id: idColumn(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    minimumWage: money('minimum_wage').notNull(),
    minimumWageBorder: money('minimum_wage_border').notNull(),
    uma: money('uma').notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('wage_parameters_effective_uq').on(t.effectiveFrom),
    check('wage_parameters_positive_ck', sql`${t.minimumWage} > 0 and ${t.minimumWageBorder} > 0 and ${t.uma} > 0`),
  ],
);
