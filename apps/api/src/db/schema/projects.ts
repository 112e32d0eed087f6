import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROJECT_STATUS_OPTIONS, type ProjectStatus } from '@goc/contracts';
import { auditColumns, foldedColumn, idColumn, lower, money } from './columns';
import { users } from './access';
import { works } from './workforce';

const PROJECT_STATUSES = PROJECT_STATUS_OPTIONS.map((o) => o.value);

/** Proyectos: pieces of a work with a manager and members (module projects). */
export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    code: text('code').notNull(),
    codeFolded: foldedColumn('code'),
    name: text('name').notNull(),
    nameFolded: foldedColumn('name'),
    description: text('description'),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'restrict' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    budget: money('budget').notNull().default('0'),
    progress: integer('progress').notNull().default(0),
    status: text('status').$type<ProjectStatus>().notNull().default('planeado'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('projects_code_lower_uq').on(lower(t.code)),
    // Target of orders' composite FK, which guarantees an order's project belongs to its work.
    unique('projects_id_work_uq').on(t.id, t.workId),
    index('projects_work_idx').on(t.workId),
    index('projects_manager_idx').on(t.managerId),
    index('projects_code_fold_idx').on(t.codeFolded, t.id),
    index('projects_name_fold_idx').on(t.nameFolded, t.id),
    check('projects_status_ck', sql`${t.status} in (${sql.raw(PROJECT_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('projects_progress_ck', sql`${t.progress} between 0 and 100`),
    check('projects_dates_ck', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('projects_budget_ck', sql`${t.budget} >= 0`),
  ],
);

/** Members of a project (many-to-many with users). */
export const projectMembers = pgTable(
  'project_members',
  {
    id: idColumn(),
    // The links belong to the project and go with it; a user who is a member cannot be deleted.
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [unique('project_members_uq').on(t.projectId, t.userId), index('project_members_user_idx').on(t.userId)],
);
