import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower, money } from './columns';

/** Empresas of the group (config_companies). */
export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    rfc: text('rfc').notNull(),
    // Registro patronal IMSS: one letter and 10 digits, stored without dashes.
    employerRegistration: text('employer_registration'),
    // Guía de la subdelegación IMSS (5 digits), needed by IDSE files.
    imssGuide: text('imss_guide'),
    // Orders of its works with a total at or above it need orders_approval edit to be authorised (MXN; null: no limit).
    approvalLimit: money('approval_limit'),
    address: text('address'),
    phone: text('phone'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('companies_name_lower_uq').on(lower(t.name)),
    uniqueIndex('companies_rfc_lower_uq').on(lower(t.rfc)),
    index('companies_name_fold_idx').on(t.nameFolded, t.id),
    check('companies_approval_limit_ck', sql`${t.approvalLimit} >= 0`),
  ],
);
