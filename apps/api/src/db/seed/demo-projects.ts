import { asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { COMMITTED_STATUS_CODES, type ProjectStatus } from '@goc/contracts';
import type { Executor } from '../client';
import { employees, orderStatuses, orders, projectMembers, projects, users, works } from '../schema';

/*
 * Demo projects: the stages of the works whose resident has a user, managed by that resident with
 * other residents as members, with budgets and progress that match their status, so Mis Proyectos,
 * a work's Proyectos tab and the dashboard show something real on a first start. Demo orders are
 * then linked to them.
 */

interface DemoProject {
  work: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  budget: string;
  progress: number;
  status: ProjectStatus;
  /** Employee indexes (DEMO_EMPLOYEES) of the residents who are members besides the manager. */
  members: readonly number[];
}

const p = (work: string, name: string, description: string, startDate: string, endDate: string, budget: string, progress: number, status: ProjectStatus, members: readonly number[] = []): DemoProject => ({
  work,
  name,
  description,
  startDate,
  endDate,
  budget,
  progress,
  status,
  members,
});

export const DEMO_PROJECTS: readonly DemoProject[] = [
  p('OB-2023-001', 'Vivienda 1a etapa, 120 casas', 'Cimentación, muros y losas de las 120 viviendas de la primera etapa', '2023-02-06', '2024-08-30', '39800000.00', 100, 'terminado'),
  p('OB-2024-002', 'Cimentación y sótanos', 'Pilas de cimentación, muro Milán y tres niveles de estacionamiento', '2024-03-04', '2024-11-29', '28500000.00', 100, 'terminado', [3]),
  p('OB-2024-002', 'Estructura niveles 1 a 24', 'Columnas, trabes y losas postensadas de la torre', '2024-10-07', '2026-02-27', '54000000.00', 62, 'activo', [3]),
  p('OB-2024-002', 'Instalaciones eléctricas y especiales', 'Acometida, subestación, voz y datos y CCTV', '2025-09-01', '2026-06-30', '17800000.00', 0, 'planeado'),
  p('OB-2024-003', 'Urbanización y vialidades', 'Terracerías, redes de agua y drenaje, guarniciones y pavimento', '2024-06-10', '2025-12-19', '14200000.00', 75, 'activo', [7]),
  p('OB-2024-003', 'Casa club y amenidades', 'Casa club, alberca y áreas verdes del fraccionamiento', '2025-03-03', '2026-02-27', '6900000.00', 30, 'activo'),
  p('OB-2024-004', 'Terracerías km 10+000 a 14+000', 'Cortes, terraplenes y capa subrasante del tramo', '2024-01-15', '2024-10-31', '41500000.00', 100, 'terminado', [1]),
  p('OB-2024-004', 'Pavimento asfáltico', 'Base hidráulica, riego de impregnación y carpeta de 7 cm', '2024-09-02', '2025-11-28', '52300000.00', 45, 'activo', [1]),
  p('OB-2024-004', 'Señalamiento y obras complementarias', 'Señalamiento horizontal y vertical, defensas metálicas', '2025-08-04', '2025-12-19', '8400000.00', 0, 'planeado'),
  p('OB-2024-005', 'Apoyos y pilas', 'Zapatas, pilas y cabezales de los cuatro apoyos', '2024-04-01', '2025-06-30', '38700000.00', 55, 'pausado'),
  p('OB-2024-007', 'Estructura metálica y cubierta', 'Marcos rígidos, largueros y lámina de la nave', '2024-09-02', '2025-07-31', '26800000.00', 80, 'activo'),
  p('OB-2024-007', 'Piso industrial', 'Piso de concreto de 20 cm con fibra, juntas y endurecedor', '2025-04-07', '2025-11-28', '11300000.00', 20, 'activo', [0]),
  p('OB-2024-010', 'Estructura de concreto', 'Cimentación y estructura de 18 niveles', '2024-02-19', '2025-08-29', '97400000.00', 90, 'activo', [2]),
  p('OB-2024-010', 'Fachada de cristal', 'Muro cortina de aluminio y cristal templado', '2025-02-03', '2026-01-30', '38600000.00', 35, 'activo', [2]),
  p('OB-2024-010', 'Acabados interiores', 'Plafones, pisos, cancelería y baños de oficinas', '2025-10-06', '2026-04-30', '29900000.00', 0, 'planeado'),
  p('OB-2025-006', 'Línea de conducción', 'Tubería de PEAD de 12 in y cajas de válvulas', '2026-01-12', '2026-06-30', '9600000.00', 0, 'planeado'),
];

/** Projects and members; the manager is the user of the work's resident, members other residents' users. */
export async function seedDemoProjects(tx: Executor): Promise<void> {
  const workRows = await tx.select({ id: works.id, code: works.code, residentId: works.residentId }).from(works);
  const workByCode = new Map(workRows.map((w) => [w.code, w]));
  const userRows = await tx.select({ id: users.id, employeeId: users.employeeId }).from(users);
  const userOfEmployee = new Map(userRows.filter((u) => u.employeeId !== null).map((u) => [u.employeeId, u.id]));
  const employeeRows = await tx.select({ id: employees.id, number: employees.employeeNumber }).from(employees);
  const employeeId = new Map(employeeRows.map((e) => [e.number, e.id]));
  const userOfIndex = (index: number) => userOfEmployee.get(employeeId.get(`EMP-${String(index + 1).padStart(4, '0')}`) ?? null);

  const perWork = new Map<string, number>();
  for (const project of DEMO_PROJECTS) {
    const work = workByCode.get(project.work);
    const managerId = work?.residentId ? userOfEmployee.get(work.residentId) : undefined;
    if (!work || managerId === undefined) throw new Error(`Dato demo inconsistente: proyecto de ${project.work}`);
    const n = (perWork.get(project.work) ?? 0) + 1;
    perWork.set(project.work, n);
    const { work: _work, members, ...fields } = project;
    const [row] = await tx
      .insert(projects)
      .values({ ...fields, code: `${project.work}-P${n}`, workId: work.id, managerId })
      .returning({ id: projects.id });
    if (!row) throw new Error('proyecto demo sin id');
    const memberIds = members.map((index) => {
      const id = userOfIndex(index);
      if (id === undefined) throw new Error(`Dato demo inconsistente: miembro ${index}`);
      return id;
    });
    if (memberIds.length > 0) await tx.insert(projectMembers).values(memberIds.map((userId) => ({ projectId: row.id, userId })));
  }
}

/** The demo projects orders may point at: the work's projects that are under way or done. */
export async function orderableProjects(tx: Executor): Promise<Map<number, number[]>> {
  const rows = await tx.select({ id: projects.id, workId: projects.workId }).from(projects).where(ne(projects.status, 'planeado')).orderBy(asc(projects.id));
  const byWork = new Map<number, number[]>();
  for (const r of rows) byWork.set(r.workId, [...(byWork.get(r.workId) ?? []), r.id]);
  return byWork;
}

/** Share of the budget already committed in the projects left near their limit (after the demo orders). */
const NEAR_LIMIT = [0.97, 0.92] as const;

/**
 * The active projects with the most committed orders get budgets they nearly use up (97 % and 92 %,
 * rounded up to the thousand), so the order form and the budget check have something to warn about.
 */
export async function tightenDemoBudgets(tx: Executor): Promise<void> {
  const committed = sql<string>`coalesce(sum(${orders.total}), 0)`;
  const rows = await tx
    .select({ id: projects.id, committed })
    .from(projects)
    .innerJoin(orders, eq(orders.projectId, projects.id))
    .innerJoin(orderStatuses, eq(orderStatuses.id, orders.statusId))
    .where(sql`${projects.status} = 'activo' and ${inArray(orderStatuses.code, [...COMMITTED_STATUS_CODES])}`)
    .groupBy(projects.id)
    .orderBy(desc(committed), asc(projects.id))
    .limit(NEAR_LIMIT.length);
  for (const [index, row] of rows.entries()) {
    const budget = Math.ceil(Number(row.committed) / (NEAR_LIMIT[index] ?? 1) / 1000) * 1000;
    await tx.update(projects).set({ budget: budget.toFixed(2) }).where(eq(projects.id, row.id));
  }
}
