import { eq, sql } from 'drizzle-orm';
import { businessToday, ORDER_MESSAGES, ORDERABLE_PROJECT_STATUSES, ORDERABLE_WORK_STATUSES, type IsoDay } from '@goc/contracts';
import type { Executor } from '../../db/client';
import { keptSelect } from '../../db/kept-select';
import { projects, works } from '../../db/schema';

/*
 * Whether an order may be written or sent as it stands (docs/orders.md): for a work being planned or
 * built, a project (when given) not finished, needed today or later (Mexico City). The same refusals
 * answer a create, an edit and a send.
 */

export interface OrderPlace {
  workId: number;
  projectId: number | null;
  requiredDate: IsoDay;
}

const orderableWork = (status: string) => (ORDERABLE_WORK_STATUSES as readonly string[]).includes(status);
const orderableProject = (status: string) => (ORDERABLE_PROJECT_STATUSES as readonly string[]).includes(status);

// Read on every order written or sent: built once, run by name.
const workById = keptSelect('goc_order_work', (executor) =>
  executor.select({ name: works.name, status: works.status }).from(works).where(eq(works.id, sql.placeholder('id'))).limit(1),
);
const projectById = keptSelect('goc_order_project', (executor) =>
  executor.select({ name: projects.name, status: projects.status }).from(projects).where(eq(projects.id, sql.placeholder('id'))).limit(1),
);

/** The work when it takes no orders now, with its name and status; null when it does (or does not exist: the reference check answers that). */
export async function closedWork(executor: Executor, workId: number): Promise<{ name: string; status: string } | null> {
  const [work] = await workById(executor, { id: workId });
  return work && !orderableWork(work.status) ? work : null;
}

/** The project's name when it is finished, else null. */
export async function finishedProject(executor: Executor, projectId: number): Promise<string | null> {
  const [project] = await projectById(executor, { id: projectId });
  return project && !orderableProject(project.status) ? project.name : null;
}

/** Field → Spanish refusal for each rule the order breaks (empty when it may be written or sent). */
export async function orderRefusals(executor: Executor, order: OrderPlace, today: IsoDay = businessToday()): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const work = await closedWork(executor, order.workId);
  if (work) fields.workId = ORDER_MESSAGES.workNotOrderable(work.name, work.status);
  const project = order.projectId === null ? null : await finishedProject(executor, order.projectId);
  if (project) fields.projectId = ORDER_MESSAGES.projectFinished(project);
  if (order.requiredDate < today) fields.requiredDate = ORDER_MESSAGES.requiredDatePast(today);
  return fields;
}
