import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activeColumn, auditColumns, foldedColumn, idColumn, lower } from './columns';

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
    address: text('address'),
    phone: text('phone'),
    active: activeColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('companies_name_lower_uq').on(lower(t.name)),
    uniqueIndex('companies_rfc_lower_uq').on(lower(t.rfc)),
    index('companies_name_fold_idx').on(t.nameFolded, t.id),
  ],
);
